// Exercise 3b's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter03Exercises
#endif

/// Runs `scenario` on the answer's `Heartbeat`, on the main actor, as the tests call it.
@MainActor
func heartbeatAnswer(_ scenario: HeartbeatScenario) async throws -> HeartbeatOutcome {
  let clock = HookedClock()
  let connection = LoggingConnection(
    clock: clock.manual,
    failsAt: scenario.sendFailsAt,
    failure: scenario.sendError.error,
    takes: scenario.sendTakes,
    holdsSends: scenario.sendsHeld
  )
  let heartbeat = Heartbeat(connection: connection, every: scenario.interval, clock: clock)
  // The statement's order: stop() lets go of the task, cancelled, before it closes.
  connection.whenClosed { [weak heartbeat] in
    guard Thread.isMainThread else { return "called off the main actor" }
    return MainActor.assumeIsolated {
      heartbeat?.task == nil ? nil : "while the heartbeat's task still held the beat task"
    }
  }
  if scenario.closeCallsStop || scenario.closeCallsStart {
    connection.whileClosing { [weak heartbeat, weak connection] in
      guard Thread.isMainThread else {
        connection?.note("close() called off the main actor")
        return
      }
      MainActor.assumeIsolated {
        if scenario.closeCallsStop { heartbeat?.stop() }
        guard scenario.closeCallsStart, let heartbeat else { return }
        do {
          let task = try heartbeat.start()
          connection?.note("start() from inside close() returned a task")
          task.cancel()
        } catch {
          connection?.note(
            "start() from inside close() threw "
              + (error is HeartbeatStopped ? "HeartbeatStopped" : "\(error)")
          )
        }
      }
    }
  }
  var beatTask: Task<Void, Never>?
  for step in scenario.steps {
    switch step {
    case .idle(let count):
      clock.manual.advance(by: scenario.interval * count)
    case .start:
      do {
        let task = try heartbeat.start()
        beatTask = beatTask ?? task
        connection.note("start()")
      } catch let error as NotImplemented {
        throw error
      } catch {
        connection.note(
          "start() threw \(error is HeartbeatStopped ? "HeartbeatStopped" : "\(error)")"
        )
      }
    case .beats(let count) where scenario.sendsHeld:
      guard let beatTask else { continue }
      var sent = 0
      moves: while sent < count {
        switch await nextMove(of: beatTask, clock: clock.manual, connection: connection) {
        case .sends: if connection.letTheHeldSendGo() { sent += 1 }
        case .waits:
          guard let deadline = clock.manual.sleeperDeadlines.first else { continue }
          clock.manual.advance(by: clock.now.duration(to: deadline))
        case .ended: break moves
        }
      }
      // The last beat is sent: the task waits again, or holds its next send.
      _ = await nextMove(of: beatTask, clock: clock.manual, connection: connection)
    case .beats(let count):
      guard let beatTask else { continue }
      for _ in 0..<count {
        await clock.manual.waitForASleeper(orTheEndOf: beatTask)
        guard let deadline = clock.manual.sleeperDeadlines.first else { break }
        clock.manual.advance(by: clock.now.duration(to: deadline))
      }
      await clock.manual.waitForASleeper(orTheEndOf: beatTask)  // the last beat is sent
    case .cancel(let how):
      connection.note(how.rawValue)
      if how.asAWaitEnds, let beatTask {
        await clock.manual.waitForASleeper(orTheEndOf: beatTask)
      }
      let cancel = { @MainActor in
        if how.callsCancelTask { heartbeat.cancelTask() } else { beatTask?.cancel() }
      }
      if how.asAWaitEnds, let deadline = clock.manual.sleeperDeadlines.first {
        let cancelled = OneShotSignal<Bool>()
        clock.afterNextWake {
          await cancel()
          cancelled.fire(true)
        }
        clock.manual.advance(by: clock.now.duration(to: deadline))
        _ = await cancelled.wait()
      } else {
        cancel()
      }
      if how.callsCancelTask {
        connection.note(heartbeat.task == nil ? "then task is nil" : "then task still holds a task")
      }
      guard let beatTask else { continue }
      // A task that goes on after the cancel either waits again or sends on without waiting.
      let runawaySends = connection.watchForRunawaySends()
      let sleeper = Task { await clock.manual.waitForASleeper(orTheEndOf: beatTask) }
      Task {
        await sleeper.value
        runawaySends.fire(false)
      }
      if await runawaySends.wait() {
        connection.note("the beat task sends on")
      } else if clock.manual.sleeperCount > 0 {
        connection.note("the beat task still waits")
      } else {
        await beatTask.value
        connection.note("the beat task has ended")
      }
    case .stop(let how):
      for round in 0..<(how == .twice ? 2 : 1) {
        connection.note("stop()")
        // These two stops need the task asleep: wait for it (or its end) first.
        if round == 0, [.asAWaitEnds, .fromTheCancelledWait].contains(how), let beatTask {
          await clock.manual.waitForASleeper(orTheEndOf: beatTask)
        }
        let asleep = clock.manual.sleeperCount > 0
        if round == 0, how == .asAWaitEnds, let deadline = clock.manual.sleeperDeadlines.first {
          let stopped = OneShotSignal<Bool>()
          clock.afterNextWake {
            await heartbeat.stop()
            stopped.fire(true)
          }
          clock.manual.advance(by: clock.now.duration(to: deadline))
          _ = await stopped.wait()
        } else if round == 0, how == .fromTheCancelledWait, asleep {
          clock.whileCancellingASleeper { MainActor.assumeIsolated { heartbeat.stop() } }
          heartbeat.stop()
        } else {
          heartbeat.stop()
        }
        connection.note(heartbeat.task == nil ? "then task is nil" : "then task still holds a task")
        guard let beatTask else { continue }
        if scenario.sendsHeld {
          switch await nextMove(of: beatTask, clock: clock.manual, connection: connection) {
          case .sends: connection.note("the beat task still sends")
          case .waits: connection.note("the beat task still waits")
          case .ended: break
          }
          beatTask.cancel()  // so that the run ends
        } else {
          await clock.manual.waitForASleeper(orTheEndOf: beatTask)
        }
        if !scenario.sendsHeld, clock.manual.sleeperCount > 0 {
          connection.note("the beat task still waits")
          beatTask.cancel()  // so that the run ends
        }
        await beatTask.value
        connection.note("the beat task has ended")
      }
    }
  }
  clock.whileCancellingASleeper {}
  return HeartbeatOutcome(log: connection.log.withLock { $0 })
}

/// What a beat task whose sends are held does next.
private enum NextMove: Sendable {
  case sends, waits, ended
}

/// Returns once the beat task holds a send, waits on the clock, or has ended.
@MainActor
private func nextMove(
  of task: Task<Void, Never>,
  clock: ManualClock,
  connection: LoggingConnection
) async -> NextMove {
  let either = OneShotSignal<NextMove>()
  Task {
    await connection.waitForAHeldSend()
    either.fire(.sends)
  }
  Task {
    await clock.waitForSleepers(count: 1)
    either.fire(.waits)
  }
  Task {
    _ = await task.result
    either.fire(.ended)
  }
  return await either.wait()
}
