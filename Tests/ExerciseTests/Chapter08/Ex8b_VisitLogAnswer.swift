// Exercise 8b's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

/// An answer's log, handed to other threads by the tests on purpose: whether `VisitLog` is
/// Sendable is the compile test's to say, and a race is the thread sanitizer's (the grader runs
/// 8b's tests under it once they pass).
final class SharedVisitLog: @unchecked Sendable {
  var log: VisitLog

  init() throws {
    log = try VisitLog()
  }
}

/// Runs `scenario` on the answer's logs.
func visitLogAnswer(_ scenario: VisitScenario) throws -> VisitOutcome {
  let logs = try (0..<scenario.logs).map { _ in try SharedVisitLog() }
  var answers: [String] = []
  for step in scenario.steps {
    switch step {
    case .record(let log, let page):
      logs[log].log.record(page)
    case .visits(let log, let page):
      answers.append("visits(to: \(spelledProduct(page))) gave \(logs[log].log.visits(to: page))")
    case .summary(let log):
      let (total, pages) = logs[log].log.summary()
      answers.append("summary() gave " + spelledSummary(total: total, pages: pages))
    }
  }
  return VisitOutcome(answers: answers)
}

/// The answer's source file: the one the grade compiles (the stub's place, or the reference's).
var visitLogSourceFile: URL {
  #if SOLUTIONS
  repositoryRoot.appendingPathComponent("Sources/Solutions/Chapter08/Ex8b_VisitLog.swift")
  #else
  repositoryRoot.appendingPathComponent("Sources/Exercises/Chapter08/Ex8b_VisitLog.swift")
  #endif
}
