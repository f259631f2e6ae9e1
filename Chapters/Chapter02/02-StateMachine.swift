// 2.2 The generator's state machine.
// Read with docs/Chapter02-UnfoldingVsPush.md#22-the-generators-state-machine
import Foundation
import LessonSupport

// snippet.transition-table
extension GeneratorState {
  /// The transition table: the state after `action`, or nil when the table has no such move.
  ///
  /// Anything not in the table is ignored: the state stays as it was and the caller hears
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
// snippet.end

func runStateMachine(_ context: LessonContext) async throws {
  let console = context.console
  console.print("The transition table, read from GeneratorState.after(_:):")
  var ignored = 0
  for state in GeneratorState.allCases {
    for action in GeneratorAction.allCases {
      if let next = state.after(action) {
        let from = state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        let by = action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        console.print("  \(from) + \(by) -> \(next.rawValue)")
      } else {
        ignored += 1
      }
    }
  }
  let terminal = GeneratorState.allCases.filter(\.isTerminal).map(\.rawValue)
  console.print(
    """
    The other \(ignored) of \(GeneratorState.allCases.count * GeneratorAction.allCases.count) pairs are ignored: the state stays, the view says so.
    Terminal states (nothing leaves them): \(terminal.joined(separator: ", ")).
    """
  )
}
