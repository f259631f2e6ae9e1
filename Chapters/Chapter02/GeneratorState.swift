// Seed 000's states and actions. Their transition table is the lesson of 2.2:
// 02-StateMachine.swift.

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
