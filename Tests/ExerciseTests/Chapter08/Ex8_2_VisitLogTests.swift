@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

// MARK: - Exercise 8.2: a visit log tasks can share

final class Ex8_2_VisitLogTests: GradedTestCase {
  private func assertRun(
    logs: Int = 1,
    _ steps: [VisitStep],
    file: StaticString = #filePath,
    line: UInt = #line
  ) async throws {
    try await assertEveryScenario(
      [VisitScenario(logs: logs, steps: steps)],
      model: visitModel,
      answer: visitLogAnswer,
      file: file,
      line: line
    )
  }

  func test_aVisitRecorded_isCounted() async throws {
    try await assertRun([
      .record(log: 0, page: "/"), .record(log: 0, page: "/"), .record(log: 0, page: "/shop"),
      .visits(log: 0, page: "/"), .visits(log: 0, page: "/about"), .summary(log: 0),
    ])
  }

  func test_twoLogs_areApart() async throws {
    try await assertRun(
      logs: 2,
      [.record(log: 0, page: "/"), .visits(log: 1, page: "/"), .summary(log: 1)]
    )
  }

  /// Two threads record visits to one page at the same time, round after round.
  func test_twoThreadsRecordingAtOnce_loseNoVisit() async throws {
    let shared = try SharedVisitLog()
    let rounds = huntRounds(graded: 4_000, reference: 400)
    let perRound = 25
    await inRounds(rounds) { _, _ in
      for _ in 0..<perRound { shared.log.record("/") }
    }
    let expected = 2 * rounds * perRound
    let (total, pages) = shared.log.summary()
    XCTAssertTrue(
      shared.log.visits(to: "/") == expected && total == expected && pages == ["/": expected],
      "two threads each recorded \(rounds * perRound) visits to \"/\" at the same time: "
        + "visits(to: \"/\") gave \(shared.log.visits(to: "/")), summary() "
        + spelledSummary(total: total, pages: pages) + "; the statement gives \(expected) and "
        + spelledSummary(total: expected, pages: ["/": expected]) + ": no visit is lost"
    )
  }

  /// One thread records while the other takes summaries: each summary adds up.
  func test_aSummaryTakenWhileAnotherThreadRecords_addsUp() async throws {
    let shared = try SharedVisitLog()
    let rounds = huntRounds(graded: 4_000, reference: 400)
    let wrong = Locked<[String]>([])
    await inRounds(rounds) { lane, round in
      if lane == 0 {
        for visit in 0..<10 { shared.log.record(visit % 2 == 0 ? "/" : "/shop") }
      } else {
        for _ in 0..<10 {
          let (total, pages) = shared.log.summary()
          if total != pages.values.reduce(0, +) {
            wrong.withLock {
              if $0.isEmpty { $0.append(spelledSummary(total: total, pages: pages)) }
            }
          }
        }
      }
    }
    let first = wrong.withLock { $0.first }
    XCTAssertNil(
      first,
      "one thread recorded visits to \"/\" and \"/shop\" while another took summaries, and a "
        + "summary gave \(first ?? ""); the statement gives a total that is always the sum of the "
        + "counts, even while other threads record"
    )
  }

  /// The answer's own file, compiled with a use of it from two tasks, in Swift 6 mode.
  func test_aLogSharedByTwoTasks_compiles() async throws {
    _ = try VisitLog()  // a stub's NotImplemented ends the test here
    let source = try String(contentsOf: visitLogSourceFile, encoding: .utf8)
    let optOuts = visitLogOptOuts(in: source)
    XCTAssertTrue(
      optOuts.isEmpty,
      "\(visitLogSourceFile.lastPathComponent) uses \(optOuts.joined(separator: ", ")): the "
        + "statement asks for a design the compiler checks, with no @unchecked, "
        + "nonisolated(unsafe) or @preconcurrency"
    )
    let errors = try await swift6Errors(
      compiling: [source, visitLogSharedByTwoTasks],
      named: [visitLogSourceFile.lastPathComponent, "TwoTasks.swift"]
    )
    let first = errors.split(separator: "\n").prefix(3).joined(separator: "; ")
    XCTAssertTrue(
      errors.isEmpty,
      "your file, compiled in Swift 6 mode with a use of it from two tasks (TwoTasks.swift: "
        + "visitLogSharedByTwoTasks in Tests/GradedScenarios/Chapter08/"
        + "Ex8_2_VisitLogScenarios.swift), does not compile: \(first)"
    )
  }

  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      visitScenarios(count: 300, seed: 82),
      model: visitModel,
      answer: visitLogAnswer
    )
  }
}
