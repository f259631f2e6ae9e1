@testable import GradedScenarios
import ExerciseSupport
import LessonSupport
import TestTooling
import VirtualTime
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter05Exercises
#endif

// MARK: - Exercise 5b: at most N at a time

final class Ex5b_FetchAllTests: GradedTestCase {
  /// Section 5.5's six jobs: how long each fetch takes, in seconds.
  private let six = [("A", 3), ("B", 1), ("C", 2), ("D", 2), ("E", 1), ("F", 3)]

  /// Fetches `ids` on a timeline through `fetchAll`.
  ///
  /// A fetch answers "NAME!" after its time, or throws `JobFailed` if `failing` names it.
  /// Returns the results as words and the time `fetchAll` returned at.
  private func fetch(
    _ ids: [(String, Int)],
    atMost limit: Int,
    failing: String? = nil,
    log: JobLog
  ) async throws -> (results: [String], doneAt: String) {
    let seconds = Dictionary(ids) { first, _ in first }
    let (value, stuckAt) = try await onTimeline { timeline in
      let results = await fetchAll(ids.map(\.0), atMost: limit) { id in
        try await log.run(id, seconds: seconds[id] ?? 0, fails: id == failing, on: timeline)
        return "\(id)!"
      }
      return (results, timeline.time)
    }
    guard let (results, doneAt) = value else {
      XCTFail(
        "fetchAll never returned: at \(stuckAt ?? "?") it waited for something the test's "
          + "timeline cannot see, such as a Task {} of its own; expected every fetch to run on "
          + "the timeline, as a child of a task group does"
      )
      return ([], "never")
    }
    return (try words(results), doneAt)
  }

  /// The results as words: "A!" for a value, "failed: C" for `JobFailed("C")`.
  private func words<Value>(_ results: [Result<Value, any Error>]) throws -> [String] {
    try results.map { result in
      switch result {
      case .success(let value): return "\(value)"
      case .failure(let error as JobFailed): return "failed: \(error.name)"
      case .failure(let error):
        try rethrowIfNotImplemented(error)
        return "failed: \(error)"
      }
    }
  }

  /// Fails, and returns false, unless the fetches started exactly at `starts` (the schedule of
  /// at most `limit` at once, a new one as each ends), saying what went wrong; `order` is the
  /// order of the ids given, when they were not given sorted.
  private func followedTheSchedule(
    _ log: JobLog,
    limit: Int,
    starts: [String: String],
    order: [String]? = nil
  ) -> Bool {
    let log = log.snapshot
    let names = starts.keys.sorted()
    let actual = log.startsText(names)
    if !log.offTimeline.isEmpty {
      XCTFail(
        "fetches ran outside the test's timeline (\(log.offTimeline.joined(separator: ", "))): "
          + "expected every fetch on it, as a child of a task group is"
      )
    } else if log.mostInFlight > limit {
      XCTFail(
        "\(log.mostInFlight) fetches ran at once, and the limit is \(limit) (they started at: "
          + "\(actual)): expected at most \(limit) at any time"
      )
    } else if log.mostInFlight == 1 && limit > 1 {
      XCTFail(
        "the fetches ran one after another (they started at: \(actual)): with a limit of "
          + "\(limit), \(limit) may run at once"
      )
    } else if let (earlier, later) = startedOutOfTurn(log.starts, order: order ?? names) {
      // Children ready at once run in any order: one waiting for a free slot may take it first.
      XCTFail(
        "the fetches started at: \(actual); \(later) started before \(earlier), which comes "
          + "first in the ids: they took the free slots in an order of their own. The next id in "
          + "the order given starts the moment any fetch ends"
      )
    } else if log.starts != starts {
      XCTFail(
        "the fetches started at: \(actual); wanted: "
          + names.map { "\($0) \(starts[$0] ?? "")" }.joined(separator: ", ")
          + ". With \(limit) at most, a new fetch must start the moment any one ends, "
          + "whether it succeeded or failed"
      )
    } else {
      return true
    }
    return false
  }

  /// The first two ids, in `order`, of which the later one started at an earlier time.
  private func startedOutOfTurn(
    _ starts: [String: String],
    order: [String]
  ) -> (earlier: String, later: String)? {
    let seconds = order.map { starts[$0].flatMap { Double($0.prefix { $0 != " " }) } }
    for (index, later) in order.enumerated() {
      guard let laterStart = seconds[index] else { continue }
      for earlier in 0..<index {
        if let start = seconds[earlier], laterStart < start { return (order[earlier], later) }
      }
    }
    return nil
  }

  func test_aFailedFetch_keepsItsPlace_andTheOthersStillRun() async throws {
    let log = JobLog()
    let (results, _) = try await fetch(six, atMost: 2, failing: "C", log: log)
    let starts = ["A": "0 s", "B": "0 s", "C": "1 s", "D": "3 s", "E": "3 s", "F": "4 s"]
    guard followedTheSchedule(log, limit: 2, starts: starts) else { return }
    XCTAssertEqual(
      results.count,
      6,
      "one result per id, a failure too: C's error is C's result, and it stops no other fetch "
        + "(the results: \(results))"
    )
    XCTAssertEqual(
      results,
      ["A!", "B!", "failed: C", "D!", "E!", "F!"],
      "the results must be in the order of the ids, not in the order the fetches ended"
    )
  }

  func test_aLimitAboveTheCount_fetchesEveryIDAtOnce() async throws {
    let log = JobLog()
    let (results, doneAt) = try await fetch(Array(six.prefix(3)), atMost: 10, log: log)
    guard followedTheSchedule(log, limit: 10, starts: ["A": "0 s", "B": "0 s", "C": "0 s"])
    else { return }
    XCTAssertEqual(results, ["A!", "B!", "C!"])
    XCTAssertEqual(doneAt, "3 s")
  }

  func test_aLimitOfOne_fetchesInTurn_evenAfterAFailure() async throws {
    let log = JobLog()
    let ids = [("F", 3), ("B", 1), ("D", 2), ("A", 1)]
    let (results, doneAt) = try await fetch(ids, atMost: 1, failing: "D", log: log)
    let starts = ["F": "0 s", "B": "3 s", "D": "4 s", "A": "6 s"]
    guard followedTheSchedule(log, limit: 1, starts: starts, order: ids.map(\.0)) else {
      return
    }
    XCTAssertEqual(
      results,
      ["F!", "B!", "failed: D", "A!"],
      "the results must be in the order of the ids as given (F, B, D, A), not sorted"
    )
    XCTAssertEqual(doneAt, "7 s")
  }

  func test_idsInNoSortedOrder_resultsInTheOrderGiven() async throws {
    let log = JobLog()
    // Given F, C, A, E; they end F, E, A, C; sorted, they would be A, C, E, F.
    let ids = [("F", 1), ("C", 4), ("A", 3), ("E", 1)]
    let (results, doneAt) = try await fetch(ids, atMost: 3, log: log)
    let starts = ["F": "0 s", "C": "0 s", "A": "0 s", "E": "1 s"]
    guard followedTheSchedule(log, limit: 3, starts: starts, order: ids.map(\.0)) else {
      return
    }
    XCTAssertEqual(
      results,
      ["F!", "C!", "A!", "E!"],
      "the results must be in the order of the ids as given (F, C, A, E), neither sorted nor "
        + "in the order the fetches ended"
    )
    XCTAssertEqual(doneAt, "4 s")
  }

  func test_cancelledCall_stillGivesOneResultPerID() async throws {
    // Cancelled before it starts, and at 2 s, while A and C run and D, E, F wait.
    for (cancelAt, wanted) in [
      (nil, Array(repeating: "failed", count: 6)),
      (2, ["failed", "B!", "failed", "failed", "failed", "failed"]),
    ] {
      let (names, seconds) = (six.map(\.0), Dictionary(six) { first, _ in first })
      let (value, stuckAt) = try await onTimeline { timeline in
        let call = Task(executorPreference: timeline) {
          await fetchAll(names, atMost: 2) { id in
            try await timeline.sleep(for: .seconds(seconds[id] ?? 0))
            return "\(id)!"
          }
        }
        if let cancelAt { try await timeline.sleep(for: .seconds(cancelAt)) }
        call.cancel()
        return await call.value
      }
      guard let value else {
        return XCTFail("a cancelled fetchAll never returned (stuck at \(stuckAt ?? "?"))")
      }
      let got = try words(value).map { $0.hasPrefix("failed") ? "failed" : $0 }
      let when = cancelAt.map { "at \($0) s" } ?? "before it started"
      XCTAssertEqual(
        got.count,
        6,
        "fetchAll was cancelled \(when), and it returned \(got.count) results for 6 ids: "
          + "expected one result per id all the same, a cancelled fetch's error in its place"
      )
      XCTAssertEqual(
        got,
        wanted,
        "fetchAll was cancelled \(when): expected each fetch cancelled then, or later, a "
          + "failure in its id's place (and B, which ended at 1 s, its value)"
      )
    }
  }

  func test_manyIDs_aLargeLimitAndASmallOne_eachNewOneAsAnotherEnds() async throws {
    // 14 fetches of 1, 2 or 3 s: each starts at the moment the earliest one in flight ends.
    let ids = (1...14).map { ("F\($0 + 10)", $0 % 3 + 1) }
    for limit in [10, 3] {
      var ends: [Int] = []
      var starts: [String: String] = [:]
      for (id, seconds) in ids {
        var start = 0
        if ends.count == limit {
          start = ends.min() ?? 0
          ends.remove(at: ends.firstIndex(of: start) ?? 0)
        }
        starts[id] = "\(start) s"
        ends.append(start + seconds)
      }
      let log = JobLog()
      let (results, doneAt) = try await fetch(ids, atMost: limit, log: log)
      guard followedTheSchedule(log, limit: limit, starts: starts) else { return }
      XCTAssertEqual(results, ids.map { "\($0.0)!" }, "in the order of the ids")
      XCTAssertEqual(
        doneAt,
        "\(ends.max() ?? 0) s",
        "fetchAll must return once every fetch has ended"
      )
    }
  }

  func test_noIDs_noResults_atOnce() async throws {
    let log = JobLog()
    let (results, doneAt) = try await fetch([], atMost: 2, log: log)
    XCTAssertEqual(results, [], "no ids, no results")
    XCTAssertEqual(doneAt, "0 s", "with no ids there is nothing to wait for")
  }

  /// Under --sanitize=thread the fetches do not wait for each other (see `PairedReturns`).
  func test_pairsOfFetchesEndingTogether_eachIDFetchedOnce() async throws {
    // On real threads, two fetches at a time return at the same moment, at several offsets,
    // and what their callers do next happens at once: taking the next id must be one step.
    let ids = Array(500..<560)
    let rounds = ThreadSanitizer.isRunning ? 2 : huntRounds(graded: 10, reference: 2)
    for limit in [2, 3, 2, 3, 2, 3, 2, 3, 2, 3].prefix(rounds) {
      let pairs = PairedReturns(calls: ids.count)
      let fetched = Locked<[Int: Int]>([:])
      let results = await withTaskExecutorPreference(ThreadPerJob()) {
        await fetchAll(ids, atMost: limit) { id in
          fetched.withLock { $0[id, default: 0] += 1 }
          pairs.meet()
          return id * 2
        }
      }
      let got = try words(results)  // the stub's NotImplemented, thrown first
      let counts = fetched.withLock { $0 }
      let twice = ids.filter { counts[$0, default: 0] > 1 }.map(String.init)
      let never = ids.filter { counts[$0] == nil }.map(String.init)
      if !twice.isEmpty || !never.isEmpty {
        return XCTFail(
          "\(ids.count) ids, \(limit) at a time on real threads, fetches ending two at the same "
            + "moment: ids fetched twice: \(twice.isEmpty ? "none" : twice.joined(separator: ", "))"
            + "; ids never fetched: \(never.isEmpty ? "none" : never.joined(separator: ", "))"
            + ". Expected each id fetched exactly once, however the fetches end together"
        )
      }
      XCTAssertEqual(
        got,
        ids.map { "\($0 * 2)" },
        "\(ids.count) ids, \(limit) at a time on real threads: one result per id, in its place"
      )
    }
  }

  func test_sixFetches_twoAtATime_eachNewOneAsAnotherEnds() async throws {
    let log = JobLog()
    let (results, doneAt) = try await fetch(six, atMost: 2, log: log)
    let starts = ["A": "0 s", "B": "0 s", "C": "1 s", "D": "3 s", "E": "3 s", "F": "4 s"]
    guard followedTheSchedule(log, limit: 2, starts: starts) else { return }
    XCTAssertEqual(
      results,
      ["A!", "B!", "C!", "D!", "E!", "F!"],
      "the results must be in the order of the ids, not in the order the fetches ended"
    )
    XCTAssertEqual(doneAt, "7 s", "fetchAll must return once every fetch has ended")
  }

  func test_aFailureWhileAnEarlierFetchStillRuns_takesItsOwnPlace() async throws {
    let log = JobLog()
    // B fails at 1 s, while A, the id before it, runs until 3 s.
    let (results, _) = try await fetch([("A", 3), ("B", 1)], atMost: 2, failing: "B", log: log)
    guard followedTheSchedule(log, limit: 2, starts: ["A": "0 s", "B": "0 s"]) else { return }
    XCTAssertEqual(
      results,
      ["A!", "failed: B"],
      "B failed at 1 s while A, the id before it, was still running: expected B's failure in "
        + "B's place and A's value in A's"
    )
  }

  func test_theSameIDTwice_getsTheResultOfEachFetch() async throws {
    // The first fetch of A answers "A#1", the second "A#2": the ids repeat, the fetches do not.
    let calls = Locked<[String: Int]>([:])
    let (value, stuckAt) = try await onTimeline { timeline in
      await fetchAll(["A", "B", "A"], atMost: 2) { id in
        let call = calls.withLock { calls in
          calls[id, default: 0] += 1
          return calls[id, default: 0]
        }
        try await timeline.sleep(for: .seconds(id == "A" ? 2 : 1))
        return "\(id)#\(call)"
      }
    }
    guard let value else {
      return XCTFail("fetchAll never returned (stuck at \(stuckAt ?? "?"))")
    }
    XCTAssertEqual(
      try words(value),
      ["A#1", "B#1", "A#2"],
      "the ids were A, B, A: each place gets the result of its own fetch, and the two fetches "
        + "of A answered A#1 and A#2"
    )
  }

  /// Run under --sanitize=thread too (the grader does, once the plain run passes).
  func test_manyFetchesOnRealThreads_eachResultInItsPlace() async throws {
    // Off the timeline: each job on a thread of its own, so that the children run at once.
    let ids = Array(1_000..<1_100)
    let results = await withTaskExecutorPreference(ThreadPerJob()) {
      await fetchAll(ids, atMost: 8) { id in
        await Task.yield()
        if id % 7 == 0 { throw JobFailed(name: "\(id)") }
        return id * 2
      }
    }
    let expected = ids.map { $0 % 7 == 0 ? "failed: \($0)" : "\($0 * 2)" }
    let got = try words(results)
    XCTAssertEqual(got.count, ids.count, "100 ids, 8 at a time on real threads: 100 results")
    XCTAssertTrue(
      got == expected,
      "100 ids, 8 at a time on real threads: expected each result in its id's place (the "
        + "first that differs: \(zip(got, expected).first { $0 != $1 }.map { "got \($0), expected \($1)" } ?? "none"))"
    )
  }

  /// Cancelled while fetches run on the pool's threads: every result in its place.
  ///
  /// The fetch's value, or a CancellationError (run under --sanitize=thread too). In every other
  /// round each fetch runs until it sees the cancel, then returns its value anyway, so the call's
  /// loop writes its results after the cancel; in the others each returns after a few yields of
  /// its own, so the loop writes while the cancel comes. Nothing orders those writes with a cancel
  /// handler's: the sanitizer reports a handler that writes the results too.
  func test_cancelledOnRealThreads_eachResultInItsPlace() async throws {
    let ids = Array(0..<16)
    for round in 1...huntRounds(graded: 200, reference: 20) {
      let waitsForTheCancel = round.isMultiple(of: 2)
      let call = Task {
        await fetchAll(ids, atMost: 4) { id in
          if waitsForTheCancel {
            while !Task.isCancelled { await Task.yield() }
          } else {
            for _ in 0..<(id % 4) { await Task.yield() }
          }
          return id
        }
      }
      for _ in 0..<(round % 9) { await Task.yield() }
      call.cancel()
      let results = await call.value
      let got = try words(results)
      let wrong = zip(ids, got).first { id, word in
        word != "\(id)" && word != "failed: CancellationError()"
      }
      guard got.count == ids.count, wrong == nil else {
        return XCTFail(
          "fetchAll(0..<16, atMost: 4) on the pool's threads, each fetch returning its id once "
            + "it sees the cancel, the call cancelled while they run: got \(got.count) results, "
            + "\(wrong.map { "for id \($0.0): \($0.1)" } ?? ""); expected in each place that id "
            + "(or CancellationError() for an id not started)"
        )
      }
    }
  }

  /// A value is a `.success` whatever it is, and every id is fetched, whatever it is: values
  /// that are nil, empty, zero, false or themselves an error; ids that are empty or blank.
  func test_anyValueOrID_comesBackAsItWent() async throws {
    let ids = ["", " ", "\t", "nil", "0", "x"]
    try await assertComesBack(ids, [nil, "", "nil", "x", nil, "0"] as [String?], "String?")
    try await assertComesBack(ids, ids.map { _ in URLError(.badServerResponse) }, "URLError")
    try await assertComesBack(ids, ["", "", " ", "", "a", ""], "String")
    try await assertComesBack(ids, [Data(), Data([0]), Data(), Data(), Data(), Data()], "Data")
    try await assertComesBack(ids, [[], [0], [], [], [], []] as [[Int]], "[Int]")
    try await assertComesBack(ids, [0, -1, 0, Int.min, 0, 0], "Int")
    try await assertComesBack(ids, [false, true, false, false, false, false], "Bool")
    try await assertComesBack(ids, ids.map { _ in CancellationError() }, "CancellationError")
    try await assertComesBack([0, -1, Int.min, Int.max, 0], ["a", "b", "c", "d", "e"], "String")
  }

  /// Fails unless `fetchAll(ids, atMost: 2)`, each fetch returning `values` at its place, gives
  /// every value as a `.success`, in its place.
  private func assertComesBack<ID: Sendable & Hashable, Value: Sendable>(
    _ ids: [ID],
    _ values: [Value],
    _ kind: String
  ) async throws {
    let byID = Dictionary(zip(ids, values)) { first, _ in first }
    let results = await fetchAll(ids, atMost: 2) { id in
      guard let value = byID[id] else { throw JobFailed(name: "unknown id \(id)") }
      return value
    }
    let got = try words(results)
    let expected = ids.map { "\(byID[$0].map { "\($0)" } ?? "none")" }
    XCTAssertEqual(
      got,
      expected,
      "fetchAll([\(ids.map { "\($0)".debugDescription }.joined(separator: ", "))], atMost: 2), the "
        + "fetches returning \(kind) values: "
        + "expected every value as a success, in its place, whatever it is (nil, empty, zero, "
        + "an error too), and every id fetched, whatever it is"
    )
  }

  /// Generated calls, two at a time on one timeline, each with fetches of its own.
  ///
  /// Nothing in the statement is shared between calls: each must fetch and return as it does
  /// when it runs alone, also when it starts while a cancelled call still winds down.
  func test_yourAnswer_keepsTheStatement_withTwoCallsAtOnce() async throws {
    let scenarios = fetchAllScenarios(count: 400, seed: 52)
    try await assertEveryPairTogether(
      scenarios,
      pairs: 30,
      of: { $0.ids.count >= 2 },
      andPairs: staggeredFetchAllPairs(scenarios),
      model: fetchAllModel,
      answer: fetchAllAnswer,
      together: { first, second in
        let both = try await fetchAllAnswers(together: [first, second])
        return (both[0], both[1])
      },
      explain: fetchAllDifference,
      saying: "two calls of fetchAll at the same time"
    )
  }

  /// The grade: 636 generated calls (0 to 64 ids in no sorted order, some given twice or more, and
  /// a few of 65 to 400, and crowds up to 10,001, with a limit above 64; limits from 1 to Int.max;
  /// fetches that fail, with an error of every kind, or 12 to 25 in a row, or end together; calls
  /// made inside another call's fetch; a cancel before the call or while it runs, answered with a
  /// CancellationError, the fetch's own error or not at all), each compared with what the
  /// statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      fetchAllScenarios(count: 400, seed: 52),
      model: fetchAllModel,
      answer: fetchAllAnswer,
      explain: fetchAllDifference
    )
  }

  /// Generated calls cancelled while ids are still to start, whose fetches started after the
  /// cancel ignore it and run their time (drawn from a seed of their own, as the grade's are):
  /// whether those ids are fetched is left free, but not the limit, which holds after the cancel
  /// too.
  func test_yourAnswer_stillKeepsTheLimit_whenFetchesStartedAfterACancelIgnoreIt() async throws {
    try await assertEveryScenario(
      lateFetchScenarios(count: 1_200, seed: 57),
      model: lateFetchesModel,
      answer: lateFetchesAnswer,
      explain: lateFetchesDifference
    )
  }
}
