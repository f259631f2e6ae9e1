import TestTooling
import XCTest

final class ManualClockTests: XCTestCase {
  private let clock = ManualClock()

  override func tearDown() {
    XCTAssertEqual(clock.sleeperCount, 0, "a test left a task sleeping on the clock")
  }

  func test_advance_wakesOnlyTheSleepersThatAreDue() async throws {
    let clock = self.clock
    let short = Task { try await clock.sleep(for: .seconds(1)) }
    let long = Task { try await clock.sleep(for: .seconds(3)) }
    await clock.waitForSleepers(count: 2)

    clock.advance(by: .seconds(1))
    try await short.value
    XCTAssertEqual(clock.sleeperCount, 1)
    XCTAssertEqual(clock.now.offset, .seconds(1))

    clock.advance(by: .seconds(2))
    try await long.value
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func test_advance_wakesDueSleepersInDeadlineOrder() async throws {
    let clock = self.clock
    let order = ConsoleRecorder()
    let console = order.console()
    // Registered latest deadline first; woken earliest first. Each wakes in a task of its own,
    // so the order is observed through what they resume, one at a time.
    let late = Task {
      try await clock.sleep(for: .seconds(2))
      console.print("late")
    }
    await clock.waitForSleepers(count: 1)
    let early = Task {
      try await clock.sleep(for: .seconds(1))
      console.print("early")
    }
    await clock.waitForSleepers(count: 2)
    clock.advance(by: .seconds(1))
    try await early.value
    clock.advance(by: .seconds(1))
    try await late.value
    XCTAssertEqual(order.lines, ["early", "late"])
  }

  func test_sleep_pastDeadline_returnsWithoutWaiting() async throws {
    let clock = self.clock
    clock.advance(by: .seconds(5))
    try await clock.sleep(until: ManualClock.Instant(offset: .seconds(4)))
    try await clock.sleep(for: .zero)
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func test_cancellingASleeper_throwsCancellationError_andRemovesIt() async {
    let clock = self.clock
    let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
    await clock.waitForSleepers(count: 1)
    sleeper.cancel()
    await assertCancelledSleepThrows(sleeper)
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func test_sleep_inAnAlreadyCancelledTask_throwsAtOnce() async {
    let clock = self.clock
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(10))
    }
    await assertCancelledSleepThrows(sleeper)
  }
}
