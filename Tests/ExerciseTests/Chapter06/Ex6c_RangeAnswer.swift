// Exercise 6c's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter06Exercises
#endif

/// What one call of the answer's `downloadPart` for `scenario` returned or threw.
private func rangeResult(_ scenario: RangeScenario) async throws -> String {
  let result: String
  do {
    let data = try await downloadPart(
      of: URL(string: scenario.url) ?? URL(fileURLWithPath: "/"),
      offset: scenario.offset,
      length: scenario.length,
      session: RangeScenarioServer.session
    )
    result =
      data == scenario.body
      ? "returned the body's \(data.count) bytes"
      : "returned \(data.count) bytes that are not the body's \(scenario.body.count)"
  } catch let error as PartError {
    result = spelledPartError(error)
  } catch let error as URLError {
    let asItIs = error.userInfo[sessionsErrorKey] != nil
    result =
      "threw \(spelledURLError(error.code))" + (asItIs ? "" : ", not the session's own error")
  } catch let error as NotImplemented {
    throw error
  } catch {
    result = "threw \(type(of: error)): \(error)"
  }
  return result
}

/// Runs `scenario` on the answer's `downloadPart`, through the server's session.
func rangeAnswer(_ scenario: RangeScenario) async throws -> RangeOutcome {
  RangeScenarioServer.serve(scenario)
  let result = try await rangeResult(scenario)
  return RangeOutcome(log: RangeScenarioServer.log + [result])
}

/// Two calls of `downloadPart` at once for `scenario`'s part, both answered as it says once both
/// requests have reached the server: each call's request, then each call's result.
func rangeAnswerTwiceAtOnce(_ scenario: RangeScenario) async throws -> RangeOutcome {
  RangeScenarioServer.serve(scenario, together: 2)
  ScenarioAnnouncer.announce(
    "two calls at once, each \(scenario): the test waits for both requests to reach the server"
  )
  async let first = rangeResult(scenario)
  async let second = rangeResult(scenario)
  let results = try await [first, second]
  return RangeOutcome(log: RangeScenarioServer.log.sorted() + results)
}
