import TestTooling
import LessonSupport
import XCTest

@testable import Chapter01

final class CallbackSchedulerTests: XCTestCase {
  func test_callbacks_runAfterTheirDelay_onTheSchedulersClock() async {
    let clock = ManualClock()
    let scheduler = CallbackScheduler(clock: clock)
    let calls = Locked<[String]>([])
    scheduler.schedule(after: .seconds(1)) { calls.withLock { $0.append("short") } }
    scheduler.schedule(after: .seconds(2)) { calls.withLock { $0.append("long") } }
    await clock.waitForSleepers(count: 2)

    clock.advance(by: .seconds(1))
    await scheduler.waitUntilDelivered(count: 1)
    XCTAssertEqual(calls.withLock { $0 }, ["short"])

    clock.advance(by: .seconds(1))
    await scheduler.waitUntilIdle()
    XCTAssertEqual(calls.withLock { $0 }, ["short", "long"])
  }

  func test_aDeliveredCallback_hasBeenReleased() async {
    final class Canary: Sendable {
      let released: Locked<Bool>
      init(released: Locked<Bool>) { self.released = released }
      deinit { released.withLock { $0 = true } }
    }
    let released = Locked(false)
    let clock = ManualClock()
    let scheduler = CallbackScheduler(clock: clock)
    do {
      let canary = Canary(released: released)
      scheduler.schedule(after: .seconds(1)) { _ = canary }
    }
    await clock.waitForSleepers(count: 1)
    XCTAssertFalse(released.withLock { $0 }, "held until it is called")
    clock.advance(by: .seconds(1))
    await scheduler.waitUntilIdle()
    XCTAssertTrue(released.withLock { $0 }, "released once it has been called")
  }

  func test_waitUntilIdle_withNothingScheduled_returnsAtOnce() async {
    await CallbackScheduler(clock: ManualClock()).waitUntilIdle()
  }
}
