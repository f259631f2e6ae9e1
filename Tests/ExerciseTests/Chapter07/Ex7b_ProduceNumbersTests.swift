@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import MiniCombine
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter07Exercises
#endif

// MARK: - Exercise 7b: a producer that pauses and stops

/// The real context, except that it says cancelled once `after` numbers are made.
private struct StopsAfter: CreateContext {
  let inner: any CreateContext
  let made: Locked<Int>
  let after: Int

  private var stopped: Bool { made.withLock { $0 } >= after }
  var paused: Bool { !stopped && inner.paused }
  var cancelled: Bool { stopped || inner.cancelled }

  func waitIfPaused() {
    if !stopped { inner.waitIfPaused() }
  }
}

/// The real context, which also says "waiting" when the producer waits while paused.
private struct SpyContext: CreateContext {
  let inner: any CreateContext
  let note: @Sendable (String) -> Void

  var paused: Bool { inner.paused }
  var cancelled: Bool { inner.cancelled }

  func waitIfPaused() {
    if inner.paused { note("waiting") }
    inner.waitIfPaused()
  }
}

final class Ex7b_ProduceNumbersTests: GradedTestCase {
  private typealias Recorder = RecordingSubscriber<Int, Never>

  /// What the producer did and the subscriber got, one event at a time, on one timeline:
  /// "made 3", "got 3", "waiting", and how the producer ended: "returned" or
  /// "threw CancellationError".
  private struct Run {
    var events: AsyncStream<String>.Iterator
    let recorder: Recorder
    var subscription: any Subscription { recorder.subscription }

    /// The events up to and including the first one `isLast` accepts.
    mutating func events(through isLast: (String) -> Bool) async throws -> [String] {
      var seen: [String] = []
      while let event = await events.next() {
        if event == "threw \(NotImplemented("7b"))" { throw NotImplemented("7b") }
        seen.append(event)
        if isLast(event) { break }
      }
      return seen
    }
  }

  /// Runs `produceNumbers(upTo: limit, ...)` in a `Create`, for a subscriber that asks for
  /// nothing until the test does, and cancels from inside `receive(_:)` at `cancelAt`.
  private func run(upTo limit: Int, cancelAt: Int? = nil) -> Run {
    let (events, note) = AsyncStream.makeStream(of: String.self)
    let publisher = Create<Int, Never> { subscriber, context in
      do {
        let spy = SpyContext(inner: context) { note.yield($0) }
        try produceNumbers(upTo: limit, to: subscriber, context: spy) { note.yield("made \($0)") }
        note.yield("returned")
      } catch is CancellationError {
        note.yield("threw CancellationError")
      } catch {
        note.yield("threw \(error)")
      }
      note.finish()  // so a test waiting for more hears the producer is done
    }
    let recorder = Recorder { value, recorder in
      note.yield("got \(value)")
      if value == cancelAt { recorder.subscription.cancel() }
      return .none
    }
    publisher.receive(subscriber: recorder)
    return Run(events: events.makeAsyncIterator(), recorder: recorder)
  }

  private func isEnd(_ event: String) -> Bool {
    event == "returned" || event.hasPrefix("threw")
  }

  func test_sendsEveryNumberInOrder_thenFinished() async throws {
    var run = run(upTo: 5)
    run.subscription.request(.unlimited)
    let events = try await run.events(through: isEnd)
    XCTAssertEqual(
      events,
      (0..<5).flatMap { ["made \($0)", "got \($0)"] } + ["returned"],
      "with all the demand there is: made(n), just before sending n, for 0 to 4; then return"
    )
    XCTAssertEqual(
      run.recorder.log,
      ["0", "1", "2", "3", "4", "finished"],
      "every number in order, then finished"
    )
    // Exactly as many asked for as there are: done, with no wait for another request.
    var exact = self.run(upTo: 3)
    exact.subscription.request(.max(3))
    let exactEvents = try await exact.events { $0 == "waiting" || isEnd($0) }
    XCTAssertEqual(
      exactEvents.last,
      "returned",
      "asked for 3 of 3 numbers, the producer waited for another request; expected it "
        + "finished without waiting for another request"
    )
  }

  func test_makesANumberOnlyWhenOneIsWanted_andSleepsInBetween() async throws {
    var run = run(upTo: 100)
    run.subscription.request(.max(3))
    let first = try await run.events { $0 == "waiting" || $0 == "made 3" || isEnd($0) }
    XCTAssertEqual(
      first.first,
      "made 0",
      "first comes made(0), just before the 0 is sent (numbers start at 0)"
    )
    XCTAssertFalse(
      first.contains("made 3"),
      "made the 3 when only 3 numbers were asked for: expected no number made while paused"
    )
    XCTAssertEqual(
      first,
      ["made 0", "got 0", "made 1", "got 1", "made 2", "got 2", "waiting"],
      "asked for 3: made 0, 1 and 2, then waited in waitIfPaused(): "
        + "an end while paused is too soon (paused is not cancelled)"
    )
    run.subscription.request(.max(2))
    let second = try await run.events { $0 == "waiting" || isEnd($0) }
    XCTAssertEqual(
      second,
      ["made 3", "got 3", "made 4", "got 4", "waiting"],
      "asked for 2 more: 3 and 4"
    )
    run.subscription.cancel()
    _ = try await run.events(through: isEnd)
    XCTAssertEqual(run.recorder.log, ["0", "1", "2", "3", "4"])
  }

  func test_stopsWhenCancelled_withoutMakingAnotherNumber() async throws {
    var run = run(upTo: 100)
    run.subscription.request(.max(2))
    _ = try await run.events { $0 == "waiting" || isEnd($0) }
    run.subscription.cancel()
    let events = try await run.events(through: isEnd)
    XCTAssertFalse(
      events.contains("made 3"),
      "made numbers after the cancel: expected none"
    )
    XCTAssertFalse(
      events.contains("made 2"),
      "made a number after waking up cancelled: expected none once cancelled, even the one "
        + "it waited to make"
    )
    XCTAssertEqual(
      events,
      ["threw CancellationError"],
      "cancelled while waiting: expected CancellationError thrown, and nothing made"
    )
    XCTAssertEqual(run.recorder.log, ["0", "1"])

    // Cancelled from inside receive(_:) at the 2, while every number is wanted.
    var wanted = self.run(upTo: 100, cancelAt: 2)
    wanted.subscription.request(.unlimited)
    let wantedEvents = try await wanted.events(through: isEnd)
    XCTAssertFalse(
      wantedEvents.contains("made 3"),
      "made numbers after a cancel that came while more were wanted (in receive(_:) of the 2): "
        + "expected none after the 2"
    )
    XCTAssertEqual(
      wantedEvents.last,
      "threw CancellationError",
      "cancelled in receive(_:) of the 2, while more numbers were wanted, the producer ended "
        + "with \"\(wantedEvents.last ?? "nothing")\": expected CancellationError thrown, as "
        + "for a cancel while paused"
    )
  }

  func test_upToZero_sendsOnlyFinished() async throws {
    var run = run(upTo: 0)
    run.subscription.request(.max(1))  // the producer starts on the first demand
    let events = try await run.events(through: isEnd)
    XCTAssertEqual(
      events,
      ["returned"],
      "upTo: 0 is no number to make: expected the producer to return at once, making nothing"
    )
    XCTAssertEqual(
      run.recorder.log,
      ["finished"],
      "upTo: 0 is no number to send: expected .finished alone, which needs no demand"
    )
  }

  /// A context that says cancelled once `after` numbers are made, while the subscription still
  /// delivers: what a wrapper's cancel looks like (one that stops a producer before its
  /// subscriber goes), and what shows whether the producer sends anything once cancelled.
  func test_whenTheContextSaysCancelled_nothingMoreIsSent_notEvenFinished() async throws {
    let (events, note) = AsyncStream.makeStream(of: String.self)
    let made = Locked(0)
    let publisher = Create<Int, Never> { subscriber, context in
      do {
        let stops = StopsAfter(inner: context, made: made, after: 2)
        try produceNumbers(upTo: 5, to: subscriber, context: stops) { number in
          made.withLock { $0 += 1 }
          note.yield("made \(number)")
        }
        note.yield("returned")
      } catch is CancellationError {
        note.yield("threw CancellationError")
      } catch {
        note.yield("threw \(error)")
      }
      note.finish()
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    var run = Run(events: events.makeAsyncIterator(), recorder: recorder)
    let seen = try await run.events(through: isEnd)
    recorder.subscription.cancel()
    XCTAssertEqual(
      seen,
      ["made 0", "made 1", "threw CancellationError"],
      "upTo: 5, every number wanted, and a context that says cancelled once 2 numbers are made: "
        + "the producer went \(seen); the statement gives made 0, made 1, then "
        + "CancellationError thrown"
    )
    XCTAssertEqual(
      recorder.log,
      ["0", "1"],
      "upTo: 5, and a context that says cancelled once 2 numbers are made (the subscription "
        + "still delivers): the subscriber got \(recorder.log); the statement gives 0 and 1, "
        + "then nothing: once cancelled, send nothing, not even finished"
    )
  }

  /// The grade: 302 generated runs (limits from 0 to 200, now and then up to 20,000, and, when
  /// grading, two of 100,001 to 400,000; demands of one, a few or every number; pauses; cancels
  /// before the producer starts, while it waits and from inside receive(_:)), each compared with
  /// what the statement says happens.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      producerScenarios(count: 300, seed: 72)
        + onlyWhenGrading(producerScenariosOfLongRuns(count: 2, seed: 72)),
      model: producerModel,
      answer: producerAnswer,
      explain: explainProducer
    )
  }

  /// A cancel with numbers left, up to Int.max: the producer throws at once.
  ///
  /// It must not walk the rest of the range. One that keeps asking its context after the cancel is told so; one that
  /// walks the range without asking never ends, and the grader names the wait. The cancels come
  /// inside receive(_:) and before the start, never only at a pause: a producer that never waits
  /// (a mistake an earlier test names) would otherwise never be cancelled, and hang here.
  func test_yourAnswer_stopsAtTheCancel_evenUpToIntMax() async throws {
    try await assertEveryScenario(
      [
        ProducerScenario(
          limit: Int.max,
          first: .max(3),
          whenPaused: [],
          insideReceive: [2: .cancel]
        ),
        ProducerScenario(
          limit: Int.max,
          first: .unlimited,
          whenPaused: [],
          insideReceive: [5: .cancel]
        ),
        ProducerScenario(
          limit: Int.max,
          first: .max(1),
          cancelledBeforeStart: true,
          whenPaused: [],
          insideReceive: [:]
        ),
      ],
      model: producerModel,
      answer: producerAnswer,
      explain: explainProducer
    )
  }
}
