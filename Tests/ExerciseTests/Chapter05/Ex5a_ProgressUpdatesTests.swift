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

// MARK: - Exercise 5a: progress from a group

/// A task-local the tests set around a call, to see whether the jobs inherit it.
private enum CallerName {
  @TaskLocal static var name = "none"
}

final class Ex5a_ProgressUpdatesTests: GradedTestCase {
  /// The chapter's three calls: first takes 3 s, second 1 s, third 2 s.
  private let calls = [("first", 3), ("second", 1), ("third", 2)]

  /// What a consumer saw: each fraction with its time, then how the stream ended.
  private struct Seen: Sendable {
    var fractions: [String] = []
    var end = "still open"
  }

  /// Consumes `progressUpdates` of the three calls on a timeline, reading at most `limit`
  /// fractions; `failing` names a call that throws when its time is up.
  private func consume(
    _ log: JobLog,
    calls: [(String, Int)]? = nil,
    failing: String? = nil,
    limit: Int = .max
  ) async throws -> Seen {
    let calls = calls ?? self.calls
    let seen = Locked(Seen())
    let (_, stuckAt) = try await onTimeline { timeline in
      let jobs = calls.map { name, seconds in
        { @Sendable in
          try await log.run(name, seconds: seconds, fails: name == failing, on: timeline)
        }
      }
      do {
        for try await fraction in progressUpdates(of: jobs, executor: timeline) {
          seen.withLock {
            $0.fractions.append("\(Int((fraction * 100).rounded()))% at \(timeline.time)")
          }
          if seen.withLock({ $0.fractions.count }) == limit { return }
        }
        seen.withLock { $0.end = "finished at \(timeline.time)" }
      } catch {
        seen.withLock { $0.end = "threw \(error) at \(timeline.time)" }
        if error is NotImplemented { throw error }
      }
    }
    var result = seen.withLock { $0 }
    if let stuckAt { result.end = "never finished (the consumer still waited at \(stuckAt))" }
    return result
  }

  /// Fails, and returns false, when the jobs did not all start at once on the test's timeline.
  private func ranAtOnce(_ log: JobLog, calls: [(String, Int)]? = nil) -> Bool {
    let calls = calls ?? self.calls
    let log = log.snapshot
    if !log.offTimeline.isEmpty || log.starts.isEmpty {
      XCTFail(
        "no job ran on the executor the test passed: expected every job to run there, the "
          + "executor given to progressUpdates"
      )
      return false
    }
    let starts = log.startsText(calls.map(\.0))
    guard log.starts.values.allSatisfy({ $0 == "0 s" }), log.starts.count == calls.count else {
      XCTFail(
        "the \(calls.count) jobs did not all start at once, as one after another or a few at a "
          + "time would not (they started at: \(starts)): expected every job to start at 0 s"
      )
      return false
    }
    return true
  }

  func test_aConsumerThatStops_cancelsEveryJob() async throws {
    let log = JobLog()
    let seen = try await consume(log, limit: 1)
    guard ranAtOnce(log) else { return }
    if seen.fractions.first?.hasPrefix("0% ") == true {
      XCTFail(
        "second ended at 1 s, and the fraction was 0%: expected 33%, 1 of 3 jobs ended"
      )
      return
    }
    XCTAssertEqual(
      seen.fractions,
      ["33% at 1 s"],
      "second ended first, at 1 s: expected 1 of 3 jobs done, counting the jobs that have "
        + "ended, whichever they were"
    )
    XCTAssertEqual(
      log.ends,
      ["second": "ended at 1 s", "first": "cancelled at 1 s", "third": "cancelled at 1 s"],
      "the consumer stopped after the first fraction, at 1 s, and jobs went on running: "
        + "expected the stream's end (onTermination must cancel the driver then) to cancel every "
        + "job still running"
    )
  }

  func test_aJobThatThrows_endsTheStream_andCancelsTheOtherJobs() async throws {
    let log = JobLog()
    let seen = try await consume(log, failing: "second")
    guard ranAtOnce(log) else { return }
    XCTAssertTrue(
      seen.end.hasPrefix("threw JobFailed(second)"),
      "second threw: its error must end the stream, thrown to the consumer (the stream "
        + "\(seen.end))"
    )
    XCTAssertEqual(
      log.ends,
      ["second": "threw at 1 s", "first": "cancelled at 1 s", "third": "cancelled at 1 s"],
      "second threw at 1 s: the first error must leave no other job running; expected the "
        + "others cancelled at 1 s"
    )
    XCTAssertEqual(seen.end, "threw JobFailed(second) at 1 s", "the error must end it at once")
    XCTAssertEqual(seen.fractions, [], "second was the first job to end, and it failed")
  }

  func test_everyJobAtOnce_aFractionAsEachEnds_thenTheStreamFinishes() async throws {
    let log = JobLog()
    let seen = try await consume(log)
    guard ranAtOnce(log) else { return }
    XCTAssertEqual(
      seen.fractions,
      ["33% at 1 s", "67% at 2 s", "100% at 3 s"],
      "one fraction each time a job ends: jobs ended so far / all jobs"
    )
    XCTAssertEqual(
      seen.end,
      "finished at 3 s",
      "the stream must be finished after the last job, or its consumer waits forever"
    )
  }

  func test_manyJobsOnEveryCore_theFractionsOnlyGrow() async throws {
    // The timeline runs one task at a time. Here the jobs end at once on every core, where
    // jobs that count and yield for themselves can yield 2/32 after 3/32.
    let count = 32
    let jobs: [@Sendable () async throws -> Void] = (0..<count).map { _ in { await Task.yield() } }
    for _ in 1...huntRounds(graded: 3_000, reference: 300) {
      // Only the fractions: whether the stream finishes is the other tests' to judge.
      var fractions: [Double] = []
      var updates = progressUpdates(of: jobs).makeAsyncIterator()
      while fractions.count < count, let fraction = try await updates.next() {
        fractions.append(fraction)
      }
      let wanted = (1...count).map { Double($0) / Double(count) }
      guard fractions.count == count, zip(fractions, wanted).allSatisfy({ abs($0 - $1) < 1e-9 })
      else {
        let seen = fractions.map { "\(Int(($0 * Double(count)).rounded()))" }
        return XCTFail(
          "\(count) jobs ended on several threads at once, and the fractions (in 32nds) were: "
            + "\(seen.joined(separator: ", ")): only the group's own loop may count and yield, "
            + "one job at a time, never the jobs themselves"
        )
      }
    }
  }

  func test_noJobs_theStreamFinishesAtOnce_withNoFraction() async throws {
    let seen = Locked(Seen())
    let (_, stuckAt) = try await onTimeline { timeline in
      do {
        for try await fraction in progressUpdates(of: [], executor: timeline) {
          seen.withLock { $0.fractions.append("\(fraction)") }
        }
        seen.withLock { $0.end = "finished at \(timeline.time)" }
      } catch {
        if error is NotImplemented { throw error }
        seen.withLock { $0.end = "threw \(error)" }
      }
    }
    let result = seen.withLock { $0 }
    XCTAssertNil(stuckAt, "with no jobs, the stream must finish at once; it was never finished")
    XCTAssertEqual(
      result.fractions,
      [],
      "with no jobs there is nothing to report (0 / 0 is not a number)"
    )
    XCTAssertEqual(result.end, "finished at 0 s")
  }

  func test_fiveJobsOrTwentyFour_allStartAtOnce_aFractionAsEachEnds() async throws {
    // Job k ends at k s: 5 jobs, then 24, more than any limit of a few at a time.
    for count in [5, 24] {
      let calls = (1...count).map { ("job\($0)", $0) }
      let log = JobLog()
      let seen = try await consume(log, calls: calls)
      guard ranAtOnce(log, calls: calls) else { return }
      XCTAssertEqual(
        seen.fractions,
        (1...count).map { "\(Int((Double($0) / Double(count) * 100).rounded()))% at \($0) s" },
        "\(count) jobs, job k ending at k s: one fraction each time a job ends"
      )
      XCTAssertEqual(seen.end, "finished at \(count) s")
    }
  }

  func test_jobsThatEndTogether_everyFractionReachesTheConsumer() async throws {
    // Every job ends at 1 s: the group's loop yields them all before the consumer runs again.
    for count in [3, 20] {
      let calls = (1...count).map { ("job\($0)", 1) }
      let log = JobLog()
      let seen = try await consume(log, calls: calls)
      guard ranAtOnce(log, calls: calls) else { return }
      let expected = (1...count).map {
        "\(Int((Double($0) / Double(count) * 100).rounded()))% at 1 s"
      }
      if seen.fractions != expected, seen.fractions.sorted() == expected.sorted() {
        return XCTFail(
          "\(count) jobs ended at the same moment, and the consumer saw all \(count) fractions, "
            + "but out of order: \(seen.fractions); jobs ready at once run in any order, so "
            + "only the group's own loop may count and yield"
        )
      }
      XCTAssertEqual(
        seen.fractions,
        expected,
        "\(count) jobs ended at the same moment, and the consumer saw \(seen.fractions.count) "
          + "fractions: expected every one of the \(count) fractions, in order, each kept by the "
          + "stream until the consumer reads it"
      )
      XCTAssertEqual(seen.end, "finished at 1 s")
    }
  }

  /// With no executor (nil: anywhere), on the pool's threads, the same rules hold.
  ///
  /// A job's error ends the stream, with no fraction for it, and every other job is cancelled; a
  /// consumer that leaves cancels every job still running. The jobs that do not fail run until cancelled, so
  /// neither outcome depends on timing.
  func test_withNoExecutor_anErrorOrAConsumerThatLeaves_cancelsTheOtherJobs() async throws {
    for failing in [true, false] {
      let cancelled = CancelledJobs()
      // Jobs 1 to 62 throw CancellationError once cancelled; job 63 then returns as if it had
      // ended. Job 0 ends once all 63 have started: every job runs at once (a cap of its own below
      // 64 waits for ever).
      let jobs: [@Sendable () async throws -> Void] =
        [
          {
            await cancelled.waitForStarts(63)
            if failing { throw JobFailed(name: "job 0") }
          }
        ]
        + (1...62).map { index in { try await cancelled.runUntilCancelled(index) } }
        + [{ try await cancelled.runUntilCancelled(63, ignoresTheCancel: true) }]
      let scenario =
        "with no executor (nil): jobs 1 to 63 run until they are cancelled (job 63 then ends as "
        + "if nothing happened); job 0, once they have all started, "
        + (failing ? "throws JobFailed(job 0)" : "ends")
        + "; the consumer leaves its loop after the first fraction, if one comes"
      ScenarioAnnouncer.announce("\(scenario): the test waits for the stream to end")
      let (fractions, end) = try await readOnce(progressUpdates(of: jobs), leavingAfter: 1)
      ScenarioAnnouncer.announce("\(scenario): the test waits for jobs 1 to 63 to be cancelled")
      if failing {
        XCTAssertEqual(
          "\(fractions) then \(end)",
          "[] then threw JobFailed(job 0)",
          "\(scenario): expected no fraction, not even for job 63, and the stream to end with job "
            + "0's error"
        )
      } else {
        XCTAssertEqual(
          "\(fractions) then \(end)",
          "[\(1.0 / 64)] then the consumer left",
          "\(scenario): expected the fraction 1/64, then the consumer's own leaving"
        )
      }
      // Only the answer's cancel ends jobs 1 to 63: if it never comes, the grade says so here.
      await cancelled.waitForAll(63)
      ScenarioAnnouncer.clear()
    }
  }

  /// The driver is a task started with `Task(executorPreference:)`, so the jobs, its children,
  /// see the task-locals of the task that called progressUpdates (a detached task's would not).
  func test_theJobsSeeTheCallersTaskLocals() async throws {
    let seen = Locked<[String]>([])
    let jobs: [@Sendable () async throws -> Void] = (0..<3).map { _ in
      { seen.withLock { $0.append(CallerName.name) } }
    }
    // With no executor, then with one: a driver of the same kind either way.
    for executor in [nil, ThreadPerJob()] as [(any TaskExecutor)?] {
      seen.withLock { $0 = [] }
      let updates = CallerName.$name.withValue("the caller") {
        progressUpdates(of: jobs, executor: executor)
      }
      _ = try await readOnce(updates, leavingAfter: 3)
      XCTAssertEqual(
        seen.withLock { $0 },
        ["the caller", "the caller", "the caller"],
        "a task-local set to \"the caller\" around the call of progressUpdates "
          + (executor == nil ? "with no executor" : "with an executor")
          + ": expected every job to see it, as children of a driver started with "
          + "Task(executorPreference:) do"
      )
    }
  }

  /// Reads `updates` until it ends, or until `limit` fractions have come (then leaves, letting the
  /// stream go): the fractions, and how the loop ended.
  private func readOnce(
    _ updates: AsyncThrowingStream<Double, any Error>,
    leavingAfter limit: Int
  ) async throws -> (fractions: [Double], end: String) {
    var fractions: [Double] = []
    do {
      for try await fraction in updates {
        fractions.append(fraction)
        if fractions.count == limit { return (fractions, "the consumer left") }
      }
      return (fractions, "finished")
    } catch let error as NotImplemented {
      throw error
    } catch {
      return (fractions, "threw \(error)")
    }
  }

  /// The grade: 588 generated streams (0 to 300 jobs, and a few of 1,001 to 1,100 ending together;
  /// a job that throws an error of its own, a CancellationError or a POSIXError too; jobs that
  /// answer a cancel with a CancellationError, their own error or not at all; consumers that leave
  /// after any fraction, let the stream go before they read, are cancelled at any moment, first
  /// read late, or work a while after each fraction), each compared with what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      progressScenarios(count: 300, seed: 51),
      model: progressModel,
      answer: progressAnswer
    )
  }

  /// Streams of the generated scenarios, two at a time on one timeline, each with jobs and a
  /// consumer of its own; in ten pairs both streams fail, and in ten the first fails with a
  /// CancellationError of its own while the second runs on.
  ///
  /// Nothing in the statement is shared between streams: a consumer that goes away, or a stream
  /// that ends, cancels its own driver and jobs, and each stream gives what it gives alone.
  func test_yourAnswer_keepsTheStatement_withTwoStreamsAtOnce() async throws {
    let scenarios = progressScenarios(count: 300, seed: 51)
    // Ten pairs of two failing streams, each failing job with a platform error of its own; ten
    // where a job of the first throws a CancellationError of its own while the second runs on.
    let failing = scenarios.filter {
      guard case .platform = $0.failing?.error else { return false }
      return $0.seconds.count <= 12
    }
    let ownCancel = scenarios.filter {
      $0.failing?.error == .cancellationError && $0.seconds.count <= 12
    }
    let runningOn = scenarios.filter {
      $0.failing == nil && $0.consumer == .readsAll && ($0.seconds.max() ?? 0) >= 3
        && $0.seconds.count <= 12
    }
    try await assertEveryPairTogether(
      scenarios,
      pairs: 30,
      of: { !$0.seconds.isEmpty && $0.seconds.count <= 12 },
      andPairs: Array(zip(failing.prefix(10), failing.dropFirst(10).prefix(10)))
        + zip(ownCancel.prefix(10), runningOn.prefix(10)),
      model: progressModel,
      answer: progressAnswer,
      together: { try await progressAnswersTogether($0, $1) },
      saying: "two streams at once"
    )
  }

  /// Pairs of the generated streams again, both made by one task, which hands each to a consumer
  /// of its own: a stream is the consumer's to end, whoever made it, and a second call from the
  /// same task is another stream; then ten pairs made by a task already cancelled.
  func test_yourAnswer_keepsTheStatement_withTwoStreamsMadeByOneTask() async throws {
    try await assertEveryPairTogether(
      progressScenarios(count: 300, seed: 51),
      pairs: 20,
      of: { !$0.seconds.isEmpty && $0.seconds.count <= 12 },
      model: progressModel,
      answer: progressAnswer,
      together: { try await progressAnswersTogether($0, $1, made: .bothByOneTask) },
      saying: "two streams at once, made one after the other by one task"
    )
    // A task's cancel is its own: the streams it made run on for consumers that are not.
    try await assertEveryPairTogether(
      progressScenarios(count: 300, seed: 51).reversed(),
      pairs: 10,
      of: { !$0.seconds.isEmpty && $0.seconds.count <= 12 },
      model: progressModel,
      answer: progressAnswer,
      together: { try await progressAnswersTogether($0, $1, made: .bothByACancelledTask) },
      saying: "two streams at once, made by one task already cancelled, which hands them to "
        + "consumers that are not"
    )
  }

  /// Generated streams made and read inside the one job of another stream (whose consumer reads
  /// on): each gives what it gives alone, its jobs all at once.
  func test_yourAnswer_keepsTheStatement_whenMadeInsideAnotherStreamsJob() async throws {
    let scenarios = progressScenarios(count: 300, seed: 51)
    guard
      try await givesTheModelInEveryScenario(
        scenarios,
        model: progressModel,
        answer: progressAnswer
      )
    else { return }  // the scenario test reports it
    let inside = scenarios.filter {
      guard case .cancelledAt = $0.consumer else { return $0.seconds.count <= 12 }
      return false
    }
    try await assertEveryScenario(
      inside.prefix(40).map(ProgressInsideAJob.init),
      model: { progressModel($0.inner) },
      answer: { try await progressAnswerInsideAJob($0.inner) }
    )
  }
}
