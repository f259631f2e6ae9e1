import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 2.1: a push stream that finishes

final class Ex2_1_TicksTests: GradedTestCase {
  func test_aBurstOfTicksBeforeTheConsumerReads_allArrive() async throws {
    var received: [Int] = []
    for try await tick in ticks(from: BurstTickSource(count: 1_000)) { received.append(tick) }
    XCTAssertEqual(
      received,
      Array(0..<1_000),
      "ticks yielded before the consumer read were lost; expected all 1000, in order"
    )
  }

  func test_everyTick_thenTheStreamEnds() async throws {
    // A tick equal to the one before it is a tick too; and a source may have none at all.
    for script in [[3, 1, 4, 1, 5], [2, 2, 0], []] {
      var received: [Int] = []
      for try await tick in ticks(from: ScriptedTickSource(ticks: script)) {
        received.append(tick)
      }
      XCTAssertEqual(received, script, "expected every tick, in order, then the end")
    }
  }

  func test_aFailingSource_throwsItsError() async throws {
    var received: [Int] = []
    do {
      for try await tick in ticks(
        from: ScriptedTickSource(ticks: [7, 8], failing: ScriptedFailure())
      ) {
        received.append(tick)
      }
      XCTFail("the source failed, yet the stream ended without an error")
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? ScriptedFailure,
        ScriptedFailure(),
        "the stream threw \(error); expected the source's own error"
      )
    }
    XCTAssertEqual(received, [7, 8])
  }

  func test_aConsumerThatStops_stopsTheSource() async throws {
    let source = ScriptedTickSource(endless: true)
    var received = 0
    for try await _ in ticks(from: source) {
      received += 1
      if received == 3 { break }
    }
    XCTAssertTrue(
      source.isStopped,
      "the consumer went away, and the source was not stopped"
    )
  }
}
