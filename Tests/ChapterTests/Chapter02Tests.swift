import ChildProcesses
import TestTooling
import LessonSupport
import XCTest

@testable import Chapter02

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

  // MARK: - 2.3 Unfolding floods an endless source

  @MainActor
  func test_unfoldingWrapper_deliversTheSameValueOverAndOver_withoutAnyChange() async {
    let counter = ObservedCounter()
    var deliveries = 0
    for await value in counterValuesUnfolding(counter) {
      XCTAssertEqual(value, 0)
      deliveries += 1
      if deliveries == 1000 { break }
    }
    XCTAssertEqual(deliveries, 1000, "1000 values, and the counter never changed")
  }

  @MainActor
  func test_unfoldingFloods_whilePushAndDirectGiveOneValuePerChange() async {
    let flood = await follow(counterValuesUnfolding, changeAfter: 100)
    XCTAssertEqual(flood, FollowResult(values: [0, 1, 2, 3], deliveries: 301))

    let push = await follow(counterValuesPushed, changeAfter: 1)
    XCTAssertEqual(push, FollowResult(values: [0, 1, 2, 3], deliveries: 4))

    let direct = await follow(counterValues, changeAfter: 1)
    XCTAssertEqual(direct, FollowResult(values: [0, 1, 2, 3], deliveries: 4))
  }

  /// What floods is the new observation per pull: `unfolding` over one observation does not.
  @MainActor
  func test_unfoldingOverOneObservation_givesOneValuePerChange() async {
    let result = await follow(counterValuesUnfoldingOneObservation, changeAfter: 1)
    XCTAssertEqual(result, FollowResult(values: [0, 1, 2, 3], deliveries: 4))
  }

  func test_aTaskStartedInTheBuildClosure_isCancelledOnlyWhenOnTerminationDoesIt() async {
    let tasks = Locked<[Task<Void, Never>]>([])
    func stream(cancellingOnTermination: Bool) -> AsyncStream<Int> {
      AsyncStream { continuation in
        let task = Task {
          while !Task.isCancelled {
            continuation.yield(1)
            await Task.yield()
          }
        }
        tasks.withLock { $0.append(task) }
        if cancellingOnTermination {
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    }
    for await _ in stream(cancellingOnTermination: false) { break }
    for await _ in stream(cancellingOnTermination: true) { break }
    let (leaked, cancelled) = tasks.withLock { ($0[0], $0[1]) }
    XCTAssertFalse(leaked.isCancelled, "nothing cancels it: it would run on for nobody")
    XCTAssertTrue(cancelled.isCancelled, "onTermination cancelled it when the consumer left")
    leaked.cancel()
  }

  // MARK: - 2.4 Seed 001's workarounds

  @MainActor
  func test_fifoPolling_deliversEveryChangeInOrder_andWakesEveryIntervalWhileIdle() async {
    let clock = ManualClock()
    let counter = BufferedCounter()
    let consumer = Task { @MainActor in
      var received: [Int] = []
      for await value in counter.values(pollInterval: .milliseconds(1), clock: clock) {
        received.append(value)
        if value == 3 { break }
      }
      return received
    }
    for _ in 1...5 {  // nothing changes: it wakes up anyway, once per interval
      await clock.waitForSleepers(count: 1)
      clock.advance(by: .milliseconds(1))
    }
    await clock.waitForSleepers(count: 1)
    XCTAssertEqual(counter.emptyPolls, 6)
    for value in 1...3 { counter.value = value }  // three changes at once
    clock.advance(by: .milliseconds(1))
    let received = await consumer.value
    XCTAssertEqual(received, [1, 2, 3])
  }

  /// The seed's loop drops the sleep's error: after a cancel it spins without ever sleeping,
  /// though `onCancel` ran; the chapter's loop ends at once.
  @MainActor
  func test_fifoPolling_afterACancel_theSeedsLoopSpins_andTheFixedOneEnds() async {
    let clock = ManualClock()
    let seed = BufferedCounter()
    let onCancelRan = Locked(false)
    let spinning = seed.valuesDroppingCancellation(
      pollInterval: .milliseconds(1),
      clock: clock,
      maxPolls: 1000,
      onCancel: { onCancelRan.withLock { $0 = true } }
    )
    let seedPolls = await pollsAfterCancellingWhileAsleep(spinning, counter: seed)
    XCTAssertEqual(seedPolls, 999, "one poll before the cancel, then it spun up to the cap")
    XCTAssertTrue(onCancelRan.withLock { $0 }, "onCancel ran, and did not stop the closure")
    XCTAssertEqual(clock.now, ManualClock().now, "the clock never moved: no sleep completed")

    let fixed = BufferedCounter()
    let ending = fixed.values(pollInterval: .milliseconds(1), clock: clock)
    let fixedPolls = await pollsAfterCancellingWhileAsleep(ending, counter: fixed)
    XCTAssertEqual(fixedPolls, 0, "a thrown sleep ends the stream")
  }

  /// De-duplication acts on what it sees: changes made between two pulls are lost, and the
  /// copies keep coming while nothing changes.
  @MainActor
  func test_deDuplication_actsOnlyOnTheValuesItSees() async {
    let counter = ObservedCounter()
    let delivered = await watch(counterValuesUnfolding(counter), waitingFor: 100) {
      counter.value = $0
    }
    XCTAssertEqual(delivered, Array(repeating: 0, count: 100) + [3])
    XCTAssertEqual(actOnChangesOnly(delivered), [0, 3], "1 and 2 were set together, never seen")
  }

  @MainActor
  func test_regularPing_reportsTheValueFromWhenItBegan_andSkipsTheValuesInBetween() async {
    let clock = ManualClock()
    let counter = ObservedCounter()
    let consumer = Task { @MainActor in
      var received: [Int] = []
      for await value in counterPings(counter, every: .seconds(3), clock: clock) {
        received.append(value)
        if received.count == 2 { break }
      }
      return received
    }
    await clock.waitForSleepers(count: 1)  // the first ping has read 0 and is waiting
    for value in 1...3 { counter.value = value }  // changes while it waits
    clock.advance(by: .seconds(3))
    await clock.waitForSleepers(count: 1)  // the second ping has read 3
    clock.advance(by: .seconds(3))
    let received = await consumer.value
    XCTAssertEqual(received, [0, 3], "0 was 3 s stale when reported; 1 and 2 were never reported")
  }

  @MainActor
  func test_observations_coalescesChangesMadeTogether() async {
    let counter = ObservedCounter()
    var received: [Int] = []
    for await value in counterValues(counter) {
      received.append(value)
      if value == 0 { for next in 1...3 { counter.value = next } }
      if value == 3 { break }
    }
    XCTAssertEqual(received, [0, 3])
  }

  // MARK: - 2.5 Unfolding where it belongs: paged sources

  /// The docs' claim about 2.5: mutating a captured `var` in `unfolding`'s `@Sendable` closure
  /// is only a warning in Swift 6 mode (the initializer is `@preconcurrency`); in a `defer`, an
  /// error.
  func test_mutatingACapturedVarInUnfolding_isAWarning_butInADeferAnError() async throws {
    func typecheck(_ body: String) async throws -> String {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("unfolding-capture-\(UUID().uuidString).swift")
      let source = """
        func pages() -> AsyncStream<Int> {
          var next = 0
          return AsyncStream(unfolding: {
            \(body)
            return next <= 3 ? next : nil
          })
        }
        """
      try source.write(to: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try await ChildProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"),
        arguments: ["swiftc", "-typecheck", "-swift-version", "6", file.path],
        timeout: .seconds(120)
      )
      return result.stderr
    }
    let plain = try await typecheck("next += 1")
    XCTAssertTrue(plain.contains("warning: mutation of captured var 'next'"), plain)
    XCTAssertFalse(plain.contains("error:"), plain)
    let inDefer = try await typecheck("defer { next += 1 }")
    XCTAssertTrue(inDefer.contains("error: mutation of captured var 'next'"), inDefer)
  }

  func test_pagedUnfolding_fetchesOnlyWhatIsAskedFor_andEndsAfterTheLastPage() async {
    let directory = PagedDirectory(pageSize: 4)
    var all: [[String]] = []
    for await page in pages(of: directory) { all.append(page) }
    XCTAssertEqual(all.map(\.count), [4, 4, 2])
    let requested = await directory.requestedPages
    XCTAssertEqual(requested, [1, 2, 3, 4])

    let browsed = PagedDirectory(pageSize: 4)
    for await _ in pages(of: browsed) { break }
    let browsedPages = await browsed.requestedPages
    XCTAssertEqual(browsedPages, [1])
  }

  // MARK: - 2.7 Buffering policies

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
    let latest = await run(.bufferingNewest(1))
    XCTAssertEqual([unbounded, oldest, newest, latest], [[1, 2, 3], [1, 2], [2, 3], [3]])

    let (_, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.finish()
    guard case .terminated = continuation.yield(4) else {
      return XCTFail("yield after finish() must say terminated")
    }
  }
}
