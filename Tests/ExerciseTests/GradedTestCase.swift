@testable import GradedScenarios
import ExerciseSupport
import Foundation
import TestTooling
import XCTest

/// The base of every graded test, which skips the exercise variant outside the grader.
///
/// These sources are compiled twice: as SolutionTests against the reference solutions (always
/// run), and as ExerciseTests against the learner's stubs (run only by `swift run Grade`, which
/// sets TUTORIAL_GRADING=1).
class GradedTestCase: XCTestCase {
  override func setUpWithError() throws {
    // What the tests before printed (a failure among it) reaches the grader even if this one
    // hangs or crashes: the grader reads stdout, a pipe, which is flushed only when full.
    fflush(nil)
    try super.setUpWithError()
    #if !SOLUTIONS
    guard ProcessInfo.processInfo.environment["TUTORIAL_GRADING"] == "1" else {
      throw XCTSkip(
        "exercise stubs are graded with `swift run Grade`; plain `swift test` checks the solutions"
      )
    }
    #endif
    ScenarioAnnouncer.announceTest(name)
  }

  override func tearDown() {
    ScenarioAnnouncer.clear()
    super.tearDown()
  }

  /// How many rounds a hunt for a rare interleaving runs.
  ///
  /// `graded` for a learner's answer, which the rounds are there to catch; `reference` in plain
  /// `swift test`, where the reference only shows that it passes them. Run as the grader runs
  /// (TUTORIAL_GRADING=1, as `.ci/hang-limits` measures the references), every round.
  func huntRounds(graded: Int, reference: Int) -> Int {
    #if SOLUTIONS
    return ProcessInfo.processInfo.environment["TUTORIAL_GRADING"] == "1" ? graded : reference
    #else
    return graded
    #endif
  }

  /// How many values a test of a large input gives: `graded` when a learner's answer is graded,
  /// `reference` in plain `swift test` and under the thread sanitizer (see
  /// `runsTheCostliestScenarios`).
  func largest(graded: Int, reference: Int) -> Int {
    runsTheCostliestScenarios ? graded : reference
  }

  /// Throws `error` again when it is a stub's `NotImplemented`, so a test that expects some other
  /// error reports "not implemented" rather than a confusing mismatch.
  func rethrowIfNotImplemented(_ error: any Error) throws {
    if error is NotImplemented { throw error }
  }
}
