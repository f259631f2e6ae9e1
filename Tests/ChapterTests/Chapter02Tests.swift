import ChildProcesses
import Foundation
import LessonSupport
import TestTooling
import XCTest

@testable import Chapter02

/// The push half of Chapter02 (2.1 to 2.4) and the whole chapter; the pull half is in
/// Chapter02PullTests.swift.
final class Chapter02Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter02", docsPage: "Chapter02-UnfoldingVsPush.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    try assertSectionsHaveDocsHeadings(chapter02, docsPage: "Chapter02-UnfoldingVsPush.md")
    try assertDocsSnippetsMatchCode(
      chapterFolder: "Chapters/Chapter02",
      docsPage: "Chapter02-UnfoldingVsPush.md"
    )
    try assertDocsLinksExist(in: ["Chapters/Chapter02"])
  }

  // MARK: - 2.1 Push streams from a captured continuation

  func test_makeStream_buffersWhatNobodyReadYet_andAfterFinishEveryYieldIsTerminated() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let yields = [0, 1, 2].map { continuation.yield($0).summary }
    continuation.finish()
    let afterFinish = continuation.yield(3).summary
    continuation.finish()  // a second finish: no trap, no effect
    var received: [Int] = []
    for await value in stream { received.append(value) }
    XCTAssertEqual(yields, ["enqueued", "enqueued", "enqueued"])
    XCTAssertEqual(afterFinish, "terminated")
    XCTAssertEqual(received, [0, 1, 2], "the buffered values, then the end; 3 went nowhere")
  }

  func test_buildClosure_runsInsideTheInitializer() {
    var ran = false
    _ = AsyncStream<Int> { _ in ran = true }
    XCTAssertTrue(ran, "the build closure ran before the initializer returned")
  }

  func test_generateEvents_yieldsEachEvent_thenFinishes() async {
    let clock = ManualClock()
    let service = ItemGeneratorService(clock: clock, count: 3)
    let consumer = Task {
      var events: [Int] = []
      for await event in service.generateEvents() { events.append(event) }
      return events
    }
    for _ in 1...3 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: ItemGeneratorService.interval)
    }
    let events = await consumer.value
    XCTAssertEqual(events, [0, 1, 2])
  }

  /// The docs' claim in 2.1: onTermination runs once, with `.finished` after finish() and
  /// `.cancelled` when the consumer goes away; on `.cancelled` the generator stops.
  func test_onTermination_isToldWhyTheStreamEnded() async {
    let clock = ManualClock()
    let reasons = Locked<[String]>([])
    let service = ItemGeneratorService(clock: clock, count: 3) { reason in
      reasons.withLock { $0.append(terminationName(reason)) }
    }

    let toTheEnd = Task {
      var events: [Int] = []
      for await event in service.generateEvents() { events.append(event) }
      // finish() tells onTermination before the consumer hears the end.
      return (events, reasons.withLock { $0 })
    }
    for _ in 1...3 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: ItemGeneratorService.interval)
    }
    let (events, reasonsAtTheEnd) = await toTheEnd.value
    XCTAssertEqual(events, [0, 1, 2])
    XCTAssertEqual(reasonsAtTheEnd, [".finished"])

    reasons.withLock { $0 = [] }
    let cancelled = Task {
      var events: [Int] = []
      for await event in service.generateEvents() { events.append(event) }
      return events
    }
    await clock.waitForSleepers(count: 1)  // the generator waits for its first event
    cancelled.cancel()
    let eventsBeforeTheCancel = await cancelled.value
    XCTAssertEqual(eventsBeforeTheCancel, [])
    XCTAssertEqual(reasons.withLock { $0 }, [".cancelled"])
    XCTAssertEqual(clock.sleeperCount, 0, "onTermination stopped the generator's sleep")
  }

  /// The docs' claim in 2.1: without finish(), the consumer's loop does not end when the items
  /// are over; it waits for a next value until something else (here a cancel) ends it.
  func test_withoutFinish_theConsumerStaysSuspended() async {
    let clock = ManualClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let reasons = Locked<[String]>([])
    continuation.onTermination = { reason in reasons.withLock { $0.append(terminationName(reason)) }
    }
    let producerDone = OneShotSignal<Void>()
    let generator = ItemGenerator(
      items: [0, 1, 2],
      interval: ItemGeneratorService.interval,
      clock: clock,
      handler: { continuation.yield($0) },
      onFinish: { producerDone.fire(()) }  // the items are over, but nobody calls finish()
    )
    let allReceived = OneShotSignal<Void>()
    let consumer = Task {
      var received: [Int] = []
      for await value in stream {
        received.append(value)
        if received.count == 3 { allReceived.fire(()) }
      }
      return received
    }
    generator.start()
    for _ in 1...3 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: ItemGeneratorService.interval)
    }
    await producerDone.wait()
    await allReceived.wait()
    // The producer is done and the consumer has every item, yet the stream has not ended: a
    // finish() would have told onTermination before the producer's onFinish returned.
    XCTAssertEqual(reasons.withLock { $0 }, [], "the stream ended without a finish()")
    consumer.cancel()
    let received = await consumer.value
    XCTAssertEqual(received, [0, 1, 2])
    XCTAssertEqual(reasons.withLock { $0 }, [".cancelled"], "only the cancel ended the loop")
  }

  func test_aCancelledConsumer_isStillHandedWhatWasBuffered() async {
    // Why the view model checks Task.isCancelled inside its loop.
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.yield(1)
    continuation.yield(2)
    continuation.yield(3)
    let consumer = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var received: [Int] = []
      for await value in stream { received.append(value) }
      return received
    }
    let received = await consumer.value
    XCTAssertEqual(received, [1, 2, 3])
  }

  // MARK: - 2.2 The generator's state machine

  func test_transitionTable_allowsExactlyTheSeedsFourMoves() {
    let legal: [GeneratorState: [GeneratorAction: GeneratorState]] = [
      .idle: [.start: .running],
      .running: [.stop: .idle, .finish: .completed, .cancelled: .cancelled],
    ]
    for state in GeneratorState.allCases {
      for action in GeneratorAction.allCases {
        XCTAssertEqual(state.after(action), legal[state]?[action], "\(state) + \(action)")
      }
    }
    XCTAssertEqual(GeneratorState.allCases.filter(\.isTerminal), [.completed, .cancelled])
  }

  // MARK: - 2.3 The view model on the main actor

  func test_unisolatedViewModel_makesEveryChangeOnNoActor() async {
    let clock = ManualClock()
    let changes = Locked<[String]>([])
    let model = UnisolatedItemGeneratorViewModel(
      service: ItemGeneratorService(clock: clock, count: 3)
    ) { event, madeOn in
      changes.withLock { $0.append("\(event) on \(madeOn)") }
    }
    let task = model.start()
    for _ in 1...3 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: ItemGeneratorService.interval)
    }
    await task.value
    XCTAssertEqual(changes.withLock { $0 }, ["0 on no actor", "1 on no actor", "2 on no actor"])
    XCTAssertEqual(model.currentEvent, 2)
  }

  @MainActor
  func test_mainActorViewModel_makesEveryChangeOnTheMainActor() async {
    let clock = ManualClock()
    let model = ItemGeneratorViewModel(service: ItemGeneratorService(clock: clock, count: 3))
    model.didChange = { _ in MainActor.preconditionIsolated() }  // checked at run time too
    model.start()
    for _ in 1...3 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: ItemGeneratorService.interval)
    }
    await model.task?.value
    XCTAssertEqual(model.eventChangesMadeOn, Array(repeating: "the main actor", count: 3))
  }

  /// The docs' claim about 2.3: Swift 6 rejects the seed's view model without @MainActor (the
  /// `#if SHOW_ERRORS` block of 03-MainActorViewModel.swift), and accepts it with @MainActor.
  func test_seedViewModel_isRejectedWithoutMainActor_andCompilesCleanlyWithIt() async throws {
    let file = repositoryRoot.appendingPathComponent(
      "Chapters/Chapter02/03-MainActorViewModel.swift"
    )
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let start = try XCTUnwrap(lines.firstIndex(of: "#if SHOW_ERRORS"))
    let end = try XCTUnwrap(lines[start...].firstIndex(of: "#endif"))
    let seed = "import Observation\n" + lines[(start + 1)..<end].joined(separator: "\n")
    let message =
      "error: passing closure as a 'sending' parameter risks causing data races between code "
      + "in the current task and concurrent execution of the closure"
    let comment = lines[start..<end].filter { $0.hasPrefix("// ") }.map { $0.dropFirst(3) }
    XCTAssertTrue(comment.joined(separator: " ").contains(message), "the comment quotes it")

    let rejected = try await swift6Diagnostics(compiling: seed)
    XCTAssertTrue(rejected.contains(message), rejected)
    let typeCheckedOnly = try await swift6Diagnostics(compiling: seed, typeCheckOnly: true)
    XCTAssertFalse(typeCheckedOnly.contains("error:"), "found only after type checking")
    let onTheMainActor = seed.replacingOccurrences(
      of: "\n@Observable\nfinal class",
      with: "\n@MainActor\n@Observable\nfinal class"
    )
    let accepted = try await swift6Diagnostics(compiling: onTheMainActor)
    XCTAssertFalse(accepted.contains("error:"), accepted)
    XCTAssertFalse(accepted.contains("warning:"), accepted)
  }

  @MainActor
  func test_viewModel_receivesEveryEvent_thenCompletesWhenTheStreamFinishes() async {
    let clock = ManualClock()
    let model = ItemGeneratorViewModel(service: ItemGeneratorService(clock: clock, count: 3))
    var seen: [String] = []
    model.didChange = { seen.append("\($0.currentEvent) \($0.status.rawValue)") }
    model.start()
    for _ in 1...3 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: ItemGeneratorService.interval)
    }
    await model.task?.value
    XCTAssertEqual(seen, ["-1 Running", "0 Running", "1 Running", "2 Running", "2 Completed"])
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  @MainActor
  func test_stop_endsTheLoop_andTheGenerator() async {
    let clock = ManualClock()
    let model = ItemGeneratorViewModel(service: ItemGeneratorService(clock: clock, count: 3))
    var seen: [String] = []
    model.didChange = { model in
      seen.append("\(model.currentEvent) \(model.status.rawValue)")
      if model.currentEvent == 0 && model.status == .running { model.stop() }
    }
    model.start()
    await clock.waitForSleepers(count: 1)
    clock.advance(by: ItemGeneratorService.interval)
    await model.task?.value
    XCTAssertEqual(seen, ["-1 Running", "0 Running", "0 Idle"])
    XCTAssertEqual(
      clock.sleeperCount,
      0,
      "the generator stopped too: nothing waits for a next item"
    )
  }

  // MARK: - 2.4 Buffering policies

  /// The docs' claim in 2.4: what each yield returns under each policy.
  func test_yieldResults_sayWhatWasKeptOrDropped() {
    func yields(_ policy: AsyncStream<Int>.Continuation.BufferingPolicy) -> [String] {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
      // A stream nobody holds is over at once (every yield says terminated): keep it alive.
      return withExtendedLifetime(stream) {
        var results = (1...3).map { continuation.yield($0).summary }
        continuation.finish()
        results.append(continuation.yield(4).summary)
        return results
      }
    }
    XCTAssertEqual(
      yields(.unbounded),
      ["enqueued", "enqueued", "enqueued", "terminated"]
    )
    XCTAssertEqual(
      yields(.bufferingOldest(2)),
      ["enqueued (1 left)", "enqueued (0 left)", "dropped 3", "terminated"],
      "bufferingOldest drops the newcomer"
    )
    XCTAssertEqual(
      yields(.bufferingNewest(2)),
      ["enqueued (1 left)", "enqueued (0 left)", "dropped 1", "terminated"],
      "bufferingNewest evicts the oldest"
    )
    XCTAssertEqual(
      yields(.bufferingOldest(1)),
      ["enqueued (0 left)", "dropped 2", "dropped 3", "terminated"]
    )
  }

  func test_bufferingPolicies_keepOrDropAsTheLessonSays() async {
    func run(_ policy: AsyncStream<Int>.Continuation.BufferingPolicy) async -> [Int] {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
      for value in 1...3 { continuation.yield(value) }
      continuation.finish()
      var received: [Int] = []
      for await value in stream { received.append(value) }
      return received
    }
    let unbounded = await run(.unbounded)
    let oldest = await run(.bufferingOldest(2))
    let newest = await run(.bufferingNewest(2))
    let first = await run(.bufferingOldest(1))
    XCTAssertEqual([unbounded, oldest, newest, first], [[1, 2, 3], [1, 2], [2, 3], [1]])

    let (_, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.finish()
    guard case .terminated = continuation.yield(4) else {
      return XCTFail("yield after finish() must say terminated")
    }
  }
}
