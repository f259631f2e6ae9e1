import LessonSupport
import XCTest

final class ScaledClockTests: XCTestCase {
  func test_instants_measureVirtualTime() {
    let start = ScaledClock.Instant(offset: .seconds(2))
    let later = start.advanced(by: .milliseconds(1500))
    XCTAssertEqual(start.duration(to: later), .milliseconds(1500))
    XCTAssertLessThan(start, later)
  }

  func test_now_runsAThousandTimesFasterThanTheBaseClock() async throws {
    let clock = ScaledClock(speedup: 1000)
    let realClock = ContinuousClock()
    // The real interval is measured inside the virtual one, so virtual >= 1000 x real holds
    // however long the pause really takes.
    let virtualStart = clock.now
    let realStart = realClock.now
    try await realClock.sleep(for: .milliseconds(1))
    let realElapsed = realStart.duration(to: realClock.now)
    let virtualElapsed = virtualStart.duration(to: clock.now)
    XCTAssertGreaterThan(realElapsed, .zero)
    XCTAssertGreaterThanOrEqual(virtualElapsed, realElapsed * 999)
  }

  func test_sleep_returnsAfterTheVirtualDeadline() async throws {
    let clock = ScaledClock(speedup: 1000)
    let deadline = clock.now.advanced(by: .seconds(1))
    try await clock.sleep(until: deadline)
    XCTAssertGreaterThanOrEqual(clock.now, deadline)
  }

  func test_sleep_whenCancelled_throwsCancellationError() async {
    let clock = ScaledClock(speedup: 1)
    let sleeper = Task { try await clock.sleep(for: .seconds(3600)) }
    sleeper.cancel()
    await assertCancelledSleepThrows(sleeper)
  }
}
