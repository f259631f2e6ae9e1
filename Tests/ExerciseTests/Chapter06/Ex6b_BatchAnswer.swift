// Exercise 6b's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport

#if SOLUTIONS
import Solutions
#else
import Chapter06Exercises
#endif

/// Runs `scenario` on the answer's `collectInBatches`, in a task of its own.
func batchAnswer(_ scenario: BatchScenario) async throws -> BatchOutcome {
  let body = ScriptedBody(scenario)
  let ending = await Task { () -> Result<Data, any Error> in
    if scenario.cancel == .beforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
    do {
      return .success(
        try await collectInBatches(ScriptedBytes(body: body), size: scenario.declared) {
          await body.report($0)
        }
      )
    } catch {
      return .failure(error)
    }
  }.value
  if case .failure(let error as NotImplemented) = ending { throw error }
  return body.outcome(ending)
}
