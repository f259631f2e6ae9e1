import Foundation

/// A value delivered once, to any number of waiters before or after it arrives.
package final class OneShotSignal<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiters: [CheckedContinuation<Value, Never>] = []
  }

  // Thread safety: state is behind the lock; waiters are resumed after unlocking.
  private let state = Locked(State())

  package init() {}

  package func fire(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [] }
      return state.waiters
    }
    waiters.forEach { $0.resume(returning: value) }
  }

  package func wait() async -> Value {
    await withCheckedContinuation { continuation in
      let value = state.withLock { state -> Value? in
        if let value = state.value { return value }
        state.waiters.append(continuation)
        return nil
      }
      if let value { continuation.resume(returning: value) }
    }
  }
}
