// 2.2 The generator's state machine.
// Read with docs/Chapter02-UnfoldingVsPush.md#22-the-generators-state-machine
import LessonSupport
import Foundation

func runStateMachine(_ context: LessonContext) async throws {
  let console = context.console
  console.print("The transition table, read from GeneratorState.after(_:):")
  var rejected = 0
  for state in GeneratorState.allCases {
    for action in GeneratorAction.allCases {
      if let next = state.after(action) {
        let from = state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        let by = action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        console.print("  \(from) + \(by) -> \(next.rawValue)")
      } else {
        rejected += 1
      }
    }
  }
  let terminal = GeneratorState.allCases.filter(\.isTerminal).map(\.rawValue)
  console.print(
    """
    The other \(rejected) of \(GeneratorState.allCases.count * GeneratorAction.allCases.count) pairs are rejected: the state stays, the view says so.
    Terminal states (nothing leaves them): \(terminal.joined(separator: ", ")).
    """
  )
}
