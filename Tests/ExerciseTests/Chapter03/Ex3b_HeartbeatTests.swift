@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter03Exercises
#endif

// MARK: - Exercise 3b: a service that adopts TaskCancellable, with an idempotent stop

// The heartbeat is @MainActor: every test that touches it runs on the main actor, and a callback
// that runs on the main thread (a cancellation handler, close()) reaches it with assumeIsolated.

final class Ex3b_HeartbeatTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()
  private let connection = RecordingConnection()

  @MainActor
  private func makeHeartbeat() -> Heartbeat {
    Heartbeat(connection: connection, every: interval, clock: clock)
  }

  /// Lets `count` beats go out: each time the task waits, the clock moves one interval.
  @MainActor
  private func beat(_ count: Int, clock: ManualClock? = nil, every interval: Duration? = nil) async
  {
    let clock = clock ?? self.clock
    let interval = interval ?? self.interval
    for _ in 0..<count {
      await clock.waitForSleepers(count: 1)
      XCTAssertEqual(
        clock.sleeperDeadlines,
        [clock.now.advanced(by: interval)],
        "the task waits \(clock.sleeperDeadlines.map { $0.offset - clock.now.offset }) before "
          + "a beat; expected one wait of `every:` (\(interval)), on the clock given"
      )
      clock.advance(by: interval)
    }
    await clock.waitForSleepers(count: 1)  // the last beat is sent: the task waits again
  }

  /// Checks that stop() cancelled the task, and waits for it to end.
  @MainActor
  private func taskStopped(_ task: Task<Void, Never>) async -> Bool {
    guard task.isCancelled else {
      XCTFail(
        "stop() returned, yet the task that sends the beats is not cancelled; expected it "
          + "cancelled"
      )
      task.cancel()  // so that this test ends
      return false
    }
    await task.value
    return true
  }

  @MainActor
  private func assertNothingSentAfterClose() {
    XCTAssertEqual(
      connection.sentAfterClose,
      [],
      "beats \(connection.sentAfterClose) were sent after close(); expected none"
    )
  }

  @MainActor
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

  @MainActor
  func test_aStartedHeartbeat_keepsItsTaskInTask_andStopLetsGoOfIt() async throws {
    let heartbeat = makeHeartbeat()
    let task = try heartbeat.start()
    XCTAssertTrue(
      heartbeat.task == task,
      "start() returned a task, and `task` holds "
        + (heartbeat.task == nil ? "nil" : "another task")
        + "; expected the task start() returned, kept in TaskCancellable's `task`"
    )
    await beat(1)
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    XCTAssertNil(
      heartbeat.task,
      "stop() returned, and `task` still holds a task; expected nil (the heartbeat lets go of it)"
    )
  }

  @MainActor
  func test_stopBeforeStart_startThrows_andNothingIsSent() async throws {
    let heartbeat = makeHeartbeat()
    heartbeat.stop()
    do {
      let task = try heartbeat.start()
      task.cancel()
      XCTFail("start() after stop() returned a task; expected it to throw HeartbeatStopped")
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? HeartbeatStopped,
        HeartbeatStopped(),
        "start() after stop() threw \(error); expected HeartbeatStopped"
      )
    }
    XCTAssertEqual(connection.sent, [])
    XCTAssertNil(heartbeat.task, "start() threw, and `task` holds a task; expected nil")
    XCTAssertEqual(
      connection.closes,
      1,
      "stop() closes the connection even when the beats never started"
    )
  }

  @MainActor
  func test_stopFromInsideClose_closesOnce() async throws {
    let heartbeat = makeHeartbeat()
    // A connection that tells its owner it has closed: stop() is called while stop() runs.
    connection.whileClosing { MainActor.assumeIsolated { heartbeat.stop() } }
    let task = try heartbeat.start()
    await beat(1)
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(
      connection.closes,
      1,
      "stop() was called again from inside close(), while the first stop() ran, and the "
        + "connection was closed \(connection.closes) times; expected once"
    )
  }

  @MainActor
  func test_beatsComeEveryInterval_forTwoIntervals() async throws {
    for interval in [Duration.seconds(1), .milliseconds(2500)] {
      let clock = ManualClock()
      let connection = RecordingConnection()
      let heartbeat = Heartbeat(connection: connection, every: interval, clock: clock)
      let task = try heartbeat.start()
      await beat(3, clock: clock, every: interval)
      XCTAssertEqual(connection.sent, [0, 1, 2], "one beat after each interval: 0, 1, 2")
      heartbeat.stop()
      guard await taskStopped(task) else { return }
    }
  }

  /// The wait for beat 1 is over, and stop() comes before the task has run again: the beat it
  /// was waiting for must not be sent.
  @MainActor
  func test_stopJustAsAWaitEnds_noBeatIsSent() async throws {
    let hooked = HookedClock()
    let heartbeat = Heartbeat(connection: connection, every: interval, clock: hooked)
    let task = try heartbeat.start()
    await hooked.manual.waitForSleepers(count: 1)
    hooked.manual.advance(by: interval)
    await hooked.manual.waitForSleepers(count: 1)  // beat 0 is sent; the task waits for beat 1
    let stopped = OneShotSignal<Bool>()
    hooked.afterNextWake {
      await heartbeat.stop()  // after the task's wait is over, before its sleep returns
      stopped.fire(true)
    }
    hooked.manual.advance(by: interval)
    _ = await stopped.wait()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(connection.sent, [0])
    XCTAssertEqual(
      connection.sentAfterClose,
      [],
      "stop() came after the wait for beat 1 ended, before the send, and beat 1 was sent after "
        + "close(); expected no send once stopped"
    )
    XCTAssertEqual(connection.closes, 1)
  }

  /// stop() cancels the task while it waits; the cancel runs the wait's cancellation handler,
  /// which calls stop() again, before the first stop() has closed.
  @MainActor
  func test_stopFromInsideACancellationHandler_closesOnce() async throws {
    let hooked = HookedClock()
    let heartbeat = Heartbeat(connection: connection, every: interval, clock: hooked)
    let task = try heartbeat.start()
    await hooked.manual.waitForSleepers(count: 1)
    hooked.whileCancellingASleeper { MainActor.assumeIsolated { heartbeat.stop() } }
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(
      connection.closes,
      1,
      "stop() was called again from the cancellation handler of the wait it cancelled, and the "
        + "connection was closed \(connection.closes) times; expected once"
    )
  }

  @MainActor
  func test_stopAndStopAgain_closesOnce() async throws {
    let heartbeat = makeHeartbeat()
    let task = try heartbeat.start()
    await beat(1)
    heartbeat.stop()
    heartbeat.stop()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(
      connection.closes,
      1,
      "stop() twice closed the connection \(connection.closes) times; expected once"
    )
  }

  /// stop() comes while a send is in flight, and the send returns only later: the connection
  /// is closed by stop() itself, not when the task gets round to it.
  @MainActor
  func test_stopWhileASendIsInFlight_closesBeforeItReturns() async throws {
    let heartbeat = makeHeartbeat()
    connection.holdSend(of: 0)
    let task = try heartbeat.start()
    await clock.waitForSleepers(count: 1)
    clock.advance(by: interval)
    await connection.waitUntilTheHeldSendWaits()
    heartbeat.stop()
    let closesWhenStopReturned = connection.closes
    connection.releaseHeldSend()
    guard await taskStopped(task) else { return }
    XCTAssertEqual(
      closesWhenStopReturned,
      1,
      "stop() returned while beat 0 was being sent, and the connection was not closed yet; "
        + "expected stop() to close it before it returns"
    )
    XCTAssertEqual(connection.closes, 1, "the connection is closed once")
  }

  /// The grade: 560 generated lives (intervals of zero and from 1 attosecond to a billion years,
  /// up to 1,000 beats, sends that take half an interval to three and a half, sends that fail at
  /// any beat with any error, stop() before start(), twice, from inside close(), from the
  /// cancelled wait's handler, from the beat task as a wait ends, cancelTask() or the owner's
  /// cancel without a stop, start() after stop(), and from inside close()), each compared with
  /// what the statement says.
  @MainActor
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    // The stub throws NotImplemented only from start(): ask it first, so that an untouched stub
    // is "not started", not a difference in a life with no start().
    let probe = Heartbeat(connection: RecordingConnection(), every: .seconds(1), clock: clock)
    try probe.start().cancel()
    probe.stop()
    try await assertEveryScenario(
      heartbeatScenarios(count: 400, seed: 32),
      model: heartbeatModel,
      answer: heartbeatAnswer
    )
  }

  /// The grade's lives with an interval of zero: 40 generated lives, each send held until the
  /// test lets it go, so that the beats may come with no wait at all.
  @MainActor
  func test_yourAnswer_keepsTheStatement_withAnIntervalOfZero() async throws {
    try await assertEveryScenario(
      heartbeatZeroIntervalScenarios(count: 40, seed: 32),
      model: heartbeatModel,
      answer: heartbeatAnswer
    )
  }

  /// Lives of the generated scenarios, two at a time, each with a connection and a clock of its
  /// own.
  ///
  /// Nothing in the statement is shared between heartbeats: each must give what it gives alone.
  @MainActor
  func test_yourAnswer_keepsTheStatement_withTwoHeartbeatsAtOnce() async throws {
    try await assertEveryPairTogether(
      heartbeatScenarios(count: 400, seed: 32),
      pairs: 30,
      of: { life in
        life.size <= 60 && life.steps.contains(.start)
          && life.steps.contains { if case .beats(let count) = $0 { count >= 2 } else { false } }
      },
      model: heartbeatModel,
      answer: heartbeatAnswer,
      together: { first, second in
        async let firstLived = heartbeatAnswer(first)
        async let secondLived = heartbeatAnswer(second)
        return try await (firstLived, secondLived)
      },
      saying: "two heartbeats at once"
    )
  }
}
