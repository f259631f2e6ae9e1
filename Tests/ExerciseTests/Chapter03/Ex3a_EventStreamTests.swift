@testable import GradedScenarios
import ExerciseSupport
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter03Exercises
#endif

// MARK: - Exercise 3a: a relay that stops with its consumer

final class Ex3a_EventStreamTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()

  /// Calls `relayEvents` with `maker.make`, from an upstream of `count` numbers, one every
  /// `interval` of `clock`: this test's interval and manual clock unless others are given.
  private func startEventStream(
    count: Int,
    madeBy maker: EventMaker,
    every interval: Duration? = nil,
    clock: (any Clock<Duration>)? = nil
  ) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
    relayEvents(
      from: ClockedNumbers(
        count: count,
        interval: interval ?? self.interval,
        clock: clock ?? self.clock
      ),
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
      "the consumer went away after event 1, while the upstream waited, yet events "
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
      "the consumer went away just as the upstream's wait for number 1 ended, before the "
        + "producer ran again, yet events \(maker.made) were made; expected only event 0: a "
        + "number the upstream gives after the cancel makes no event"
    )
  }

  func test_beforeTheUpstreamGivesANumber_noEventIsMade() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 2, madeBy: maker)
    let reader = StreamReader(events)
    await clock.waitForASleeper(orTheEndOf: producer)
    XCTAssertEqual(
      maker.made,
      [],
      "events \(maker.made) were made before the upstream gave a number; expected none before "
        + "it gives one"
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

  func test_eachNumber_makesItsEvent_assoonAsTheUpstreamGivesIt_thenTheStreamEnds() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 3, madeBy: maker)
    let reader = StreamReader(events)
    for number in 0..<3 {
      await nextEventIsDue(producer)
      // A hang here is an event not relayed as soon as its number came.
      _ = try await reader.waitFor(count: number + 1)
      XCTAssertEqual(
        maker.made,
        Array(0...number),
        "the upstream gave \(number): expected make(\(number)) at once, and nothing more"
      )
    }
    let received = try await reader.end().get()
    XCTAssertEqual(
      received,
      ["event 0", "event 1", "event 2"],
      "every event, in order, made by make(number) for each number the upstream gave, then the "
        + "end when the upstream ends"
    )
    await producer.value
  }

  func test_anEmptyUpstream_finishesAtOnce_withNothingMade() async throws {
    let maker = EventMaker()
    let (events, producer) = startEventStream(count: 0, madeBy: maker)
    let reader = StreamReader(events)
    await clock.waitForASleeper(orTheEndOf: producer)
    XCTAssertEqual(
      clock.sleeperCount,
      0,
      "an upstream of no numbers: the producer still waits; expected the stream to finish at once"
    )
    if clock.sleeperCount > 0 { producer.cancel() }  // so that this test ends
    let received = try await reader.end().get()
    XCTAssertEqual(received, [], "an upstream of no numbers: no event")
    await producer.value
    XCTAssertEqual(maker.made, [], "an upstream of no numbers: make is never called")
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

  func test_aFailingUpstream_endsTheStreamWithItsError() async throws {
    let maker = EventMaker()
    let upstream = ClockedNumbers(count: 3, interval: interval, clock: clock, failingAt: 1)
    let (events, producer) = relayEvents(from: upstream, make: maker.make)
    let reader = StreamReader(events)
    for _ in 0..<2 { await nextEventIsDue(producer) }
    switch await reader.end() {
    case .success(let received):
      XCTFail(
        "the upstream threw instead of giving 1, yet the stream ended normally after "
          + "\(received); expected it to end with the upstream's error"
      )
    case .failure(let error):
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? MakeFailure,
        MakeFailure(),
        "the stream ended with \(error); expected the error the upstream threw"
      )
    }
    XCTAssertEqual(reader.elements, ["event 0"])
    await producer.value
    XCTAssertEqual(maker.made, [0], "only 0 came from the upstream")
  }

  /// An upstream with its numbers ready never looks at a cancel: the producer must.
  func test_anUpstreamWithNumbersReady_stopsAtTheOwnersCancel() async throws {
    let upstream = ClockedNumbers(count: Int.max, interval: .zero, clock: clock)
    let made = Locked<[Int]>([])
    let (events, producer) = relayEvents(from: upstream) { number in
      made.withLock { $0.append(number) }
      // The owner cancels the producer while it makes event 2 (the producer's own task: at once).
      if number == 2 { withUnsafeCurrentTask { $0?.cancel() } }
      guard number < 1_000 else { throw MakeFailure() }  // a producer that does not stop
      return "event \(number)"
    }
    await producer.value
    let received = await readAll(events, nil)
    if let error = received.1 { try rethrowIfNotImplemented(error) }
    XCTAssertEqual(
      made.withLock { $0 },
      [0, 1, 2],
      "the upstream gives its numbers at once without looking at the cancel; the owner "
        + "cancelled the producer while it made event 2: expected no make after it"
    )
    XCTAssertLessThanOrEqual(
      upstream.askedAfterTheCancel,
      1,
      "after the cancel, the upstream was asked \(upstream.askedAfterTheCancel) times; expected "
        + "at most once more"
    )
    XCTAssertEqual(
      received.0,
      ["event 0", "event 1", "event 2"],
      "the consumer read only after the producer ended: expected every event made, kept until it "
        + "reads"
    )
  }

  /// 100 streams at once over upstreams on one clock: each relays as its own upstream gives.
  func test_manyStreamsAtOnce_eachRelaysAsItsUpstreamGives() async throws {
    // A stream over an empty upstream ends at once: a stub's ends with NotImplemented, said so
    // here rather than by waiting for upstreams it never asks.
    let probe = relayEvents(from: ClockedNumbers(count: 0, interval: interval, clock: clock)) {
      "\($0)"
    }
    do {
      for try await _ in probe.events {}
    } catch {
      try rethrowIfNotImplemented(error)
    }
    let streams = (0..<100).map { index in
      relayEvents(
        from: ClockedNumbers(
          count: 3,
          interval: interval,
          clock: clock,
          values: [index, -index, 7]
        )
      ) { "stream \(index): \($0)" }
    }
    let readers = streams.map { StreamReader($0.events) }
    // A hang here: fewer than 100 upstreams asked at once, as if the relays took turns.
    await clock.waitForSleepers(count: 100)
    clock.advance(by: interval)
    for (index, reader) in readers.enumerated() {
      let read = try await reader.waitFor(count: 1)
      XCTAssertEqual(
        read,
        ["stream \(index): \(index)"],
        "100 streams at once, each upstream giving its first number after 1 s: expected each "
          + "stream's own first event, as its own upstream gave it"
      )
    }
    readers.forEach { $0.cancel() }
    for (reader, stream) in zip(readers, streams) {
      _ = await reader.end()
      await stream.producer.value
    }
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

  /// The grade: generated runs (upstreams of 0 to 3,000 numbers, one of 10,001 to 10,050, and of
  /// Int.max with a consumer that leaves or an owner that cancels; numbers ready at once, or each
  /// after a wait of 1 attosecond to a billion years; make returning texts of its own; make or the
  /// upstream failing at any number, with the platform's errors and errors that carry another too;
  /// consumers that read late, leave while the upstream waits or just as a wait ends; owners that
  /// cancel the producer at once, at such moments or while make runs, that make failing too;
  /// streams made in a task already cancelled), each compared with what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      eventScenarios(count: 400, seed: 31) + eventScenariosOfOddRuns(seed: 31 &+ 7)
        + eventScenariosOfFailuresAsTheOwnerCancels(count: 30, seed: 31 &+ 8)
        + eventScenariosOfOddNumbers(count: 300, seed: 31 &+ 9),
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
