@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import Synchronization
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

// MARK: - Exercise 8b: a visit log tasks can share

final class Ex8b_VisitLogTests: GradedTestCase {
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

  func test_aLogCounts_itsOwnVisits() async throws {
    try await assertRun([
      .record(log: 0, page: "/"), .record(log: 0, page: "/"), .record(log: 0, page: "/shop"),
      .visits(log: 0, page: "/"), .visits(log: 0, page: "/about"), .summary(log: 0),
    ])
  }

  func test_aLogBesideAnother_isApart() async throws {
    try await assertRun(
      logs: 2,
      [.record(log: 0, page: "/"), .visits(log: 1, page: "/"), .summary(log: 1)]
    )
  }

  /// Two threads record visits to one page at the same time, round after round; each round
  /// begins with a first visit to a new page, from both at once.
  func test_twoThreadsRecordingAtOnce_loseNoVisit() async throws {
    let shared = try SharedVisitLog()
    let rounds = huntRounds(graded: 4_000, reference: 400)
    let perRound = 25
    await inRounds(rounds) { _, round in
      shared.log.record("/new\(round)")
      for _ in 0..<perRound { shared.log.record("/") }
    }
    let expected = 2 * rounds * perRound
    let (total, pages) = shared.log.summary()
    let short = (0..<rounds).filter { pages["/new\($0)", default: 0] != 2 }
    let spelledShort =
      short.isEmpty
      ? ""
      : ", \(short.count) of the new pages not at 2 (\"/new\(short[0])\" at "
        + "\(pages["/new\(short[0])", default: 0]))"
    XCTAssertTrue(
      shared.log.visits(to: "/") == expected && total == expected + 2 * rounds
        && pages["/"] == expected && short.isEmpty && pages.count == rounds + 1,
      "two threads each recorded \(rounds * perRound) visits to \"/\" at the same time, and in "
        + "each round first a visit to a new page (\"/new0\" ... \"/new\(rounds - 1)\"), both at once: "
        + "visits(to: \"/\") gave \(shared.log.visits(to: "/")), summary() gave \(total) visits, "
        + "\(pages["/", default: 0]) of them to \"/\""
        + (pages.count == rounds + 1
          ? "" : ", on \(pages.count) pages where \(rounds + 1) were visited") + spelledShort
        + "; the statement gives \(expected) visits to \"/\", 2 to each new page, and "
        + "\(expected + 2 * rounds) visits in all on \(rounds + 1) pages: no visit is lost"
    )
  }

  /// One thread records while the other takes summaries: each summary adds up.
  ///
  /// The recording thread visits eight pages in turn, over and over: pages that start with other
  /// characters and have other lengths, so that a log split by page has them apart.
  func test_aSummaryTakenWhileAnotherThreadRecords_addsUp() async throws {
    let shared = try SharedVisitLog()
    let tour = ["/", "/shop", "@home", "x", "/about/us", "Z", "\u{E9}t\u{E9}", "9"]
    let rounds = huntRounds(graded: 4_000, reference: 400)
    let wrong = Locked<[String]>([])
    await recordingTours(tour, of: shared, rounds: rounds, atLeast: 1, atMost: 25) {
      for _ in 0..<10 {
        // What one moment gives: see summaryFault.
        let seen = shared.log.visits(to: "/")
        let (total, pages) = shared.log.summary()
        let fault = summaryFault(total: total, pages: pages, tour: tour, seen: seen)
        if fault == .notOneMoment {
          wrong.withLock {
            if $0.isEmpty { $0.append(spelledSummary(total: total, pages: pages)) }
          }
        } else if fault == .behindACountReadBefore {
          wrong.withLock {
            if $0.isEmpty {
              $0.append(
                spelledSummary(total: total, pages: pages)
                  + " right after visits(to: \"/\") gave \(seen)"
              )
            }
          }
        }
      }
    }
    let first = wrong.withLock { $0.first }
    let spelledTour = tour.map(spelledProduct).joined(separator: ", ")
    XCTAssertNil(
      first,
      "one thread recorded a visit to each of \(spelledTour) in turn, over and over, while "
        + "another asked visits(to: \"/\") and took a summary, and a summary gave \(first ?? ""); "
        + "the statement gives the total and the counts at one moment: the total the sum of the "
        + "counts, each page as many visits as the next or one more, and \"/\" no fewer than a "
        + "count read before"
    )
  }

  /// The answer's own file, compiled with a use of it from two tasks, in Swift 6 mode.
  func test_aLogSharedByTwoTasks_compiles() async throws {
    _ = try VisitLog()  // a stub's NotImplemented ends the test here
    let source = try String(contentsOf: visitLogSourceFile, encoding: .utf8)
    let found = try await optOutsAndSharedState(in: source)
    XCTAssertTrue(
      found.optOuts.isEmpty,
      "\(visitLogSourceFile.lastPathComponent) uses \(found.optOuts.joined(separator: ", ")): the "
        + "statement asks for a design the compiler checks, with no @unchecked, "
        + "nonisolated(unsafe) or @preconcurrency"
    )
    XCTAssertTrue(
      found.sharedState.isEmpty,
      "\(visitLogSourceFile.lastPathComponent) keeps state outside the log, in static or global "
        + "\(found.sharedState.joined(separator: ", ")): the statement asks for each log's state "
        + "in the log itself, with no static or global variable, and no such constant made by a "
        + "call"
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
        + "Ex8b_VisitLogScenarios.swift), does not compile: \(first)"
    )
  }

  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    // Two pages that part only after 2^20 scalars.
    let huge = "/" + String(repeating: "x", count: 1 << 20)
    try await assertEveryScenario(
      visitScenarios(count: 300, seed: 82) + [
        VisitScenario(
          logs: 1,
          steps: [
            .record(log: 0, page: huge + "a"), .record(log: 0, page: huge + "b"),
            .visits(log: 0, page: huge + "a"), .summary(log: 0),
          ]
        )
      ],
      model: visitModel,
      answer: visitLogAnswer
    )
  }

  /// Long pages are told apart as `==` tells them: two that part only in their middle, and two
  /// `==` calls equal though one has twice the bytes.
  func test_yourAnswer_tellsLongPagesApart_asEqualsDoes() throws {
    for (first, second, spelled) in longLookalikePairs(after: "/") {
      let shared = try SharedVisitLog()
      shared.log.record(first)
      shared.log.record(second)
      let (total, pages) = shared.log.summary()
      let equal = first == second
      let got = [shared.log.visits(to: first), shared.log.visits(to: second), total, pages.count]
      let expected = equal ? [2, 2, 2, 1] : [1, 1, 2, 2]
      XCTAssertEqual(
        got,
        expected,
        "a log recorded a visit to \(spelled): visits(to:) gave \(got[0]) and \(got[1]), and "
          + "summary() \(got[2]) visits on \(got[3]) pages; the statement gives \(expected[0]) and "
          + "\(expected[1]), and \(expected[2]) visits on \(expected[3]) pages: pages are told apart as "
          + "== tells them, however long"
      )
    }
  }

  /// A log dropped by every holder is freed, as any class instance is, whatever was called.
  func test_aLogNobodyHolds_isFreed() throws {
    weak var dropped: AnyObject?  // a struct's box, which nothing holds, is freed at once
    do {
      let shared = try SharedVisitLog()
      shared.log.record("/")
      _ = shared.log.visits(to: "/")
      _ = shared.log.summary()
      dropped = shared.log as AnyObject
    }
    XCTAssertNil(
      dropped,
      "a log was made, recorded a visit to \"/\", was asked visits(to: \"/\") and summary(), "
        + "and was let go by every holder, but it is still alive; the statement: a log nobody "
        + "holds is freed"
    )
  }

  /// A visit recorded by a task that is cancelled counts as any other, in a log made there too.
  func test_aVisitRecordedInACancelledTask_counts() async throws {
    let shared = try SharedVisitLog()
    let made = await Task { () -> Result<SharedVisitLog, any Error> in
      withUnsafeCurrentTask { $0?.cancel() }
      shared.log.record("/")
      return Result { try SharedVisitLog() }
    }.value
    let own: SharedVisitLog
    do { own = try made.get() } catch let error as NotImplemented { throw error } catch {
      XCTFail(
        "a task that was cancelled made a log: VisitLog() threw \(error); the statement: a log "
          + "is made by any caller, a cancelled task too"
      )
      return
    }
    let seen = await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      own.log.record("/")
      return shared.log.visits(to: "/") + own.log.visits(to: "/")
    }.value
    let (total, pages) = shared.log.summary()
    XCTAssertTrue(
      seen == 2 && total == 1 && pages == ["/": 1],
      "a task that was cancelled recorded a visit to \"/\" in a log, and another one in a log "
        + "made there: visits(to: \"/\") of the two gave \(seen) in all, the first's summary() "
        + spelledSummary(total: total, pages: pages) + "; the statement gives 2 and "
        + spelledSummary(total: 1, pages: ["/": 1]) + " (a visit is a visit, whoever records it)"
    )
  }

  /// One thread records and reads back its own visit while the other reads: each read sees every
  /// visit recorded before it.
  func test_readsWhileAnotherThreadRecords_seeEveryVisitRecordedBefore() async throws {
    let shared = try SharedVisitLog()
    let rounds = huntRounds(graded: 4_000, reference: 400)
    let perRound = 10
    let wrong = Locked<String?>(nil)
    @Sendable func note(_ found: String) { wrong.withLock { $0 = $0 ?? found } }
    await inRounds(rounds) { lane, round in
      let before = round * perRound  // recorded in the rounds before this one
      for visit in 0..<perRound {
        if lane == 0 {
          shared.log.record("/")
          let seen = shared.log.visits(to: "/")
          let (total, _) = shared.log.summary()
          if seen != before + visit + 1 || total != before + visit + 1 {
            note(
              "right after its visit \(before + visit + 1), the recording thread's own "
                + "visits(to: \"/\") gave \(seen) and its summary() \(total) visits"
            )
          }
        } else {
          let seenFirst = shared.log.visits(to: "/")
          let (total, pages) = shared.log.summary()
          let seen = shared.log.visits(to: "/")
          let counted = total == 0 ? [:] : ["/": total]
          if total < seenFirst {
            note(
              "the other thread's summary() gave \(total) visits right after its "
                + "visits(to: \"/\") gave \(seenFirst)"
            )
          } else if total < before || total > before + perRound || pages != counted {
            note(
              "the other thread's summary() gave " + spelledSummary(total: total, pages: pages)
                + " after \(before) visits and before \(before + perRound + 1)"
            )
          } else if seen < total {
            note("the other thread's visits(to: \"/\") gave \(seen) after a summary of \(total)")
          }
        }
      }
    }
    let first = wrong.withLock { $0 }
    XCTAssertNil(
      first,
      "one thread recorded a visit to \"/\", then asked visits(to: \"/\") and summary(), over "
        + "and over, while another asked visits(to: \"/\"), took a summary and asked again: \(first ?? ""); "
        + "the statement: a visit recorded is never lost, so every read sees every visit "
        + "recorded before it"
    )
  }

  /// Two threads read the same log at the same time: both see every visit.
  func test_twoThreadsReadingAtOnce_seeEveryVisit() async throws {
    let shared = try SharedVisitLog()
    for page in ["/", "/", "/shop", "/", "/about"] { shared.log.record(page) }
    let rounds = huntRounds(graded: 4_000, reference: 400)
    let wrong = Locked<String?>(nil)
    await inRounds(rounds) { _, _ in
      for _ in 0..<10 {
        let (total, pages) = shared.log.summary()
        let seen = shared.log.visits(to: "/")
        if total != 5 || pages != ["/": 3, "/shop": 1, "/about": 1] || seen != 3 {
          let found =
            "summary() gave " + spelledSummary(total: total, pages: pages)
            + " and visits(to: \"/\") \(seen)"
          wrong.withLock { $0 = $0 ?? found }
        }
      }
    }
    let first = wrong.withLock { $0 }
    let expected = spelledSummary(total: 5, pages: ["/": 3, "/shop": 1, "/about": 1])
    XCTAssertNil(
      first,
      "a log recorded visits to \"/\", \"/\", \"/shop\", \"/\", \"/about\"; then two threads "
        + "took summaries and asked visits(to: \"/\") at the same time, and one \(first ?? ""); "
        + "the statement gives \(expected) and 3 to both, every time"
    )
  }

  /// A summary taken right after a count, while another thread records: it counts at least the
  /// visits that count saw.
  func test_yourAnswer_aSummaryRightAfterACount_countsAtLeastAsMany() async throws {
    let shared = try SharedVisitLog()
    // Under the thread sanitizer the lanes take turns, so rounds there look for races only.
    let rounds = ThreadSanitizer.isRunning ? 20 : huntRounds(graded: 1_500, reference: 20)
    let wrong = Locked<String?>(nil)
    await inRounds(rounds) { lane, _ in
      for _ in 0..<500 {
        if lane == 0 {
          shared.log.record("/")
        } else {
          let seen = shared.log.visits(to: "/")
          let (total, pages) = shared.log.summary()
          if pages["/", default: 0] < seen {
            let found = spelledSummary(total: total, pages: pages) + " after a count of \(seen)"
            wrong.withLock { $0 = $0 ?? found }
          }
        }
      }
    }
    let first = wrong.withLock { $0 }
    XCTAssertNil(
      first,
      "one thread recorded visits to \"/\", over and over, while another asked "
        + "visits(to: \"/\"), then took a summary, and the summary gave \(first ?? ""); the "
        + "statement gives the counts at one moment, each taken after the count before it: "
        + "\"/\" with at least as many visits as that count saw"
    )
  }

  /// Many visits to one page (past 2^20), many pages (past 2^16) and many logs; then summaries
  /// of that large log while another thread records.
  func test_yourAnswer_countsEveryVisit_atScale() async throws {
    let visits = largest(graded: 1_048_577, reference: 20_000)
    let pages = largest(graded: 70_000, reference: 2_000)
    let logs = largest(graded: 1_000, reference: 50)
    let shared = try SharedVisitLog()
    for _ in 0..<visits { shared.log.record("/") }
    for page in 0..<pages { shared.log.record("/\(page)") }
    let (total, counts) = shared.log.summary()
    let wrongPage = (0..<pages).first { shared.log.visits(to: "/\($0)") != 1 }
    var wrong: [String] = []
    let visitsToRoot = shared.log.visits(to: "/")
    if visitsToRoot != visits { wrong.append("visits(to: \"/\") gave \(visitsToRoot)") }
    if let page = wrongPage {
      wrong.append("visits(to: \"/\(page)\") gave \(shared.log.visits(to: "/\(page)"))")
    }
    if total != visits + pages || counts.count != pages + 1 {
      wrong.append("summary() gave \(total) visits to \(counts.count) pages")
    }
    let many = try (0..<logs).map { _ in try SharedVisitLog() }
    for (index, each) in many.enumerated() { each.log.record("/\(index)") }
    if let other = many.indices.first(where: { many[$0].log.summary().total != 1 }) {
      let total = many[other].log.summary().total
      wrong.append("log \(other + 1) of \(logs) made at once has \(total) visits")
    }
    XCTAssertTrue(
      wrong.isEmpty,
      "a log recorded \(visits) visits to \"/\" and one to each of \"/0\" ... \"/\(pages - 1)\"; then "
        + "\(logs) logs were made, each recording one visit: "
        + wrong.joined(separator: ", ") + "; the statement gives \(visits), 1, and "
        + "\(visits + pages) visits to \(pages + 1) pages, and one visit in each log"
    )
    guard wrong.isEmpty else { return }
    let first = await summaryFaultWhileRecording(shared, base: ["/": visits], others: pages)
    XCTAssertNil(
      first,
      "a log recorded \(visits) visits to \"/\" and one to each of \"/0\" ... \"/\(pages - 1)\"; then "
        + "one thread recorded visits to \"/\", \"/\(pages - 1)\", \"/1\" and \"/\(pages - 2)\" in turn, "
        + "over and over, while another asked visits(to: \"/\") and took a summary, and a summary "
        + "gave \(first ?? ""); the statement gives the total and the counts at one moment: the "
        + "total the sum of the counts; since the tour began, each of those pages as many visits as "
        + "the next or one more; and \"/\" no fewer than a count read before"
    )
  }

  /// The first summary that no moment could give, of a large log, while one thread records.
  ///
  /// The log has had `base` visits to some pages, and one to each of "/0" ... "/`others - 1`";
  /// the thread records a tour of its first and last pages, over and over. Told by the tour's
  /// counts only, the log being large.
  private func summaryFaultWhileRecording(
    _ shared: SharedVisitLog,
    base: [String: Int],
    others: Int
  ) async -> String? {
    let tour = ["/", "/\(others - 1)", "/1", "/\(others - 2)"]
    let before = base.merging(tour.dropFirst().map { ($0, 1) }) { $1 }
    // Few rounds: a summary of this log may copy all its pages, as a right answer may.
    let rounds = largest(graded: 10, reference: 5)
    let wrong = Locked<String?>(nil)
    await recordingTours(tour, of: shared, rounds: rounds, atLeast: 50, atMost: 2_000) {
      for _ in 0..<2 {
        let seen = shared.log.visits(to: "/")
        let (total, pages) = shared.log.summary()
        let fault = summaryFault(total: total, pages: pages, tour: tour, base: before, seen: seen)
        guard let fault else { continue }
        let counts = tour.map { "\(spelledProduct($0)): \(pages[$0, default: 0])" }
        let found =
          "\(total) visits, the counts adding up to \(pages.values.reduce(0, +)), "
          + counts.joined(separator: ", ")
          + (fault == .behindACountReadBefore
            ? " right after visits(to: \"/\") gave \(seen)" : "")
        wrong.withLock { $0 = $0 ?? found }
      }
    }
    return wrong.withLock { $0 }
  }

  /// Runs `rounds` rounds of two threads: one records a visit to each page of `tour` in turn,
  /// over and over, `atLeast` times and until the other has run `check` for the round (or
  /// `atMost` times: a slow answer's log does not grow without end).
  ///
  /// The tours go on while the other thread checks, so that a check can fall between any two
  /// steps of a `record(_:)`. Under the thread sanitizer the threads take turns: `atLeast` tours,
  /// then the check.
  private func recordingTours(
    _ tour: [String],
    of shared: SharedVisitLog,
    rounds: Int,
    atLeast: Int,
    atMost: Int,
    check: @escaping @Sendable () -> Void
  ) async {
    let checked = Atomic<Int>(0)
    await inRounds(rounds) { lane, round in
      guard lane == 0 else {
        check()
        checked.add(1, ordering: .relaxed)
        return
      }
      var tours = 0
      while tours < atLeast
        || (!ThreadSanitizer.isRunning && tours < atMost
          && checked.load(ordering: .relaxed) <= round)
      {
        for page in tour { shared.log.record(page) }
        tours += 1
      }
    }
  }
}
