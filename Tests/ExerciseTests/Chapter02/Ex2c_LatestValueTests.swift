@testable import GradedScenarios
import ExerciseSupport
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter02Exercises
#endif

// MARK: - Exercise 2c: latest value only

final class Ex2c_LatestValueTests: GradedTestCase {
  func test_nothingYielded_nothingRead() async throws {
    let (stream, continuation) = makeLatestValueStream()
    continuation.finish()
    var received: [Double] = []
    for try await reading in stream { received.append(reading) }
    XCTAssertEqual(received, [], "the consumer read values nobody yielded; expected none")
  }

  func test_valuesYieldedWhileTheConsumerWasBusy_leaveOnlyTheNewest() async throws {
    let (stream, continuation) = makeLatestValueStream()
    for reading in [20.5, 21.0, 21.5, 22.0] { continuation.yield(reading) }
    continuation.finish()
    var received: [Double] = []
    for try await reading in stream { received.append(reading) }
    XCTAssertEqual(received, [22.0], "expected only the newest value")
  }

  func test_aSlowConsumer_alwaysSkipsToTheNewest() async throws {
    let (stream, continuation) = makeLatestValueStream()
    var iterator = stream.makeAsyncIterator()
    continuation.yield(1)
    let first = try await iterator.next()
    continuation.yield(2)
    continuation.yield(3)
    let second = try await iterator.next()
    continuation.finish()
    let end = try await iterator.next()
    XCTAssertEqual(
      [first, second],
      [1, 3],
      "after a busy spell the consumer did not get the newest value"
    )
    XCTAssertNil(end, "the stream did not end after finish()")
  }

  /// Two threads make streams in step: each call must return its own stream's continuation.
  ///
  /// Run under --sanitize=thread too (the grader does, once the plain run passes): there any
  /// state two calls write with nothing to order them is reported.
  func test_streamsMadeOnTwoThreadsAtOnce_eachGetItsOwnContinuation() async throws {
    let (first, firstContinuation) = makeLatestValueStream()
    firstContinuation.finish()
    for try await _ in first {}  // a stub's NotImplemented ends the test here

    // A call that hands its continuation out through shared state gets the other call's when
    // that call writes between its own write and read: a window no callback of the test's can
    // reach into. Two threads make a stream each, round after round, both starting together,
    // one a few nanoseconds later each time (lags cycle through -16...16 spins), so the two
    // writes and reads fall across each other. Only rounds whose two calls overlapped count:
    // the test runs until five thousand did, or for at most 2 s, and judges the rounds it got,
    // so a busy machine never fails a right answer. Under the sanitizer the calls take turns.
    let (wanted, most) = ThreadSanitizer.isRunning ? (0, 200) : (5_000, 50_000)
    let batch = min(most, 250)
    let clock = ContinuousClock()
    let busyMachineStops = clock.now + .seconds(2)
    var (rounds, together) = (0, 0)
    while rounds < most && (together < wanted || ThreadSanitizer.isRunning)
      && clock.now < busyMachineStops
    {
      let pairs = (0..<batch).map { _ in Arrivals() }
      let made = [Locked<[Made]>([]), Locked<[Made]>([])]
      await inRounds(batch) { lane, round in
        let lag = round % 33 - 16
        pairs[round].spin(lane == 0 ? max(0, -lag) : max(0, lag))
        var pair: (AsyncThrowingStream<Double, any Error>, Continuation)?
        inStep(pairs[round]) { pair = makeLatestValueStream() }
        if let (stream, continuation) = pair {
          made[lane].withLock { $0.append((lane, stream, continuation)) }
        }
      }
      // A stream's first value waits alone; a continuation that two calls returned gets a
      // second value, which evicts the first. Each call's value is its own: its place in `all`.
      let all = made[0].withLock { $0 } + made[1].withLock { $0 }
      let shared = all.enumerated().filter { index, pair in
        if case .enqueued = pair.continuation.yield(Double(index)) { false } else { true }
      }
      all.forEach { $0.continuation.finish() }
      together += pairs.filter(\.callsOverlapped).count
      rounds += batch
      guard shared.isEmpty else {
        return XCTFail(
          "two threads made streams at the same time, \(together) times, and \(shared.count) "
            + "calls returned a continuation another call had returned too; expected each call "
            + "to return the continuation of the stream it returned"
        )
      }
      // Every stream gets its own call's value: two calls that swapped their continuations (a
      // shared stack or queue between the build closure and the return) each return one once.
      for (index, pair) in all.enumerated() {
        var received: [Double] = []
        for try await value in pair.stream { received.append(value) }
        guard received == [Double(index)] else {
          return XCTFail(
            "two threads made streams at the same time, \(together) times, and a stream made on "
              + "thread \(pair.lane) got \(received), what another call's continuation yielded; "
              + "expected what its own continuation yielded, [\(Double(index))]: each call "
              + "returns the continuation of the stream it returns"
          )
        }
      }
    }
  }

  /// A stream made first still works after many more are made (past 2^10 and 2^16 of them).
  func test_yourAnswer_streamsMadeEarlier_stillWork_afterManyMore() async throws {
    let (first, firstContinuation) = makeLatestValueStream()
    let more = 70_000
    for _ in 0..<more {
      let (_, continuation) = makeLatestValueStream()
      continuation.finish()
    }
    let yielded = firstContinuation.yield(1.0)
    firstContinuation.finish()
    var received: [Double] = []
    for try await value in first { received.append(value) }  // a stub's NotImplemented ends it
    var enqueued = false
    if case .enqueued = yielded { enqueued = true }
    XCTAssertTrue(
      enqueued && received == [1.0],
      "a stream was made, then \(more) more, each finished; then the first stream's continuation "
        + "yielded 1.0 (yield returned \(yielded)) and finished, and its consumer read "
        + "\(received); expected .enqueued and [1.0]: a stream ends after its own finish(), or "
        + "when its own consumer leaves"
    )
  }

  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      latestScenarios(count: 300, seed: 23)
        + latestScenariosMadeInACancelledTask(count: 40, seed: 23 &+ 1),
      model: latestModel,
      answer: latestAnswer,
      explain: explainLatest
    )
  }

  private typealias Continuation = AsyncThrowingStream<Double, any Error>.Continuation
  private typealias Made = (
    lane: Int,
    stream: AsyncThrowingStream<Double, any Error>,
    continuation: Continuation
  )
}
