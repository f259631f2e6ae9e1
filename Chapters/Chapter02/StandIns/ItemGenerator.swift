// Stand-in for seed 000's producer, ItemGenerator: a handler call per item, then onFinish.
import LessonSupport

/// Calls its handler with each item, one every `interval`, then calls `onFinish`.
///
/// Unlike the seed's, it is handed its items (no `i as! T` force cast), and `stop()` ends its loop.
final class ItemGenerator<Item: Sendable>: Sendable {
  private let items: [Item]
  private let interval: Duration
  private let clock: any Clock<Duration>
  private let handler: @Sendable (Item) -> Void
  private let onFinish: @Sendable () -> Void
  // Thread safety: the running task is behind the lock; start and stop may come from anywhere.
  private let task = Locked<Task<Void, Never>?>(nil)

  init(
    items: [Item],
    interval: Duration,
    clock: any Clock<Duration>,
    handler: @escaping @Sendable (Item) -> Void,
    onFinish: @escaping @Sendable () -> Void
  ) {
    self.items = items
    self.interval = interval
    self.clock = clock
    self.handler = handler
    self.onFinish = onFinish
  }

  /// Starts the loop, on the main actor, as a UI framework's timer would call back: a consumer
  /// there that is cancelled before its first `next()` is told so before any item can come.
  func start() {
    let newTask = Task { @MainActor [items, interval, clock, handler, onFinish] in
      for item in items {
        do {
          try await clock.sleep(for: interval)
        } catch {
          return  // stopped: no more items, and no finish either
        }
        handler(item)
      }
      onFinish()
    }
    task.withLock { $0 = newTask }
  }

  /// Stops the items; unlike the seed's `handler = nil`, this also ends the running loop.
  func stop() {
    task.withLock { $0 }?.cancel()
  }
}
