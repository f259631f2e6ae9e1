import ChildProcesses
import Foundation
import LessonSupport
import TestTooling
import XCTest

@testable import Chapter03

final class Chapter03Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter03", docsPage: "Chapter03-Cancellation.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    try assertSectionsHaveDocsHeadings(chapter03, docsPage: "Chapter03-Cancellation.md")
    try assertDocsSnippetsMatchCode(
      chapterFolder: "Chapters/Chapter03",
      docsPage: "Chapter03-Cancellation.md"
    )
    try assertDocsLinksExist(in: ["Chapters/Chapter03"])
  }

  func test_unknownOption_printsUsageOnStderr_andExits64() async throws {
    let result = try await runChapter("Chapter03", arguments: ["--bogus"])
    XCTAssertEqual(result.termination, .exited(64))
    XCTAssertTrue(result.stderr.contains("usage: swift run Chapter03"), result.stderr)
  }

  /// Lets `count` events out: each time the producer sleeps, moves the clock past its sleep.
  @MainActor
  private func advance(_ clock: ManualClock, byEvents count: Int) async {
    for _ in 0..<count {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: eventInterval)
    }
  }

  // MARK: - TaskCancellable

  @MainActor
  func test_cancelTask_cancelsTheStoredTask_andClearsIt_andASecondCallDoesNothing() async {
    final class Owner: TaskCancellable {
      var task: Task<Void, Never>?
    }
    let owner = Owner()
    let task = Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) }
    owner.task = task
    owner.cancelTask()
    XCTAssertTrue(task.isCancelled)
    XCTAssertNil(owner.task)
    owner.cancelTask()  // nothing stored: nothing happens
    XCTAssertNil(owner.task)
    await task.value
  }

  /// The docs' claim: a main-actor class cannot adopt TaskCancellable plainly in Swift 6 mode
  /// (the seed needed `@preconcurrency`), and can with an isolated conformance.
  func test_mainActorClass_needsAnIsolatedConformance_toAdoptTaskCancellable() async throws {
    func source(_ conformance: String) -> String {
      """
      protocol TaskCancellable: AnyObject {
        var task: Task<Void, Never>? { get set }
      }
      @MainActor final class ViewModel {
        var task: Task<Void, Never>?
      }
      extension ViewModel: \(conformance) {}
      """
    }
    let plain = try await swift6Diagnostics(compiling: source("TaskCancellable"))
    XCTAssertTrue(
      plain.contains(
        "error: conformance of 'ViewModel' to protocol 'TaskCancellable' crosses into main "
          + "actor-isolated code and can cause data races"
      ),
      plain
    )
    XCTAssertTrue(
      plain.contains("turn data races into runtime errors with '@preconcurrency'"),
      plain
    )
    let isolated = try await swift6Diagnostics(compiling: source("@MainActor TaskCancellable"))
    XCTAssertFalse(isolated.contains("error:"), isolated)
    XCTAssertFalse(isolated.contains("warning:"), isolated)
    let usedOffTheMainActor = try await swift6Diagnostics(
      compiling: source("@MainActor TaskCancellable") + """

        nonisolated func cancel(_ owner: some TaskCancellable) { owner.task?.cancel() }
        nonisolated func stop(_ model: ViewModel) { cancel(model) }
        """
    )
    XCTAssertTrue(
      usedOffTheMainActor.contains(
        "main actor-isolated conformance of 'ViewModel' to 'TaskCancellable' cannot be used in "
          + "nonisolated context"
      ),
      usedOffTheMainActor
    )
  }

  /// The docs' claim: without `AnyObject`, the default `cancelTask()` does not compile, since it
  /// sets `self.task` in a method that is not `mutating`.
  func test_taskCancellableWithoutAnyObject_itsDefaultCancelTaskDoesNotCompile() async throws {
    let source = """
      protocol TaskCancellable {
        var task: Task<Void, Never>? { get set }
        func cancelTask()
      }
      extension TaskCancellable {
        func cancelTask() {
          guard let task else { return }
          task.cancel()
          self.task = nil
        }
      }
      """
    let withoutAnyObject = try await swift6Diagnostics(compiling: source, typeCheckOnly: true)
    XCTAssertTrue(
      withoutAnyObject.contains("error: cannot assign to property: 'self' is immutable"),
      withoutAnyObject
    )
    let withAnyObject = try await swift6Diagnostics(
      compiling: source.replacingOccurrences(
        of: "protocol TaskCancellable {",
        with: "protocol TaskCancellable: AnyObject {"
      ),
      typeCheckOnly: true
    )
    XCTAssertFalse(withAnyObject.contains("error:"), withAnyObject)
  }

  // MARK: - 3.1 Seed 000's start and stop

  /// Runs the seed's start, all ten events, then stop, and returns the log.
  @MainActor
  private func seedLog() async -> [String] {
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let model = SeedItemGeneratorViewModel(
      service: SeedItemGeneratorService(log: recorder.console(), clock: clock),
      log: recorder.console()
    )
    model.start()
    let loop = model.task
    await advance(clock, byEvents: 10)
    await model.service.task?.value
    model.stop()
    await loop?.value
    return recorder.lines
  }

  @MainActor
  func test_seedLog_isSeed000sLog_lineForLine() async {
    let expected =
      [
        "ItemGeneratorViewModel.start() called",
        "ItemGeneratorViewModel.task initialized",
        "ItemGeneratorViewModel.start() ended",
        "ItemGeneratorViewModel.task started",
        "ItemGeneratorService.task initialized",
        "ItemGeneratorService.task started",
      ] + (0..<10).map { "event: \($0)" }
      + [
        "ItemGeneratorService.task ended",
        "ItemGeneratorViewModel.stop() called",
        "ItemGeneratorViewModel.task cancelled",
        "ItemGeneratorViewModel.task deinitialized",
        "ItemGeneratorService.task cancelled",
        "ItemGeneratorService.task deinitialized",
        "ItemGeneratorViewModel.stop() ended",
        "ItemGeneratorViewModel.task ended",
      ]
    let log = await seedLog()
    XCTAssertEqual(log, expected)
  }

  /// The seed's loop is still waiting after the last event: stop() finds its task to cancel, and
  /// the loop ends only after that.
  @MainActor
  func test_seedLoop_endsOnlyWhenStopCancelsIt_becauseTheStreamIsNeverFinished() async {
    let log = await seedLog()
    let producerEnded = log.firstIndex(of: "ItemGeneratorService.task ended") ?? -1
    let stopCalled = log.firstIndex(of: "ItemGeneratorViewModel.stop() called") ?? -1
    let loopEnded = log.firstIndex(of: "ItemGeneratorViewModel.task ended") ?? -1
    XCTAssertEqual(producerEnded + 1, stopCalled, "the producer ends on the line before Stop")
    XCTAssertEqual(loopEnded, log.count - 1, "the loop ends last, after stop() returned")
    XCTAssertTrue(log.contains("ItemGeneratorViewModel.task cancelled"))
  }

  // MARK: - 3.2 The same log, fixed

  /// The fixed view model and service, on a manual clock, logging to a recorder.
  @MainActor
  private func fixedModel() -> (ItemGeneratorViewModel, ManualClock, ConsoleRecorder) {
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let model = ItemGeneratorViewModel(
      service: ItemGeneratorService(log: recorder.console(), clock: clock),
      log: recorder.console()
    )
    return (model, clock, recorder)
  }

  @MainActor
  func test_fixedLoop_endsByItself_afterTheLastEvent_andStopFindsNothingToCancel() async {
    let (model, clock, recorder) = fixedModel()
    model.start()
    let loop = model.task
    await advance(clock, byEvents: 10)
    await loop?.value  // no stop needed: the stream was finished
    XCTAssertNil(model.task)
    model.stop()
    XCTAssertEqual(
      Array(recorder.lines.suffix(5)),
      [
        "ItemGeneratorViewModel.stop() called",
        "# ItemGeneratorViewModel has no task to cancel",
        "ItemGeneratorService.task cancelled",
        "ItemGeneratorService.task deinitialized",
        "ItemGeneratorViewModel.stop() ended",
      ]
    )
  }

  @MainActor
  func test_fixed_stopMidStream_endsTheProducer_andNoEventComesAfterStop() async {
    let (model, clock, recorder) = fixedModel()
    model.start()
    let loop = model.task
    await advance(clock, byEvents: 3)
    await clock.waitForSleepers(count: 1)  // event 2 is out; the producer waits for event 3
    let producer = model.service.task
    model.stop()
    await loop?.value
    await producer?.value
    XCTAssertEqual(clock.sleeperCount, 0, "the producer's sleep ended with the cancel")
    clock.advance(by: eventInterval * 10)
    XCTAssertEqual(recorder.lines.filter { $0.hasPrefix("event:") }.count, 3, "\(recorder.lines)")
    XCTAssertEqual(model.currentEvent, 2)
  }

  /// The sleep for event 3 is over, but the producer has not run yet when stop() comes: it must
  /// look again after the sleep, or it makes event 3 after the stop.
  @MainActor
  func test_fixed_stopJustAfterASleepEnded_makesNoMoreEvents() async {
    let (model, clock, recorder) = fixedModel()
    model.start()
    let loop = model.task
    await advance(clock, byEvents: 3)
    await clock.waitForSleepers(count: 1)
    let producer = model.service.task
    clock.advance(by: eventInterval)  // the producer's sleep is over; it waits for the main actor
    model.stop()
    await loop?.value
    await producer?.value
    XCTAssertEqual(recorder.lines.filter { $0.hasPrefix("event:") }.count, 3, "\(recorder.lines)")
  }

  /// Stop with two events made and not yet read: no event is made after it, but a cancelled
  /// consumer's next() still hands over the two already in the stream's buffer.
  @MainActor
  func test_fixed_stopWithEventsBuffered_makesNoMore_butTheBufferedOnesAreStillRead() async {
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let service = ItemGeneratorService(log: recorder.console(), clock: clock)
    let events = service.generateEvents()
    await advance(clock, byEvents: 2)
    await clock.waitForSleepers(count: 1)  // events 0 and 1 are buffered; the producer waits
    let producer = service.task
    service.cancelTask()  // Stop
    await producer?.value
    clock.advance(by: eventInterval * 10)
    let consumer = Task { @MainActor in
      var read: [Int] = []
      for await event in events { read.append(event) }
      return read
    }
    consumer.cancel()  // before its first next(): the test holds the main actor
    let read = await consumer.value
    XCTAssertEqual(recorder.lines.filter { $0.hasPrefix("event:") }, ["event: 0", "event: 1"])
    XCTAssertEqual(read, [0, 1], "made before Stop, buffered, handed over after the cancel")
  }

  /// A plain deinit of a @MainActor class cannot call its synchronous stop(); an isolated one can.
  func test_mainActorRecorder_plainDeinitCannotCallStop_isolatedDeinitCan() async throws {
    let source = """
      @MainActor final class Recorder {
        var stopped = false
        func stop() { stopped = true }
        deinit { stop() }
      }
      """
    let plain = try await swift6Diagnostics(compiling: source, typeCheckOnly: true)
    XCTAssertTrue(
      plain.contains(
        "error: call to main actor-isolated instance method 'stop()' in a synchronous nonisolated"
      ),
      plain
    )
    let isolated = try await swift6Diagnostics(
      compiling: source.replacingOccurrences(of: "deinit {", with: "isolated deinit {"),
      typeCheckOnly: true
    )
    XCTAssertFalse(isolated.contains("error:"), isolated)
  }

  // MARK: - 3.3 The seed's traps

  @MainActor
  func test_seedService_cancelledAfterEvent2_stillMakesEvents3To9_withoutTheClockMoving() async {
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let service = SeedItemGeneratorService(log: recorder.console(), clock: clock)
    let consumer = Task {
      for await event in service.generateEvents() where event == 2 { break }
    }
    await advance(clock, byEvents: 3)
    await consumer.value
    let producer = service.task
    service.cancelTask()
    await producer?.value  // the clock never moves again: every later sleep threw at once
    let events = recorder.lines.filter { $0.hasPrefix("event:") }
    XCTAssertEqual(events, (0..<10).map { "event: \($0)" })
    XCTAssertEqual(recorder.lines.last, "ItemGeneratorService.task ended")
  }

  /// Runs the chapter's seed generator, whose handler does `action` at event 2, and returns the
  /// events it made.
  @MainActor
  private func generatorEvents(
    advancing steps: Int,
    atEvent2 action: @escaping @MainActor (GeneratorHolder) -> Void
  ) async -> [String] {
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let running = Task {
      await runGenerator(clock: clock, log: recorder.console(), atEvent2: "the action") {
        action($0)
      }
    }
    await advance(clock, byEvents: steps)
    await running.value
    return recorder.lines.filter { $0.hasPrefix("event:") }
  }

  @MainActor
  func test_generatorSetToNil_doesNotStopTheLoopThatIsRunning() async {
    let events = await generatorEvents(advancing: 10) { $0.generator = nil }
    XCTAssertEqual(events, (0..<10).map { "event: \($0)" })
  }

  /// The call keeps the generator alive: set to nil inside its own loop, it is freed only once
  /// start() returns.
  @MainActor
  func test_generatorSetToNil_staysAliveUntilItsStartReturns() async {
    let holder = GeneratorHolder()
    weak var probe: SeedItemGenerator?
    var aliveAfterNil: [Bool] = []
    holder.generator = SeedItemGenerator { event in
      if event == 0 { holder.generator = nil }
      aliveAfterNil.append(probe != nil)
    }
    probe = holder.generator
    await holder.generator?.start()
    XCTAssertEqual(aliveAfterNil, Array(repeating: true, count: 10))
    XCTAssertNil(probe, "freed once start() returned")
  }

  @MainActor
  func test_generatorStop_endsTheLoopBeforeTheNextItem() async {
    let events = await generatorEvents(advancing: 3) { $0.generator?.stop() }
    XCTAssertEqual(events, ["event: 0", "event: 1", "event: 2"])
  }

  // MARK: - 3.4 Cooperative cancellation

  @MainActor
  func test_cancellationHandler_inAnAlreadyCancelledTask_runsOnCancelBeforeTheOperation() async {
    var order: [String] = []
    let task = Task { @MainActor in
      await withTaskCancellationHandler {
        order.append("operation")
      } onCancel: {
        MainActor.assumeIsolated { order.append("onCancel") }
      }
    }
    task.cancel()
    await task.value
    XCTAssertEqual(order, ["onCancel", "operation"])
  }

  /// cancel() runs the handler of an operation that is running, not only of one that is
  /// suspended: this operation never suspends, and sees onCancel run while it blocks.
  func test_cancellationHandler_runsWhileTheOperationIsRunning_notOnlyWhenSuspended() async {
    let order = Locked<[String]>([])
    let cancelHandled = DispatchSemaphore(value: 0)
    let task = Task.detached {
      await withTaskCancellationHandler {
        order.withLock { $0.append("operation runs") }
        cancelHandled.wait()  // blocks this thread: the task is running, not suspended
        order.withLock { $0.append("operation goes on") }
      } onCancel: {
        order.withLock { $0.append("onCancel") }
        cancelHandled.signal()
      }
    }
    while order.withLock({ $0 }).isEmpty { await Task.yield() }
    task.cancel()
    await task.value
    XCTAssertEqual(order.withLock { $0 }, ["operation runs", "onCancel", "operation goes on"])
  }

  func test_consumerCancelled_stillGetsWhatWasBuffered_thenNil() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.yield(1)
    continuation.yield(2)
    let consumer = Task { () -> [Int] in
      var received: [Int] = []
      for await value in stream { received.append(value) }
      return received
    }
    consumer.cancel()
    let received = await consumer.value
    XCTAssertEqual(received, [1, 2], "what was buffered before the cancel is still handed over")
    guard case .terminated = continuation.yield(3) else {
      return XCTFail("after the cancel the stream takes nothing more")
    }
  }

  func test_signalWaiter_endsWithTrueWhenSignalled_andFalseWhenCancelled() async {
    let signalled = SignalWaiter()
    let waitingForSignal = Task { await signalled.wait() }
    while !signalled.isWaiting { await Task.yield() }
    signalled.signal()
    let signalledResult = await waitingForSignal.value
    XCTAssertTrue(signalledResult)

    let cancelled = SignalWaiter()
    let waitingForCancel = Task { await cancelled.wait() }
    while !cancelled.isWaiting { await Task.yield() }
    waitingForCancel.cancel()
    let cancelledResult = await waitingForCancel.value
    XCTAssertFalse(cancelledResult)
  }

  /// onCancel runs before the operation has stored its continuation: the wait must still end.
  @MainActor
  func test_signalWaiter_cancelledBeforeItWaits_returnsFalse_insteadOfWaitingForever() async {
    let waiter = SignalWaiter()
    let task = Task { @MainActor in await waiter.wait() }
    task.cancel()  // before the task's first line: it needs the main actor, which this test holds
    let result = await task.value
    XCTAssertFalse(result)
  }

  func test_onTerminationFinished_runsInsideFinish_beforeTheBufferedElementIsRead() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let events = Locked<[String]>([])
    continuation.onTermination = { termination in
      events.withLock { $0.append("onTermination(\(termination))") }
    }
    continuation.yield(1)
    continuation.finish()
    events.withLock { $0.append("finish() returned") }
    for await value in stream { events.withLock { $0.append("read \(value)") } }
    XCTAssertEqual(
      events.withLock { $0 },
      ["onTermination(finished)", "finish() returned", "read 1"]
    )
  }

  @MainActor
  func test_consumerCancelled_givesOnTerminationCancelled_thenNextReturnsNil() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let terminations = Locked<[String]>([])
    continuation.onTermination = { termination in
      terminations.withLock { $0.append("\(termination)") }
    }
    var started = false
    var received: [Int] = []
    let consumer = Task { @MainActor in
      started = true
      for await value in stream { received.append(value) }
    }
    while !started { await Task.yield() }
    consumer.cancel()
    await consumer.value
    XCTAssertEqual(terminations.withLock { $0 }, ["cancelled"])
    XCTAssertEqual(received, [])
    guard case .terminated = continuation.yield(2) else {
      return XCTFail("a yield after the consumer was cancelled must say .terminated")
    }
  }

  /// Where onCancel runs: on the cancelling thread when the cancel comes while the operation
  /// runs; on the task's own thread, before the operation, when the task is already cancelled.
  func test_cancellationHandler_runsOnTheCancellingThread_orOnTheTasksOwnWhenAlreadyCancelled()
    async
  {
    // Cancelled while the operation runs: the operation blocks until onCancel has run.
    let whileRunning = Locked<[String: ObjectIdentifier]>([:])
    let cancelHandled = DispatchSemaphore(value: 0)
    let running = Task.detached {
      await withTaskCancellationHandler {
        whileRunning.withLock { $0["operation"] = currentThreadID() }
        cancelHandled.wait()
      } onCancel: {
        whileRunning.withLock { $0["onCancel"] = currentThreadID() }
        cancelHandled.signal()
      }
    }
    while whileRunning.withLock({ $0["operation"] }) == nil { await Task.yield() }
    let canceller = Thread {
      whileRunning.withLock { $0["canceller"] = currentThreadID() }
      running.cancel()
    }
    canceller.start()
    await running.value
    let seen = whileRunning.withLock { $0 }
    XCTAssertEqual(seen["onCancel"], seen["canceller"], "onCancel ran on the cancelling thread")
    XCTAssertNotEqual(seen["onCancel"], seen["operation"])

    // Already cancelled: the task waits until another thread has cancelled it, then begins.
    let already = Locked<[String]>([])
    let cancelled = DispatchSemaphore(value: 0)
    let late = Task.detached {
      cancelled.wait()
      let own = currentThreadID()
      await withTaskCancellationHandler {
        let thread = currentThreadID() == own ? "own" : "other"
        already.withLock { $0.append("operation on \(thread)") }
      } onCancel: {
        let thread = currentThreadID() == own ? "own" : "other"
        already.withLock { $0.append("onCancel on \(thread)") }
      }
    }
    let lateCanceller = Thread {
      late.cancel()
      already.withLock { $0.append("cancel() returned") }
      cancelled.signal()
    }
    lateCanceller.start()
    await late.value
    XCTAssertEqual(
      already.withLock { $0 },
      ["cancel() returned", "onCancel on own", "operation on own"]
    )
  }

  // MARK: - 3.5 Structured vs unstructured tasks

  func test_cancellingAParent_cancelsAsyncLetAndGroupChildren_butNotTaskOrDetached() async {
    let report = await cancelParentOfFourChildren()
    XCTAssertEqual(
      report,
      ChildrenReport(asyncLet: true, groupChild: true, plainTask: false, detachedTask: false)
    )
  }

  /// A Task { } made in an actor's method runs on the actor only when it uses the actor's own
  /// self (also through [self]); not [weak self], an optional. ([unowned self] is left out: on
  /// Swift 6.3.1 such a task releases the actor once too often.)
  func test_taskInAnActorsMethod_inheritsTheActor_onlyWhenItCapturesTheIsolatedSelf() async {
    let found = await IsolationProbe().tasksIsolation()
    XCTAssertEqual(found.capturesSelf, true, "uses self: runs on the actor")
    XCTAssertEqual(found.captureListSelf, true, "[self]: runs on the actor")
    XCTAssertEqual(found.weakSelf, false, "[weak self]: runs off the actor")
    XCTAssertEqual(found.noSelf, false, "no self: runs off the actor")
  }

  // MARK: - 3.6 What keeps objects alive

  @MainActor
  func test_popoverTask_keepsItsModelAlive_afterThePopoverLetsGo_untilTheTicksEnd() async {
    let recorder = ConsoleRecorder()
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    var popover: PopoverModel? = PopoverModel(ticks: ticks, log: recorder.console())
    weak let probe = popover
    popover?.appear()
    popover = nil
    ticker.yield(1)
    await waitUntil { probe?.lastTick == 1 }
    XCTAssertNotNil(probe, "its task holds the model")
    let task = probe?.task
    ticker.finish()
    await task?.value
    XCTAssertNil(probe)
    XCTAssertEqual(recorder.lines, ["PopoverModel deinit"])
  }

  @MainActor
  func test_popoverDisappear_cancelsTheTask_andTheModelDeinitializesWhenLetGo() async {
    let recorder = ConsoleRecorder()
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    var popover: PopoverModel? = PopoverModel(ticks: ticks, log: recorder.console())
    weak let probe = popover
    popover?.appear()
    ticker.yield(1)
    let task = popover?.task
    popover?.disappear()
    await task?.value
    XCTAssertEqual(recorder.lines, [], "the model is still held by the popover")
    popover = nil
    XCTAssertNil(probe)
    XCTAssertEqual(recorder.lines, ["PopoverModel deinit"])
    guard case .terminated = ticker.yield(2) else {
      return XCTFail("cancelling the loop's task ends the stream")
    }
  }

  /// `[weak self]` frees the model when the popover lets go, but not the task: its loop goes on
  /// waiting for ticks until it is cancelled.
  @MainActor
  func test_popoverTaskWithWeakSelf_freesTheModel_butTheTaskWaitsForTicksUntilCancelled() async {
    let recorder = ConsoleRecorder()
    // No buffer: a tick is taken only by a loop waiting for it; otherwise yield says .dropped.
    let (ticks, ticker) = AsyncStream.makeStream(
      of: Int.self,
      bufferingPolicy: .bufferingNewest(0)
    )
    let terminations = Locked<[String]>([])
    ticker.onTermination = { termination in
      terminations.withLock { $0.append("\(termination)") }
    }
    var popover: PopoverModel? = PopoverModel(ticks: ticks, log: recorder.console())
    weak let probe = popover
    popover?.appearHoldingSelfWeakly()
    let task = popover?.task
    while case .dropped = ticker.yield(1) { await Task.yield() }  // until the loop waits
    await waitUntil { probe?.lastTick == 1 }
    popover = nil
    XCTAssertNil(probe, "[weak self]: the task does not keep the model")
    XCTAssertEqual(recorder.lines, ["PopoverModel deinit"])
    // Dropped while the loop is between two ticks; terminated if the loop had ended.
    var second = ticker.yield(2)
    while case .dropped = second {
      await Task.yield()
      second = ticker.yield(2)
    }
    guard case .enqueued = second else {
      return XCTFail("the model is gone, yet its task's loop must still be waiting for a tick")
    }
    XCTAssertEqual(terminations.withLock { $0 }, [], "nothing ended the loop")
    task?.cancel()
    await task?.value
    XCTAssertEqual(terminations.withLock { $0 }, ["cancelled"], "the cancel ended the loop")
    guard case .terminated = ticker.yield(3) else {
      return XCTFail("the cancelled loop ends the stream")
    }
  }

  func test_tickerWhoseOnTerminationHoldsSelf_outlivesItsOwner_whileItsStreamIsKept() async {
    for weakly in [false, true] {
      let recorder = ConsoleRecorder()
      var owner: Ticker? = Ticker(name: "ticker", log: recorder.console())
      weak let probe = owner
      var kept = owner?.ticks(weakly: weakly)
      owner?.tick(1)
      if let stream = kept {
        for await _ in stream { break }
      }
      owner = nil
      if weakly {
        XCTAssertNil(probe, "[weak self] holds nothing")
        XCTAssertEqual(recorder.lines, ["ticker deinit"])
      } else {
        XCTAssertNotNil(probe, "self -> continuation -> onTermination -> self")
        XCTAssertEqual(recorder.lines, [])
      }
      kept = nil
      XCTAssertNil(probe, "the last copy of the stream is gone: cancelled, the cycle is broken")
      XCTAssertEqual(recorder.lines, ["ticker deinit"])
    }
  }

  func test_releasingTheLastCopyOfAStream_cancelsIt() {
    let terminations = Locked<[String]>([])
    var stream: AsyncStream<Int>? = AsyncStream { continuation in
      continuation.onTermination = { termination in
        terminations.withLock { $0.append("\(termination)") }
      }
    }
    XCTAssertNotNil(stream)
    XCTAssertEqual(terminations.withLock { $0 }, [])
    stream = nil
    XCTAssertEqual(terminations.withLock { $0 }, ["cancelled"])
  }
}

/// The thread the caller runs on, for comparing threads.
private func currentThreadID() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

/// The actor the caller is isolated to, if any.
private func callerIsolation(_ isolation: isolated (any Actor)? = #isolation) -> (any Actor)? {
  isolation
}

/// An actor whose method starts a Task { } in each way, and reports which run on it.
private actor IsolationProbe {
  private var count = 0

  func tasksIsolation() async -> (
    capturesSelf: Bool, captureListSelf: Bool, weakSelf: Bool, noSelf: Bool
  ) {
    let capturesSelf = await Task {
      count += 1
      return callerIsolation() === self
    }.value
    let captureListSelf = await Task { [self] in
      _ = self
      return callerIsolation() != nil
    }.value
    let weakSelf = await Task { [weak self] in
      _ = self
      return callerIsolation() != nil
    }.value
    let noSelf = await Task { callerIsolation() != nil }.value
    return (capturesSelf, captureListSelf, weakSelf, noSelf)
  }
}
