@testable import ChildProcesses
import XCTest

final class StallWatchTests: XCTestCase {
  /// Samples every 250 ms of a child that used `cpu` milliseconds by each, in order.
  private func stalledAt(_ cpu: [Int], limit: Duration = .seconds(2)) -> Int? {
    var watch = StallWatch(limit: limit)
    for (index, used) in cpu.enumerated() {
      let elapsed = Duration.milliseconds(250 * index)
      if watch.record(elapsed: elapsed, cpu: .milliseconds(used)) { return index }
    }
    return nil
  }

  func test_aChildThatUsesNoProcessorTime_stallsOnceTheLimitHasPassed() {
    XCTAssertEqual(stalledAt(Array(repeating: 30, count: 12)), 8, "2 s after the first sample")
  }

  func test_aFewMillisecondsOfRuntimeWakeUps_stillStall() {
    // 10 ms in 2 s, as a test process stuck on a continuation used: under the 50 ms allowance.
    XCTAssertEqual(stalledAt([30, 30, 31, 31, 32, 33, 35, 38, 40, 40]), 8)
  }

  func test_aChildThatWorks_evenAFortiethOfACore_neverStalls() {
    // 60 ms every 2 s, a little over the allowance: a process on a very busy machine still gets
    // that much.
    XCTAssertNil(stalledAt((0..<40).map { $0 * 8 }))
  }

  func test_aChildThatStopsWorking_stallsTheLimitAfterItStopped() {
    // Busy for 1 s (samples 0 to 4), then waiting: stalled 2 s after the last work.
    let cpu = (0..<5).map { $0 * 250 } + Array(repeating: 1_000, count: 15)
    XCTAssertEqual(stalledAt(cpu), 12)
  }

  func test_theAllowance_isAFortiethOfTheLimit() {
    XCTAssertEqual(StallWatch(limit: .seconds(2)).allowance, .milliseconds(50))
  }
}
