import ExerciseSupport
import LessonSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 2.3: latest value only

final class Ex2_3_LatestValueTests: GradedTestCase {
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

  /// Two threads make streams side by side: each call must return its own stream's continuation.
  ///
  /// A call that hands its continuation out through shared state gets the other call's only
  /// when that call writes between its own write and read. The race is met by chance only: a
  /// global or a holder written and read in two steps fails here in some runs, not in all. No
  /// barrier between calls: on a busy machine, one makes each call wait for both threads to run.
  func test_streamsMadeOnTwoThreadsAtOnce_eachGetItsOwnContinuation() async throws {
    let (first, firstContinuation) = makeLatestValueStream()
    firstContinuation.finish()
    for try await _ in first {}  // a stub's NotImplemented ends the test here

    let calls = 20_000
    let made = [Locked<[Made]>([]), Locked<[Made]>([])]
    await onTwoThreadsAtOnce { lane in
      var mine: [Made] = []
      mine.reserveCapacity(calls)
      for _ in 0..<calls {
        let pair = makeLatestValueStream()
        mine.append((lane, pair.stream, pair.continuation))
      }
      made[lane].withLock { $0 = mine }
    }
    // A stream's first value waits alone; a continuation that two calls returned gets a second
    // value, which evicts the first.
    let all = made[0].withLock { $0 } + made[1].withLock { $0 }
    let shared = all.filter { pair in
      if case .enqueued = pair.continuation.yield(Double(pair.lane)) { false } else { true }
    }
    all.forEach { $0.continuation.finish() }
    guard shared.isEmpty else {
      return XCTFail(
        "two threads made \(calls) streams each, side by side, and \(shared.count) calls "
          + "returned a continuation another call had returned too; expected each call to "
          + "return the continuation of the stream it returned"
      )
    }
    for pair in all.prefix(10) {  // the pairing, also checked on one thread above
      var received: [Double] = []
      for try await value in pair.stream { received.append(value) }
      guard received == [Double(pair.lane)] else {
        return XCTFail(
          "a stream made on thread \(pair.lane) got \(received); expected what its own "
            + "continuation yielded, [\(Double(pair.lane))]"
        )
      }
    }
  }

  private typealias Made = (
    lane: Int,
    stream: AsyncThrowingStream<Double, any Error>,
    continuation: AsyncThrowingStream<Double, any Error>.Continuation
  )
}
