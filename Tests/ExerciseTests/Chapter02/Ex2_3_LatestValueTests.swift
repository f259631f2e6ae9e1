import ExerciseSupport
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
}
