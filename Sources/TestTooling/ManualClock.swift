import LessonSupport

/// A clock that moves only when a test says so, for exact virtual time.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task {
///   try await clock.sleep(for: .seconds(3))
///   return "woke"
/// }
/// await clock.waitForSleepers(count: 1)   // the task is now suspended in sleep
/// clock.advance(by: .seconds(3))          // ... and this wakes it
/// let woke = try await task.value
/// XCTAssertEqual(woke, "woke")
/// ```
///
/// Do: wait for the sleepers you expect before advancing. Not: `Task.yield()` and hope.
public final class ManualClock: Clock, Sendable {
  /// A point in this clock's virtual time.
  public typealias Instant = ScaledClock.Instant

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Waiter {
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var waiters: [Waiter] = []

    /// Removes and returns the waiters satisfied by the current number of sleepers.
    mutating func takeSatisfiedWaiters() -> [Waiter] {
      let count = sleepers.count
      let ready = waiters.filter { $0.count <= count }
      waiters.removeAll { $0.count <= count }
      return ready
    }
  }

  // Thread safety: all state is behind the lock; continuations are resumed after unlocking.
  private let state = Locked(State())

  /// Creates a clock at virtual time zero.
  public init() {}

  /// The current virtual time.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The finest step: one nanosecond.
  public var minimumResolution: Duration {
    .nanoseconds(1)
  }

  /// How many tasks are suspended in `sleep` right now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// When each task suspended in `sleep` is due to wake, soonest first.
  public var sleeperDeadlines: [Instant] {
    state.withLock { $0.sleepers.map(\.deadline).sorted() }
  }

  /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (wakeNow, waiters) = state.withLock { state -> (Bool, [Waiter]) in
          if deadline <= state.now || Task.isCancelled { return (true, []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (false, state.takeSatisfiedWaiters())
        }
        waiters.forEach { $0.continuation.resume() }
        if wakeNow {
          continuation.resume(with: Task.isCancelled ? .failure(CancellationError()) : .success(()))
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves virtual time forward and wakes, in deadline order, every sleeper now due.
  ///
  /// - Parameter duration: how far to move; must not be negative.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "a clock cannot go backwards")
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
    }
    due.forEach { $0.continuation.resume() }
  }

  /// Returns once at least `count` tasks are suspended in `sleep`.
  ///
  /// - Parameter count: how many sleepers to wait for.
  public func waitForSleepers(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.waiters.append(Waiter(count: count, continuation: continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Returns once a task sleeps on this clock, or once `task` has ended (an answer that never
  /// sleeps, such as a stub), whichever comes first.
  public func waitForASleeper<Success: Sendable, Failure: Error>(
    orTheEndOf task: Task<Success, Failure>
  ) async {
    let either = OneShotSignal<Bool>()
    Task {
      await waitForSleepers(count: 1)
      either.fire(true)
    }
    Task {
      _ = await task.result
      either.fire(false)
    }
    _ = await either.wait()
  }
}
