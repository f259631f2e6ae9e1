// Virtual time for the lessons and tests where timing is the point. Read with
// docs/Chapter05-TaskGroups.md#virtual-time
import Foundation
import LessonSupport

/// A clock and the executor its tasks run on, together: the tasks of a run take turns on one
/// thread, and when none of them can go on, the clock jumps to the next sleeper's deadline.
///
/// So children of 3 s, 1 s and 2 s finish in that order on every run, at exactly 1 s, 2 s and
/// 3 s: an order fixed by the durations, not by which thread the system happened to pick. It is
/// a manual clock moved by the executor instead of by hand.
///
/// ```swift
/// let time = try await VirtualTimeline.run(pace: 0.001) { timeline in
///   try await timeline.sleep(for: .seconds(2))  // about 2 ms of real time, 2 s of virtual time
///   return timeline.time  // "2 s", always
/// }
/// ```
///
/// Do: wait only on this clock inside `run`. Not: on the network or another clock, which the
/// timeline cannot see; not `Task {}` without `executorPreference: timeline`, since unstructured
/// tasks do not inherit it (SE-0417). When every task waits and none sleeps, nothing can ever
/// happen again: `run` throws `VirtualTimeline.Stuck` instead of hanging.
public final class VirtualTimeline: TaskExecutor, Clock, @unchecked Sendable {
  // Safety: `state` is read and written only while `condition` is locked; jobs run on the one
  // thread `runJobs()` is called on, one at a time.

  /// A point in the timeline's virtual time.
  public typealias Instant = ScaledClock.Instant

  /// What `run` throws when every task of the run waits for something other than the clock.
  public struct Stuck: Error, CustomStringConvertible {
    /// The virtual time when the last task stopped.
    public let at: String

    /// What happened, in words.
    public var description: String {
      "at \(at), every task on the timeline was waiting for something that will never happen "
        + "(no task was asleep on the clock, none could run)"
    }
  }

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
    var hasRunAJob = false
    var bodyEnded = false
    var threadEnded = false
  }

  private let condition = NSCondition()
  private var state = State()
  /// Real seconds waited per virtual second: 1 paces the run like a real clock, 0 not at all.
  private let pace: Double
  /// Called on the timeline's thread when it finds every task waiting and none asleep.
  private let stuck: @Sendable (Stuck) -> Void
  /// Which of the queued jobs runs next, given how many there are: nil takes the first.
  private let pick: (@Sendable (Int) -> Int)?

  private init(
    pace: Double,
    pick: (@Sendable (Int) -> Int)?,
    stuck: @escaping @Sendable (Stuck) -> Void
  ) {
    self.pace = pace
    self.pick = pick
    self.stuck = stuck
  }

  /// Runs `body` on a new timeline at virtual time zero.
  ///
  /// The body's task, and the child tasks it starts, run on the timeline and sleep on it. Returns
  /// once the body has returned and every task it left on the timeline has ended too, so nothing
  /// of the run happens afterwards.
  ///
  /// - Parameters:
  ///   - pace: real seconds waited for each virtual second (0.000_25 for `--fast`, 0 in tests).
  ///   - pick: which of the jobs ready to run goes first, given how many are ready (an index
  ///     below that count). Nil, the default, runs them in the order they were queued; a test
  ///     passes a seeded random pick to try the other orders a pool of threads may run them in.
  ///   - body: the lesson or the test; it gets the timeline as its clock.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws, or `Stuck` when its tasks wait for what can never happen
  ///   (the body's task is then left waiting).
  public static func run<T: Sendable>(
    pace: Double,
    pick: (@Sendable (Int) -> Int)? = nil,
    _ body: @escaping @Sendable (VirtualTimeline) async throws -> T
  ) async throws -> T {
    let outcome = OneShotSignal<Result<T, any Error>>()
    let timeline = VirtualTimeline(pace: pace, pick: pick) { outcome.fire(.failure($0)) }
    let threadEnded = OneShotSignal<Void>()
    let thread = Thread {
      timeline.runJobs()
      threadEnded.fire(())
    }
    thread.name = "VirtualTimeline"
    thread.start()
    let task = Task(executorPreference: timeline) {
      do {
        outcome.fire(.success(try await body(timeline)))
      } catch {
        outcome.fire(.failure(error))
      }
    }
    let result = await withTaskCancellationHandler {
      await outcome.wait()
    } onCancel: {
      task.cancel()
    }
    timeline.endBody()
    await threadEnded.wait()
    return try result.get()
  }

  /// The virtual time since `run` began.
  public var now: Instant {
    locked { $0.now }
  }

  /// The finest step: one nanosecond.
  public var minimumResolution: Duration {
    .nanoseconds(1)
  }

  /// Suspends until the timeline reaches `deadline`; throws `CancellationError` if cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
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

  /// Queues a job of one of the timeline's tasks; once the timeline's thread has ended, a late
  /// job (a task left waiting) goes to the global executor instead.
  public func enqueue(_ job: consuming ExecutorJob) {
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

  /// The timeline's thread: runs queued jobs in order (or as `pick` says); when there are none, moves the time to
  /// the earliest deadline and wakes those sleepers; ends when `run` is over and no task is left
  /// sleeping, or when no task can ever go on.
  private func runJobs() {
    while true {
      condition.lock()
      while state.jobs.isEmpty && state.sleepers.isEmpty && !state.bodyEnded
        && !state.hasRunAJob
      {
        condition.wait()  // only before the first job: the body's task is on its way
      }
      if !state.jobs.isEmpty {
        let index = pick.map { $0(state.jobs.count) } ?? 0
        let job = state.jobs.remove(at: index)
        state.hasRunAJob = true
        condition.unlock()
        job.runSynchronously(on: asUnownedTaskExecutor())
        continue
      }
      guard let deadline = state.sleepers.map(\.deadline).min() else {
        // Nothing to run, nobody asleep: over if the body has ended, stuck if it has not. (A
        // job is queued by the job that resumes its task, so none can be on its way.)
        let wasStuck = !state.bodyEnded
        state.threadEnded = true
        condition.unlock()
        if wasStuck { stuck(Stuck(at: time)) }
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
  /// The virtual time since the run began, as the lessons print it: "3 s", "1.5 s".
  public var time: String {
    // Whole milliseconds first: a Duration divided by a Duration is a Double, a hair off for
    // hundreds of seconds, which would print "301.01500000000004 s".
    let seconds = (now.offset / .milliseconds(1)).rounded() / 1000
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }

  /// Whether the calling task runs on this timeline: false in an unstructured `Task {}` that was
  /// not given it as its executor preference.
  public var isCurrent: Bool {
    withUnsafeCurrentTask { $0?.unownedTaskExecutor == asUnownedTaskExecutor() }
  }
}
