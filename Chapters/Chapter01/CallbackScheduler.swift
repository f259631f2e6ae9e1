// Legacy SDKs call their completion handlers later, on threads of their own. The simulated SDKs
// of this chapter do that through a CallbackScheduler.
import Synchronization
import TutorialSupport

/// Runs callbacks on background tasks after a delay, and lets a demo wait until they have run.
final class CallbackScheduler: Sendable {
  private struct State {
    var scheduled = 0
    var delivered = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let clock: any Clock<Duration>
  // Thread safety: the counts and waiters are behind the mutex; waiters resume after unlocking.
  private let state = Mutex(State())

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func schedule(after delay: Duration, _ callback: @escaping @Sendable () -> Void) {
    state.withLock { $0.scheduled += 1 }
    // Like an SDK that drops its completion handler once called: the handler (and whatever it
    // captured) is released as soon as it returns, not whenever the task object goes away.
    let handler = HandlerSlot(callback)
    Task.detached { [clock] in
      // Nothing cancels these tasks, so the sleep cannot be interrupted; call back either way.
      try? await clock.sleep(for: delay)
      handler.take()?()
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

/// Holds a handler until it is taken out, once.
private final class HandlerSlot: Sendable {
  private let handler: Mutex<(@Sendable () -> Void)?>

  init(_ handler: @escaping @Sendable () -> Void) {
    self.handler = Mutex(handler)
  }

  func take() -> (@Sendable () -> Void)? {
    handler.withLock { $0.take() }
  }
}
