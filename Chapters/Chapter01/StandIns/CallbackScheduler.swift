import LessonSupport

/// Calls callbacks later, on background tasks, the way a legacy SDK calls its completion
/// handlers; and lets a demo or a test wait until they have been delivered.
///
/// ```swift
/// let scheduler = CallbackScheduler(clock: context.clock)
/// scheduler.schedule(after: .milliseconds(800)) { completion(.success("cat")) }
/// await scheduler.waitUntilIdle()   // the callback has run and been released
/// ```
///
/// A callback is released as soon as it returns, like an SDK that drops its completion handler
/// once called. So when `waitUntilDelivered(count:)` returns, whatever the callbacks captured
/// (a continuation, say) has been released too: a leaked checked continuation has reported.
final class CallbackScheduler: Sendable {
  private struct State {
    var scheduled = 0
    var delivered = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let clock: any Clock<Duration>
  // Thread safety: the counts and waiters are behind the lock; waiters resume after unlocking.
  private let state = Locked(State())

  /// Creates a scheduler whose delays are measured on `clock`.
  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  /// Calls `callback` on a background task after `delay`.
  ///
  /// - Parameters:
  ///   - delay: how long to wait, on the scheduler's clock.
  ///   - callback: what to call; it is released right after it returns.
  func schedule(after delay: Duration, _ callback: @escaping @Sendable () -> Void) {
    state.withLock { $0.scheduled += 1 }
    let handler = HandlerSlot(callback)
    Task.detached { [clock] in
      // Nothing cancels these tasks, so the sleep is not interrupted; call back either way.
      try? await clock.sleep(for: delay)
      do {
        // The callback is released at the end of this scope, before it counts as delivered.
        let callback = handler.take()
        callback?()
      }
      self.markDelivered()
    }
  }

  /// Returns once `count` callbacks have been called and released.
  func waitUntilDelivered(count: Int) async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state in
        if state.delivered >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Returns once every callback scheduled so far has been called and released.
  func waitUntilIdle() async {
    await waitUntilDelivered(count: state.withLock { $0.scheduled })
  }

  private func markDelivered() {
    let ready = state.withLock { state in
      state.delivered += 1
      let delivered = state.delivered
      defer { state.waiters.removeAll { $0.count <= delivered } }
      return state.waiters.filter { $0.count <= delivered }
    }
    ready.forEach { $0.continuation.resume() }
  }
}

/// Holds a callback until it is taken out, once.
private final class HandlerSlot: Sendable {
  private let handler: Locked<(@Sendable () -> Void)?>

  init(_ handler: @escaping @Sendable () -> Void) {
    self.handler = Locked(handler)
  }

  func take() -> (@Sendable () -> Void)? {
    handler.withLock { $0.take() }
  }
}
