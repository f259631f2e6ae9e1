import Foundation
import LessonSupport
import TestTooling
import XCTest

@testable import Chapter02

/// The pull half of Chapter02: unfolding, its right use, its flood and the seed's workarounds.
extension Chapter02Tests {
  // MARK: - 2.5 Fold and unfold

  func test_unfolding_callsItsClosureOncePerPull_andNotAfterTheConsumerStops() async {
    let calls = Locked(0)
    let counting = AsyncStream(unfolding: {
      calls.withLock { $0 += 1 }
      return calls.withLock { $0 }
    })
    var pulled: [Int] = []
    for await value in counting {
      pulled.append(value)
      if value == 3 { break }
    }
    XCTAssertEqual(pulled, [1, 2, 3])
    XCTAssertEqual(calls.withLock { $0 }, 3, "no call ahead of the consumer, none after it stopped")

    let ending = AsyncStream<Int>(unfolding: {
      calls.withLock { $0 += 1 }
      return nil
    })
    var afterNil = 0
    for await _ in ending { afterNil += 1 }
    for await _ in ending { afterNil += 1 }  // a second loop over the ended stream
    XCTAssertEqual(afterNil, 0)
    XCTAssertEqual(calls.withLock { $0 }, 4, "nil ends it: the closure is not called again")
  }

  // MARK: - 2.6 Unfolding where it belongs: paged sources

  /// The docs' claim about 2.6: mutating a captured `var` in `unfolding`'s `@Sendable` closure
  /// is only a warning in Swift 6 mode (the initializer is `@preconcurrency`); in a `defer`, an
  /// error.
  func test_mutatingACapturedVarInUnfolding_isAWarning_butInADeferAnError() async throws {
    func source(_ body: String) -> String {
      """
      func pages() -> AsyncStream<Int> {
        var next = 0
        return AsyncStream(unfolding: {
          \(body)
          return next <= 3 ? next : nil
        })
      }
      """
    }
    let plain = try await swift6Diagnostics(compiling: source("next += 1"))
    XCTAssertTrue(plain.contains("warning: mutation of captured var 'next'"), plain)
    XCTAssertFalse(plain.contains("error:"), plain)
    let inDefer = try await swift6Diagnostics(compiling: source("defer { next += 1 }"))
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

  // MARK: - 2.7 Unfolding floods an endless source

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
    let flood = await followOneChangeAtATime(counterValuesUnfolding, changeAfter: 100)
    XCTAssertEqual(flood, FollowResult(values: [0, 1, 2, 3], deliveries: 301))

    let push = await followOneChangeAtATime(counterValuesPushed, changeAfter: 1)
    XCTAssertEqual(push, FollowResult(values: [0, 1, 2, 3], deliveries: 4))

    let direct = await followOneChangeAtATime(counterValues, changeAfter: 1)
    XCTAssertEqual(direct, FollowResult(values: [0, 1, 2, 3], deliveries: 4))
  }

  /// What floods is the new observation per pull: `unfolding` over one observation does not.
  @MainActor
  func test_unfoldingOverOneObservation_givesOneValuePerChange() async {
    let result = await followOneChangeAtATime(counterValuesUnfoldingOneObservation, changeAfter: 1)
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

  // MARK: - 2.8 Seed 001's workarounds

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
    let delivered = await followThreeQuickChanges(counterValuesUnfolding(counter), waitingFor: 100)
    {
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

}
