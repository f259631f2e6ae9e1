// Stand-ins for the seed's network calls: each waits on the lesson's clock, then answers.
import LessonSupport

/// The seed's three calls.
///
/// Their durations differ so that their finishing order is a fact of the lesson: second at 1 s,
/// third at 2 s, first at 3 s.
enum Call: String, CaseIterable, Sendable {
  case first, second, third

  /// How long the call takes.
  var duration: Duration {
    switch self {
    case .first: .seconds(3)
    case .second: .seconds(1)
    case .third: .seconds(2)
    }
  }
}

/// What a call that fails throws.
struct CallError: Error, CustomStringConvertible {
  let call: Call
  var description: String { "CallError(\(call))" }
}

/// Stand-in for the seed's `testFunc(_:)`: waits for the call's duration, then answers with its
/// name, or throws `CallError` if `failing` says so.
///
/// - Throws: `CancellationError` if the task is cancelled during the wait.
func testFunc(
  _ call: Call,
  clock: some Clock<Duration>,
  failing: Bool = false
) async throws -> String {
  try await clock.sleep(for: call.duration)
  if failing { throw CallError(call: call) }
  return call.rawValue
}
