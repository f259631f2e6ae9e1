import ExerciseSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 3.1: a producer that stops with its consumer

final class Ex3_1_EventStreamTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()

  /// Advances the clock by one interval once the producer waits (at once if it has ended).
  private func nextEventIsDue(_ producer: Task<Void, Never>) async {
    await clock.waitForASleeper(orTheEndOf: producer)
    clock.advance(by: interval)
  }

  /// Checks that the consumer's going away cancelled the producer, and waits for it to end.
  private func producerStopped(_ producer: Task<Void, Never>) async -> Bool {
    guard producer.isCancelled else {
      XCTFail("when the consumer goes away, onTermination must cancel the producer's task")
      producer.cancel()  // so that this test ends
      return false
    }
    await producer.value
    return true
  }

  func test_aConsumerCancelledBeforeItReads_nothingIsMade() async throws {
    let maker = EventMaker()
    let (events, producer) = makeEventStream(
      count: 3,
      every: interval,
      clock: clock,
      make: maker.make
    )
    let reader = StreamReader(events)
    reader.cancel()  // before the producer has made anything, maybe before it has started
    if case .failure(let error) = await reader.end() { try rethrowIfNotImplemented(error) }
    guard await producerStopped(producer) else { return }
    XCTAssertEqual(
      maker.made,
      [],
      "the consumer went away before the first event, so none may be made (a try? around the "
        + "wait swallows the cancel, and the producer goes on)"
    )
  }

  func test_aConsumerCancelledWhileTheProducerWaits_noEventIsMadeAfter() async throws {
    let maker = EventMaker()
    let (events, producer) = makeEventStream(
      count: 5,
      every: interval,
      clock: clock,
      make: maker.make
    )
    let reader = StreamReader(events)
    for _ in 0..<2 { await nextEventIsDue(producer) }
    let received = try await reader.waitFor(count: 2)
    XCTAssertEqual(received, ["event 0", "event 1"])
    reader.cancel()
    _ = await reader.end()
    guard await producerStopped(producer) else { return }
    XCTAssertEqual(
      maker.made,
      [0, 1],
      "the consumer went away after event 1, while the producer waited: no event may be made "
        + "after that (a try? around the wait swallows the cancel)"
    )
  }

  func test_aConsumerGoneJustAsAWaitEnds_noEventIsMade() async throws {
    let hooked = HookedClock()
    let maker = EventMaker()
    let (events, producer) = makeEventStream(
      count: 5,
      every: interval,
      clock: hooked,
      make: maker.make
    )
    let reader = StreamReader(events)
    await hooked.manual.waitForASleeper(orTheEndOf: producer)
    hooked.manual.advance(by: interval)
    _ = try await reader.waitFor(count: 1)
    // The second wait ends; before the producer runs again, its consumer goes away.
    hooked.afterNextWake {
      reader.cancel()
      _ = await reader.end()
    }
    await hooked.manual.waitForASleeper(orTheEndOf: producer)
    hooked.manual.advance(by: interval)
    _ = await reader.end()
    guard await producerStopped(producer) else { return }
    XCTAssertEqual(
      maker.made,
      [0],
      "the consumer went away just as the wait for event 1 ended: a wait that is already over "
        + "returns normally, so look for cancellation again before making the event"
    )
  }

  func test_aFailingMake_endsTheStreamWithItsError() async throws {
    let maker = EventMaker(failingAt: 1)
    let (events, producer) = makeEventStream(
      count: 3,
      every: interval,
      clock: clock,
      make: maker.make
    )
    let reader = StreamReader(events)
    for _ in 0..<2 { await nextEventIsDue(producer) }
    switch await reader.end() {
    case .success(let received):
      XCTFail(
        "make threw at event 1, so the stream must throw its error (it ended after \(received))"
      )
    case .failure(let error):
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? MakeFailure,
        MakeFailure(),
        "finish(throwing:) the error make threw (the stream threw \(error))"
      )
    }
    XCTAssertEqual(reader.elements, ["event 0"])
    await producer.value
    XCTAssertEqual(maker.made, [0, 1], "after make fails, no event is made")
  }

  func test_everyEvent_thenTheStreamEnds() async throws {
    let maker = EventMaker()
    let (events, producer) = makeEventStream(
      count: 3,
      every: interval,
      clock: clock,
      make: maker.make
    )
    let reader = StreamReader(events)
    for _ in 0..<3 { await nextEventIsDue(producer) }
    let received = try await reader.end().get()
    XCTAssertEqual(
      received,
      ["event 0", "event 1", "event 2"],
      "every event, in order, made by make(number) after each wait"
    )
    await producer.value
    XCTAssertEqual(maker.made, [0, 1, 2])
    XCTAssertEqual(
      clock.now.offset,
      .seconds(3),
      "one wait of `interval` before each event, on the clock given"
    )
  }
}
