// The callback producer of exercise 2a, shaped like a timer or a sensor SDK.
// Learners wrap it; they do not change it.

/// A producer that reports through callbacks, on threads of its own.
public protocol TickSource: Sendable {
  /// Starts producing: `onTick` for each value, then `onFinish(nil)` when there are no more, or
  /// `onFinish(error)` when it fails. Nothing is called after `onFinish`.
  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  )

  /// Stops producing; no callback comes after it returns.
  func stop()
}
