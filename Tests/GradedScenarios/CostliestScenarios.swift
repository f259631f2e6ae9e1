import Foundation
import TestTooling

/// Whether the costliest scenarios run.
///
/// Always on a learner's answer, and on the reference when run as the grader runs (the grader's
/// check that every solution is done), but not when plain `swift test` checks the reference, which
/// only shows that it passes them. Under the thread sanitizer, which runs an exercise again to look
/// for races, not sizes, they do not run either: there every step costs many times more.
///
/// The graded tests of a learner's answer run only when the grader runs them, with
/// TUTORIAL_GRADING=1, so one test of it serves both builds of the tests.
let runsTheCostliestScenarios: Bool =
  !ThreadSanitizer.isRunning && ProcessInfo.processInfo.environment["TUTORIAL_GRADING"] == "1"

/// Scenarios too costly for every plain `swift test` (a million users, say): see
/// `runsTheCostliestScenarios`.
func onlyWhenGrading<S>(_ scenarios: @autoclosure () -> [S]) -> [S] {
  runsTheCostliestScenarios ? scenarios() : []
}
