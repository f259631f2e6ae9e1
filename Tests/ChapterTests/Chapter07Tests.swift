import Foundation
import HTTPFixtures
import LessonSupport
import MiniCombine
import TestTooling
import XCTest

@testable import Chapter07

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private typealias Recorder = RecordingSubscriber<Int, Never>

final class Chapter07Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter07", docsPage: "Chapter07-CustomPublishers.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    try assertSectionsHaveDocsHeadings(chapter07, docsPage: "Chapter07-CustomPublishers.md")
    try assertDocsSnippetsMatchCode(
      chapterFolder: "Chapters/Chapter07",
      docsPage: "Chapter07-CustomPublishers.md"
    )
    try assertDocsLinksExist(in: ["Chapters/Chapter07"])
  }

  func test_unknownOption_printsUsageOnStderr_andExits64() async throws {
    let result = try await runChapter("Chapter07", arguments: ["--bogus"])
    XCTAssertEqual(result.termination, .exited(64))
    XCTAssertTrue(result.stderr.contains("usage: swift run Chapter07"), result.stderr)
  }

  // MARK: - 7.1 Publisher, subscriber, demand

  func test_countdown_sendsOnlyWhatWasAsked_andAddsWhatReceiveReturns() {
    let recorder = Recorder { value, _ in value == 4 ? .max(1) : .none }
    Countdown(start: 5).receive(subscriber: recorder)
    XCTAssertEqual(recorder.log, [], "nothing before a request")
    recorder.subscription.request(.max(2))
    XCTAssertEqual(recorder.log, ["5", "4", "3"], "two asked, one more returned with the 4")
    recorder.subscription.request(.max(1))
    XCTAssertEqual(recorder.log, ["5", "4", "3", "2"])
    recorder.subscription.request(.unlimited)
    recorder.subscription.request(.unlimited)
    XCTAssertEqual(recorder.log, ["5", "4", "3", "2", "1", "finished"], "one completion only")
  }

  func test_countdown_requestFromInsideReceive_staysInOrder() {
    // Each value asks for one more from inside receive(_:), through the subscription.
    let recorder = Recorder { _, recorder in
      recorder.subscription.request(.max(1))
      return .none
    }
    Countdown(start: 4).receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    XCTAssertEqual(recorder.log, ["4", "3", "2", "1", "finished"])
  }

  func test_countdown_unlimitedPlusMore_saturates_doesNotTrap() {
    let recorder = Recorder { _, _ in .max(Int.max) }
    Countdown(start: 3).receive(subscriber: recorder)
    recorder.subscription.request(.max(Int.max))
    XCTAssertEqual(recorder.log, ["3", "2", "1", "finished"])
  }

  func test_countdown_afterCancel_sendsNothing() {
    let recorder = Recorder()
    Countdown(start: 3).receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    recorder.subscription.cancel()
    recorder.subscription.request(.unlimited)
    XCTAssertEqual(recorder.log, ["3"], "no value and no completion after cancel")
  }

  // MARK: - 7.2 Create with a closure

  func test_fourTwoSeven_startsOnTheFirstDemand_andDropsWhatWasNotAskedFor() {
    let starts = Locked(0)
    let recorder = Recorder()
    fourTwoSeven { starts.withLock { $0 += 1 } }.receive(subscriber: recorder)
    XCTAssertEqual(starts.withLock { $0 }, 0)
    recorder.subscription.request(.max(2))
    XCTAssertEqual(starts.withLock { $0 }, 1)
    XCTAssertEqual(recorder.log, ["4", "2", "finished"], "the 7 came without demand: dropped")
  }

  // MARK: - 7.3 A data task you can cancel

  func test_myDataTaskPublisher_sendsTheBody_thenFinished() async throws {
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.urlCache = nil  // a cancel meeting a cache can trap (Chapter04, 4.4)
    let session = URLSession(configuration: sessionConfiguration)
    defer { session.finishTasksAndInvalidate() }
    try await FixtureServer.serving { server in
      let url = server.url("/users/1")
      let (expected, _) = try await session.data(from: url)
      let ended = OneShotSignal<[String]>()
      let received = Locked<[String]>([])
      let cancellable = session.myDataTaskPublisher(for: url).sink { completion in
        ended.fire(received.withLock { $0 } + ["\(completion)"])
      } receiveValue: { data in
        received.withLock { $0.append(data == expected ? "the body" : "other bytes") }
      }
      let events = await ended.wait()
      XCTAssertEqual(events, ["the body", "finished"])
      cancellable.cancel()
    }
  }

  func test_myDataTaskPublisher_anError_isTheFailureCompletion() async throws {
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.urlCache = nil  // a cancel meeting a cache can trap (Chapter04, 4.4)
    let session = URLSession(configuration: sessionConfiguration)
    defer { session.finishTasksAndInvalidate() }
    let refusing = try RefusingPort()  // nobody listens there: the connection is refused
    defer { withExtendedLifetime(refusing) {} }
    let url = URL(string: "http://127.0.0.1:\(refusing.port)/users/1")!
    let ended = OneShotSignal<String>()
    let cancellable = session.myDataTaskPublisher(for: url).sink { completion in
      if case .failure(let error) = completion {
        ended.fire(error is URLError ? "URLError" : "\(error)")
      } else {
        ended.fire("\(completion)")
      }
    } receiveValue: { _ in
      ended.fire("a value")
    }
    let outcome = await ended.wait()
    XCTAssertEqual(outcome, "URLError")
    cancellable.cancel()
  }

  func test_myDataTaskPublisher_cancel_cancelsTheRequestInFlight() async throws {
    let (serverLog, logLine) = AsyncStream.makeStream(of: String.self)
    let (arrivals, arrived) = AsyncStream.makeStream(of: String.self)
    let configuration = FixtureServer.Configuration(
      delays: ["/users/1": .seconds(86_400)],  // only the client leaving ends this request
      log: { logLine.yield($0) },
      received: { arrived.yield($0) }
    )
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.urlCache = nil  // a cancel meeting a cache can trap (Chapter04, 4.4)
    let session = URLSession(configuration: sessionConfiguration)
    defer { session.finishTasksAndInvalidate() }
    try await FixtureServer.serving(configuration) { server in
      let received = Locked<[String]>([])
      let publisher = session.myDataTaskPublisher(for: server.url("/users/1"))
      let cancellable = publisher.sink { completion in
        received.withLock { $0.append("\(completion)") }
      } receiveValue: { _ in
        received.withLock { $0.append("a value") }
      }
      for await request in arrivals where request == "GET /users/1" { break }
      cancellable.cancel()
      var lines = serverLog.makeAsyncIterator()
      let line = await lines.next()
      XCTAssertEqual(line, "GET /users/1 closed by the client before the answer")
      XCTAssertEqual(received.withLock { $0 }, [], "nothing reaches a cancelled sink")
    }
  }

  func test_future_sendsItsOneValue_butItsCancelStopsNothing() async {
    let promise = Locked<(@Sendable (Result<Int, Never>) -> Void)?>(nil)
    let attempts = Locked(0)
    let oneShot: Create<Int, Never> = future { fulfil in
      attempts.withLock { $0 += 1 }
      promise.withLock { $0 = fulfil }
    }
    let recorder = Recorder()
    oneShot.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    promise.withLock { $0 }?(.success(42))
    XCTAssertEqual(recorder.log, ["42", "finished"])

    let cancelled = Recorder()
    oneShot.receive(subscriber: cancelled)
    cancelled.subscription.request(.unlimited)
    cancelled.subscription.cancel()
    XCTAssertEqual(attempts.withLock { $0 }, 2, "the work started, and nothing stopped it")
    promise.withLock { $0 }?(.success(7))  // the work ends anyway; nobody hears it
    XCTAssertEqual(cancelled.log, [])
  }

  // MARK: - 7.4 A number generator on a thread

  func test_numberGenerator_sendsInOrder_andItsThreadStopsAfterTheCancel() async {
    let stopped = OneShotSignal<Int>()
    let subscriber = CountingSubscriber(cancelAt: 1_000)
    numberGenerator { stopped.fire($0) }.receive(subscriber: subscriber)
    let sent = await stopped.wait()
    XCTAssertEqual(subscriber.values, Array(0...1_000))
    // The thread may send before the closure returns the cancellable, and the cancel come
    // first; Create runs the cancellable when it arrives. So the thread stops, perhaps later.
    XCTAssertGreaterThanOrEqual(sent, 1_001, "the loop ended, after the number that cancelled")
  }

  func test_blockingGenerator_blocksTheFirstRequest_andTheCancelCannotStopIt() {
    let report = Locked<(sent: Int, dropped: Int)?>(nil)
    let subscriber = CountingSubscriber(cancelAt: 10)
    blockingGenerator(safetyLimit: 5_000) { sent, dropped in
      report.withLock { $0 = (sent, dropped) }
    }.receive(subscriber: subscriber)
    // receive(subscriber:) has returned: so the whole loop ran inside it, on this thread.
    let final = report.withLock { $0 }
    XCTAssertEqual(final?.sent, 5_000, "the cancel at 10 did not stop the loop")
    XCTAssertEqual(final?.dropped, 5_000 - 11, "after the cancel, every number was dropped")
    XCTAssertEqual(subscriber.values, Array(0...10))
  }

  // MARK: - 7.5 Create with a context

  func test_countingGenerator_demands4_2_5_pauseThreeTimes_resumeTwice_thenStop() async {
    let (said, say) = AsyncStream.makeStream(of: String.self)
    let recorder = Recorder()
    countingGenerator { say.yield($0) }.receive(subscriber: recorder)
    var lines = said.makeAsyncIterator()
    var heard: [String] = []
    for demand in [4, 2, 5] {
      recorder.subscription.request(.max(demand))
      while let line = await lines.next() {
        heard.append(line)
        if line.hasPrefix("paused") { break }
      }
    }
    recorder.subscription.cancel()
    heard.append(await lines.next() ?? "nothing")
    XCTAssertEqual(
      heard,
      [
        "paused after 4 numbers", "resumed", "paused after 6 numbers", "resumed",
        "paused after 11 numbers", "stopped",
      ]
    )
    XCTAssertEqual(recorder.log, (0...10).map(String.init))
  }

  // MARK: - 7.6 A publisher in a for-await loop

  func test_valuesBridge_asksForOneValuePerNext_andHandsItOver() async {
    let bridge = ValuesBridge<Int>()
    let subscription = SpySubscription()
    bridge.receive(subscription: subscription)
    XCTAssertEqual(subscription.log, [], "nothing asked before next()")
    let next = Task { await bridge.next() }
    let firstAsk = await subscription.events.next()
    XCTAssertEqual(firstAsk, "request max(1)")
    XCTAssertEqual(bridge.receive(7), .none, "no more than the one asked for")
    let value = await next.value
    XCTAssertEqual(value, 7)
    bridge.receive(completion: .finished)
    let afterTheEnd = await bridge.next()
    XCTAssertNil(afterTheEnd)
    XCTAssertEqual(subscription.log, ["request max(1)"])
  }

  func test_valuesBridge_aNextBeforeTheSubscription_asksOnceItComes() async {
    let bridge = ValuesBridge<Int>()
    let next = Task.immediate { await bridge.next() }  // runs until it waits: next() comes first
    let subscription = SpySubscription()
    bridge.receive(subscription: subscription)
    let asked = await subscription.events.next()
    XCTAssertEqual(asked, "request max(1)")
    _ = bridge.receive(3)
    let value = await next.value
    XCTAssertEqual(value, 3)
    XCTAssertEqual(subscription.log, ["request max(1)"])
  }

  func test_valuesBridge_aSubscriptionAfterTheEnd_isCancelledAtOnce() {
    let bridge = ValuesBridge<Int>()
    bridge.cancel()
    let late = SpySubscription()
    bridge.receive(subscription: late)
    XCTAssertEqual(late.log, ["cancel"], "the loop has ended: nobody will ask it for anything")
  }

  func test_values_readsAFinitePublisherToItsEnd() async {
    var values: [Int] = []
    for await value in Countdown(start: 3).values { values.append(value) }
    XCTAssertEqual(values, [3, 2, 1])
  }

  func test_readValues_breaksAndReturns_withTheSubscriptionCancelled() async {
    let subscription = SpySubscription()
    let publisher = Create<Int, Never> { subscriber in
      subscriber.receive(1)
      return AnyCancellable { subscription.cancel() }
    }
    let read = await readValues(of: publisher, through: 1)
    XCTAssertEqual(read, [1])
    XCTAssertEqual(subscription.log, ["cancel"], "returning released the iterator, which cancels")
  }

  func test_values_ofAClosureFormBurst_keepsOnlyTheFirst() async {
    var read: [Int] = []
    for await value in fourTwoSeven(started: {}).values { read.append(value) }
    XCTAssertEqual(read, [4], "one request per next(): Create drops the 2 and the 7")
  }

  func test_values_cancellingTheTask_cancelsTheSubscription_andEndsTheLoop() async {
    let bridge = ValuesBridge<Int>()
    let subscription = SpySubscription()
    bridge.receive(subscription: subscription)
    let loop = Task { await bridge.next() }
    _ = await subscription.events.next()  // the task is waiting in next()
    loop.cancel()
    let value = await loop.value
    XCTAssertNil(value)
    XCTAssertEqual(subscription.log, ["request max(1)", "cancel"])
  }

  func test_values_aTaskCancelledBeforeNext_getsNil_andAsksForNothing() async {
    let bridge = ValuesBridge<Int>()
    let subscription = SpySubscription()
    bridge.receive(subscription: subscription)
    let loop = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await bridge.next()
    }
    let value = await loop.value
    XCTAssertNil(value)
    XCTAssertEqual(subscription.log, ["cancel"])
  }

  // MARK: - 7.7 An async sequence as a publisher

  func test_sequencePublisher_asksTheSequenceOnlyForWhatIsWanted() async {
    let asked = Locked(0)
    let (received, arrived) = AsyncStream.makeStream(of: Int.self)
    let numbers = TalkingNumbers { _ in asked.withLock { $0 += 1 } }
    let recorder = Recorder { value, _ in
      arrived.yield(value)
      return .none
    }
    numbers.publisher.receive(subscriber: recorder)
    XCTAssertEqual(asked.withLock { $0 }, 0, "nothing before a request")
    recorder.subscription.request(.max(2))
    var values = received.makeAsyncIterator()
    _ = await values.next()
    _ = await values.next()
    XCTAssertEqual(asked.withLock { $0 }, 2)
    recorder.subscription.request(.max(1))
    _ = await values.next()
    recorder.subscription.cancel()
    XCTAssertEqual(asked.withLock { $0 }, 3, "never a next() without demand")
    XCTAssertEqual(recorder.log, ["0", "1", "2"])
  }

  func test_sequencePublisher_aFiniteSequence_finishes() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for number in 1...3 { continuation.yield(number) }
    continuation.finish()
    let ended = OneShotSignal<[String]>()
    let received = Locked<[String]>([])
    let cancellable = stream.publisher.sink { completion in
      ended.fire(received.withLock { $0 } + ["\(completion)"])
    } receiveValue: { value in
      received.withLock { $0.append("\(value)") }
    }
    let events = await ended.wait()
    XCTAssertEqual(events, ["1", "2", "3", "finished"])
    cancellable.cancel()
  }

  func test_sequencePublisher_cancel_cancelsTheTaskWaitingInNext() async {
    // A sequence that never sends: its next() waits until its task is cancelled.
    let (stream, _) = AsyncStream.makeStream(of: Int.self)
    let waiting = OneShotSignal<Void>()
    let ended = OneShotSignal<Void>()
    let sequence = WaitingSequence(base: stream, waiting: waiting, ended: ended)
    let recorder = Recorder()
    sequence.publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    await waiting.wait()
    recorder.subscription.cancel()
    await ended.wait()
    XCTAssertEqual(recorder.log, [], "no value, and no completion after a cancel")
  }

  // MARK: - 7.8 Back-pressure three ways

  func test_threeWays_demandMakesWhatIsTaken_streamsMakeEverything_rendezvousOneAhead() async {
    let byDemand = await connectByDemand()
    XCTAssertEqual(byDemand, Outcome(taken: [1, 2, 3], made: 3), "made only what was asked for")
    let byStream = await connectByUnboundedStream()
    XCTAssertEqual(byStream, Outcome(taken: [1, 2, 3], made: 10), "yield never waits")
    let byNewest = await connectByNewestTwo()
    XCTAssertEqual(byNewest, Outcome(taken: [9, 10], made: 10, dropped: 8), "the oldest dropped")
    let byHand = await connectByRendezvous()
    XCTAssertEqual(
      byHand,
      Outcome(taken: [1, 2, 3], made: 4),
      "3 taken, and the 4 made as the consumer leaves; without the wait it would be 10"
    )
  }

  func test_rendezvous_close_releasesAWaitingReceiver() async {
    let channel = Rendezvous<Int>()
    let receiver = Task { await channel.receive() }
    channel.close()
    let value = await receiver.value
    XCTAssertNil(value)
    let refused = await channel.send(1)
    XCTAssertFalse(refused, "a closed channel takes nothing")
  }
}

/// An async sequence that says when its next() starts waiting and when it ends.
private struct WaitingSequence: AsyncSequence, Sendable {
  let base: AsyncStream<Int>
  let waiting: OneShotSignal<Void>
  let ended: OneShotSignal<Void>

  struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<Int>.Iterator
    let waiting: OneShotSignal<Void>
    let ended: OneShotSignal<Void>

    mutating func next() async -> Int? {
      waiting.fire(())
      let value = await base.next()  // an AsyncStream's next() ends when its task is cancelled
      ended.fire(())
      return value
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), waiting: waiting, ended: ended)
  }
}
