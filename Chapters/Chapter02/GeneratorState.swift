// 2.2 The generator's state machine: seed 000's states, actions and transition table.

/// Where an item generator is in its life.
enum GeneratorState: String, Sendable, CaseIterable {
  case idle = "Idle"
  case running = "Running"
  case completed = "Completed"
  case cancelled = "Cancelled"
}

/// What can happen to an item generator.
enum GeneratorAction: String, Sendable, CaseIterable {
  case start
  case stop
  case finish
  case cancelled
}

extension GeneratorState {
  /// The transition table: the state after `action`, or nil when the table has no such move.
  ///
  /// Anything not in the table is rejected: the state stays as it was and the caller hears
  /// about it, rather than a silent jump to some other state.
  func after(_ action: GeneratorAction) -> GeneratorState? {
    switch (self, action) {
    case (.idle, .start): .running
    case (.running, .stop): .idle
    case (.running, .finish): .completed
    case (.running, .cancelled): .cancelled
    default: nil
    }
  }

  /// Completed and Cancelled are terminal: no action leads anywhere from them.
  var isTerminal: Bool {
    GeneratorAction.allCases.allSatisfy { after($0) == nil }
  }
}
