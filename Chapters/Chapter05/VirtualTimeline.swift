// Virtual time for the sections where timing is the lesson. Read with
// docs/Chapter05-TaskGroups.md#virtual-time
import Foundation
import LessonSupport

/// A clock and the executor its tasks run on, together: the tasks of a run take turns on one
/// thread, and when none of them can go on, the clock jumps to the next sleeper's deadline.
///
/// So children of 3 s, 1 s and 2 s finish in that order on every run, at exactly 1 s, 2 s and
/// 3 s: an order fixed by the durations, not by which thread the system happened to pick. It is
/// the tests' manual clock, moved by the executor instead of by hand.
///
/// ```swift
/// try await VirtualTimeline.run(pace: 0.001) { timeline in
///   try await timeline.sleep(for: .seconds(2))  // about 2 ms of real time, 2 s of virtual time
///   print(timeline.now.offset)                  // 2.0 seconds, always
/// }
/// ```
///
/// Do: wait only on this clock inside `run`. Not: on the network or another clock, which the
/// timeline cannot see (it would move on without them); not `Task {}` without
/// `executorPreference: timeline`, since unstructured tasks do not inherit it (SE-0417).
final class VirtualTimeline: TaskExecutor, Clock, @unchecked Sendable {
  // Safety: `state` is read and written only while `condition` is locked; jobs run on the one
  // thread `runJobs()` is called on, one at a time.
  typealias Instant = ScaledClock.Instant

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var jobs: [UnownedJob] = []
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    var bodyEnded = false
    var threadEnded = false
  }

  private let condition = NSCondition()
  private var state = State()
  /// Real seconds waited per virtual second: 1 paces the run like a real clock, 0 not at all.
  private let pace: Double

  private init(pace: Double) {
    self.pace = pace
  }

  /// Runs `body` on a new timeline at virtual time zero.
  ///
  /// The body's task, and the child tasks it starts, run on the timeline and sleep on it. Returns
  /// once the body has returned and every task it left on the timeline has ended too, so nothing
  /// of the run prints afterwards.
  ///
  /// - Parameters:
  ///   - pace: real seconds waited for each virtual second (0.001 for `--fast`, 0 in tests).
  ///   - body: the lesson; it gets the timeline as its clock.
  /// - Returns: what `body` returns.
  static func run<T: Sendable>(
    pace: Double,
    _ body: @Sendable (VirtualTimeline) async throws -> T
  ) async throws -> T {
    let timeline = VirtualTimeline(pace: pace)
    let threadEnded = OneShotSignal<Void>()
    let thread = Thread {
      timeline.runJobs()
      threadEnded.fire(())
    }
    thread.name = "VirtualTimeline"
    thread.start()
    let result: Result<T, any Error>
    do {
      result = .success(try await withTaskExecutorPreference(timeline) { try await body(timeline) })
    } catch {
      result = .failure(error)
    }
    timeline.endBody()
    await threadEnded.wait()
    return try result.get()
  }

  /// The virtual time since `run` began.
  var now: Instant {
    locked { $0.now }
  }

  /// The finest step: one nanosecond.
  var minimumResolution: Duration {
    .nanoseconds(1)
  }

  /// Suspends until the timeline reaches `deadline`; throws `CancellationError` if cancelled.
  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = locked { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let wakeNow = locked { state -> Bool in
          if Task.isCancelled { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if wakeNow { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = locked { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Queues a job of one of the timeline's tasks; after `run` has ended, a late job (a task
  /// left running) goes to the global executor instead.
  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let queued = locked { state -> Bool in
      guard !state.threadEnded else { return false }
      state.jobs.append(unowned)
      return true
    }
    if queued {
      condition.signal()
    } else {
      globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
    }
  }

  /// The timeline's thread: runs queued jobs in order; when there are none, moves the time to
  /// the earliest deadline and wakes those sleepers; ends when `run`'s body has ended and no
  /// task is left sleeping.
  private func runJobs() {
    while true {
      condition.lock()
      while state.jobs.isEmpty && state.sleepers.isEmpty && !state.bodyEnded {
        condition.wait()
      }
      if !state.jobs.isEmpty {
        let job = state.jobs.removeFirst()
        condition.unlock()
        job.runSynchronously(on: asUnownedTaskExecutor())
        continue
      }
      guard let deadline = state.sleepers.map(\.deadline).min() else {
        state.threadEnded = true  // the body has ended and nothing is asleep
        condition.unlock()
        return
      }
      let step = state.now.duration(to: deadline)
      condition.unlock()
      if step > .zero && pace > 0 {
        Thread.sleep(forTimeInterval: Double(step / .milliseconds(1)) * pace / 1000)
      }
      let due = locked { state -> [Sleeper] in
        state.now = max(state.now, deadline)
        let due = state.sleepers.filter { $0.deadline <= deadline }
        state.sleepers.removeAll { $0.deadline <= deadline }
        return due.sorted { $0.id < $1.id }  // same deadline: in the order they began to sleep
      }
      due.forEach { $0.continuation.resume() }
    }
  }

  private func endBody() {
    locked { $0.bodyEnded = true }
    condition.signal()
  }

  private func locked<R>(_ body: (inout State) -> R) -> R {
    condition.lock()
    defer { condition.unlock() }
    return body(&state)
  }
}

extension VirtualTimeline {
  /// The virtual time since the run began, as the chapter prints it: "3 s", "1.5 s".
  var time: String {
    let seconds = Double(now.offset / .milliseconds(1)) / 1000
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }
}

extension LessonContext {
  /// Real seconds per virtual second on a timeline: a quarter of a second in a plain run (the
  /// chapter has about a minute of virtual time), a thousand times less with `--fast`.
  var pace: Double {
    isFast ? 0.001 : 0.25
  }
}
