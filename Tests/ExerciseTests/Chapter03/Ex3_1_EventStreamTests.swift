@testable import GradedScenarios
import ExerciseSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter03Exercises
#endif

// MARK: - Exercise 3.1: a producer that stops with its consumer

final class Ex3_1_EventStreamTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()

  /// Calls `makeEventStream` with `maker.make`, every `interval` of `clock`: this test's interval
  /// and manual clock unless others are given.
  private func startEventStream(
    count: Int,
    madeBy maker: EventMaker,
    every interval: Duration? = nil,
    clock: (any Clock<Duration>)? = nil
  ) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
    makeEventStream(
      count: count,
      every: interval ?? self.interval,
      clock: clock ?? self.clock,
      make: maker.make
    )
  }

  /// Advances the clock by one interval once the producer waits (at once if it has ended).
  private func nextEventIsDue(_ producer: Task<Void, Never>) async {
    await clock.waitForASleeper(orTheEndOf: producer)
    clock.advance(by: interval)
  }

  /// Checks that the consumer's going away cancelled the producer, and waits for it to end.
  private func producerStopped(_ producer: Task<Void, Never>) async -> Bool {
    guard producer.isCancelled else {
      XCTFail(
        "the consumer went away, yet the producer's task is not cancelled; expected it "
          + "cancelled once its consumer is gone"
      )
      producer.cancel()  // so that this test ends
      return false
    }
    await producer.value
    return true
  }

  func test_aConsumerCancelledBeforeItReads_nothingIsMade() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 3, madeBy: maker)
    let reader = StreamReader(events)
    reader.cancel()  // before the producer has made anything, maybe before it has started
    if case .failure(let error) = await reader.end() { try rethrowIfNotImplemented(error) }
    guard await producerStopped(producer) else { return }
    XCTAssertEqual(
      maker.made,
      [],
      "the consumer went away before the first event, yet events \(maker.made) were made; "
        + "expected none"
    )
  }

  func test_aConsumerCancelledWhileTheProducerWaits_noEventIsMadeAfter() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 5, madeBy: maker)
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
      "the consumer went away after event 1, while the producer waited, yet events "
        + "\(maker.made) were made; expected only 0 and 1"
    )
  }

  func test_aConsumerGoneJustAsAWaitEnds_noEventIsMade() async throws {
    let hooked = HookedClock()
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 5, madeBy: maker, clock: hooked)
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
      "the consumer went away just as the wait for event 1 ended, before the producer ran "
        + "again, yet events \(maker.made) were made; expected only event 0"
    )
  }

  func test_aBeforeTheFirstWait_noEventIsMade() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 2, madeBy: maker)
    let reader = StreamReader(events)
    await clock.waitForASleeper(orTheEndOf: producer)
    XCTAssertEqual(
      maker.made,
      [],
      "events \(maker.made) were made before the producer's first wait; expected none before "
        + "one interval has passed"
    )
    reader.cancel()
    _ = await reader.end()
    producer.cancel()  // so that this test ends, whatever the answer
    await producer.value
  }

  func test_aFailingMake_endsTheStreamWithItsError() async throws {
    let maker = EventMaker(failingAt: 1)
    let (events, producer) = startEventStream(count: 3, madeBy: maker)
    let reader = StreamReader(events)
    for _ in 0..<2 { await nextEventIsDue(producer) }
    switch await reader.end() {
    case .success(let received):
      XCTFail(
        "make threw at event 1, yet the stream ended normally after \(received); expected it "
          + "to end with make's error"
      )
    case .failure(let error):
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? MakeFailure,
        MakeFailure(),
        "the stream ended with \(error); expected the error make threw"
      )
    }
    XCTAssertEqual(reader.elements, ["event 0"])
    await producer.value
    XCTAssertEqual(maker.made, [0, 1], "events made after make failed; expected none")
  }

  func test_everyEvent_thenTheStreamEnds_forTwoIntervals() async throws {
    for interval in [Duration.seconds(1), .milliseconds(2500)] {
      let clock = ManualClock()
      let maker = EventMaker()
      let (events, producer) = startEventStream(
        count: 3,
        madeBy: maker,
        every: interval,
        clock: clock
      )
      let reader = StreamReader(events)
      for _ in 0..<3 {
        await clock.waitForASleeper(orTheEndOf: producer)
        guard clock.sleeperCount == 1 else { break }  // a stub that never waits
        XCTAssertEqual(
          clock.sleeperDeadlines,
          [clock.now.advanced(by: interval)],
          "the producer waits \(clock.sleeperDeadlines.map { $0.offset - clock.now.offset }) "
            + "before an event; expected one wait of `every:` (\(interval)), on the clock given"
        )
        clock.advance(by: interval)
      }
      let received = try await reader.end().get()
      XCTAssertEqual(
        received,
        ["event 0", "event 1", "event 2"],
        "every event, in order, made by make(number) after each wait"
      )
      await producer.value
      XCTAssertEqual(maker.made, [0, 1, 2])
    }
  }

  func test_aCountOfZero_finishesAtOnce_withNothingMade() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 0, madeBy: maker)
    let reader = StreamReader(events)
    await clock.waitForASleeper(orTheEndOf: producer)
    XCTAssertEqual(
      clock.sleeperCount,
      0,
      "count 0: the producer waited for an event; expected the stream to finish at once"
    )
    if clock.sleeperCount > 0 { producer.cancel() }  // so that this test ends
    let received = try await reader.end().get()
    XCTAssertEqual(received, [], "count 0: no event")
    await producer.value
    XCTAssertEqual(maker.made, [], "count 0: make is never called")
  }

  func test_everyEvent_waitsForASlowConsumer() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 3, madeBy: maker)
    // The consumer is busy elsewhere until every event is made.
    for _ in 0..<3 { await nextEventIsDue(producer) }
    await producer.value
    var received: [String] = []
    for try await event in events { received.append(event) }
    XCTAssertEqual(
      received,
      ["event 0", "event 1", "event 2"],
      "the consumer read only after all 3 events were made, and got \(received); expected every "
        + "event, in order, kept until it reads"
    )
  }

  /// Its owner cancels the producer while the consumer still waits: the consumer's loop must end.
  func test_theProducerCancelledByItsOwner_endsTheStream() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 5, madeBy: maker)
    let reader = StreamReader(events)
    await nextEventIsDue(producer)
    _ = try await reader.waitFor(count: 1)
    producer.cancel()
    await producer.value
    _ = await reader.end()  // waits for ever if nothing finishes the stream
    XCTAssertEqual(
      maker.made,
      [0],
      "the producer was cancelled after event 0, yet events \(maker.made) were made; expected "
        + "only event 0"
    )
  }

  /// The grade: 667 generated runs (counts from 0 to 3,000, one of 10,001 to 10,050, and Int.max
  /// with a consumer that leaves or an owner that cancels; intervals of zero and from 1 attosecond
  /// to a billion years; make returning texts of its own; make failing at any event, with the
  /// platform's errors and errors that carry another too; consumers that read late, leave while
  /// the producer waits or just as a wait ends; owners that cancel the producer at once, at such
  /// moments or while make runs, that make failing too; streams made in a task already
  /// cancelled), each compared with
  /// what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      eventScenarios(count: 400, seed: 31) + eventScenariosOfOddRuns(seed: 31 &+ 7)
        + eventScenariosOfFailuresAsTheOwnerCancels(count: 30, seed: 31 &+ 8),
      model: eventModel,
      answer: { try await eventAnswer($0) }
    )
  }

  /// Runs of the generated scenarios, each with a second stream made right after its own.
  ///
  /// Nothing in the statement is shared between streams: each must give what it gives alone,
  /// and the other stream its two events.
  func test_yourAnswer_keepsTheStatement_withTwoStreamsAtOnce() async throws {
    let scenarios = eventScenarios(count: 400, seed: 31)
    guard
      try await givesTheModelInEveryScenario(
        scenarios,
        model: eventModel,
        answer: { try await eventAnswer($0) }
      )
    else { return }  // the scenario test reports it
    for run in scenarios.filter({ $0.count <= 60 && $0.waits > 0 }).prefix(40) {
      let got = try await eventAnswer(run, besideAnother: true)
      let expected = eventModel(run)
      guard got == expected else {
        return XCTFail(
          "with a second stream made right after this one (alone, this run gives what the "
            + "statement gives): " + theStatementGives(run, got, expected)
        )
      }
    }
  }
}
