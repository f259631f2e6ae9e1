import TutorialSupport
import XCTest

@testable import Chapter02

final class Chapter02Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter02", docsPage: "Chapter02-UnfoldingVsPush.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    let page = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/Chapter02-UnfoldingVsPush.md"),
      encoding: .utf8
    )
    for section in chapter02.sections {
      XCTAssertTrue(page.contains("\n## \(section.title)\n"), "no heading '## \(section.title)'")
    }
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
    let unfolded = ObservedCounter()
    let flood = await follow(
      counterValuesUnfolding(unfolded),
      counter: unfolded,
      until: 3,
      changeAfter: 100
    )
    XCTAssertEqual(flood, FollowResult(values: [0, 1, 2, 3], deliveries: 301))

    let pushed = ObservedCounter()
    let push = await follow(counterValuesPushed(pushed), counter: pushed, until: 3, changeAfter: 1)
    XCTAssertEqual(push, FollowResult(values: [0, 1, 2, 3], deliveries: 4))

    let observed = ObservedCounter()
    let direct = await follow(counterValues(observed), counter: observed, until: 3, changeAfter: 1)
    XCTAssertEqual(direct, FollowResult(values: [0, 1, 2, 3], deliveries: 4))
  }
}
