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
let runsTheCostliestScenarios: Bool = !ThreadSanitizer.isRunning && isGrading

/// Scenarios too costly for every plain `swift test` (a million users, say): see
/// `runsTheCostliestScenarios`.
func onlyWhenGrading<S>(_ scenarios: @autoclosure () -> [S]) -> [S] {
  runsTheCostliestScenarios ? scenarios() : []
}

/// Every fourth of `scenarios` in a plain `swift test`, which runs the graded tests on the
/// reference only; all of them when grading.
///
/// The reference is graded on all of them, costliest included, where the grader checks that
/// every solution is done (`.ci/grade-fixtures`); a plain run samples them, smallest to largest,
/// so that the README's test command stays quick.
func sampledUnlessGrading<S>(_ scenarios: [S]) -> [S] {
  isGrading ? scenarios : scenarios.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
}

/// Whether the grader runs these tests (it sets TUTORIAL_GRADING=1), not a plain `swift test`.
let isGrading = ProcessInfo.processInfo.environment["TUTORIAL_GRADING"] == "1"
