import ExerciseSupport
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 3.2: an idempotent stop

final class Ex3_2_HeartbeatTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()
  private let connection = RecordingConnection()

  private func makeHeartbeat() -> Heartbeat {
    Heartbeat(connection: connection, every: interval, clock: clock)
  }

  /// Lets `count` beats go out: each time the task waits, the clock moves one interval.
  private func beat(_ count: Int) async {
    for _ in 0..<count {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: interval)
    }
    await clock.waitForSleepers(count: 1)  // the last beat is sent: the task waits again
  }

  /// Checks that stop() cancelled the task, and waits for it to end.
  private func taskStopped(_ task: Task<Void, Never>) async -> Bool {
    guard task.isCancelled else {
      XCTFail("stop() must cancel the task that sends the beats")
      task.cancel()  // so that this test ends
      return false
    }
    await task.value
    return true
  }

  private func assertNothingSentAfterClose() {
    XCTAssertEqual(
      connection.sentAfterClose,
      [],
      "beats were sent after stop(): the task went on after it was cancelled (a try? around "
        + "the wait swallows the cancel)"
    )
  }

  func test_beatsUntilStop_thenTheConnectionIsClosedOnce() async throws {
    let heartbeat = makeHeartbeat()
    let task = try heartbeat.start()
    await beat(3)
    XCTAssertEqual(connection.sent, [0, 1, 2], "one beat after each interval: 0, 1, 2")
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    assertNothingSentAfterClose()
    XCTAssertEqual(connection.closes, 1, "stop() closes the connection, once")
  }

  func test_stopBeforeStart_startThrows_andNothingIsSent() async throws {
    let heartbeat = makeHeartbeat()
    heartbeat.stop()
    do {
      let task = try heartbeat.start()
      task.cancel()
      XCTFail("start() after stop() must throw HeartbeatStopped, and start nothing")
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? HeartbeatStopped,
        HeartbeatStopped(),
        "start() after stop() throws HeartbeatStopped (it threw \(error))"
      )
    }
    XCTAssertEqual(connection.sent, [])
    XCTAssertEqual(
      connection.closes,
      1,
      "stop() closes the connection even when the beats never started"
    )
  }

  func test_stopFromInsideASend_noBeatAfterIt() async throws {
    let heartbeat = makeHeartbeat()
    let stopped = OneShotSignal<Bool>()
    connection.whileSending { beat in
      guard beat == 1 else { return }
      heartbeat.stop()  // the task is inside send when stop() comes
      stopped.fire(true)
    }
    let task = try heartbeat.start()
    await clock.waitForSleepers(count: 1)
    clock.advance(by: interval)
    await clock.waitForSleepers(count: 1)
    clock.advance(by: interval)
    _ = await stopped.wait()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(connection.sent, [0, 1])
    assertNothingSentAfterClose()
    XCTAssertEqual(connection.closes, 1, "stop() closes the connection, once")
  }

  func test_stopFromInsideClose_closesOnce() async throws {
    let heartbeat = makeHeartbeat()
    // A connection that tells its owner it has closed: stop() is called while stop() runs.
    connection.whileClosing { heartbeat.stop() }
    let task = try heartbeat.start()
    await beat(1)
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(
      connection.closes,
      1,
      "stop() was called again from inside close(), while the first stop() ran, and closed "
        + "again: the first call must be marked as stopped before it closes"
    )
  }

  func test_stopFromTwoThreadsAtOnce_closesOnce() async throws {
    let heartbeat = makeHeartbeat()
    let task = try heartbeat.start()
    await beat(1)
    await onTwoThreadsAtOnce { _ in heartbeat.stop() }
    guard await taskStopped(task) else { return }
    XCTAssertEqual(
      connection.closes,
      1,
      "two threads called stop() at once, and both closed: checking and marking \"stopped\" "
        + "must be one step under one lock"
    )
  }

  func test_stopTwice_closesOnce() async throws {
    let heartbeat = makeHeartbeat()
    let task = try heartbeat.start()
    await beat(1)
    heartbeat.stop()
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(connection.closes, 1, "a second stop() has nothing left to do: close once")
  }
}
