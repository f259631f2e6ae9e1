import ExerciseSupport

/// Exercise 3.2: a stop that is safe to call twice (section 3.2).
///
/// A heartbeat sends beats 0, 1, 2, ... on its connection, one every `interval` on `clock` (the
/// first after one interval), from the task `start()` returns, until `stop()`. `stop()` cancels
/// that task and closes the connection, whether or not the beats were started. It must be safe
/// to call any number of times, from two tasks at once, and from inside the callbacks it causes
/// (the cancel runs cancellation handlers, and `close()` may call `stop()` again): the connection
/// is closed exactly once. Once stopped, the task starts no send, even when the stop came just as
/// a wait ended. A `start()` after `stop()` throws `HeartbeatStopped` and sends nothing.
/// Read docs/Chapter03-Cancellation.md#exercise-32-an-idempotent-stop
public final class Heartbeat: Sendable {
  /// Creates a heartbeat for `connection`; nothing is sent before `start()`.
  public init(
    connection: some HeartbeatConnection,
    every interval: Duration,
    clock: any Clock<Duration>
  ) {
    // TODO(3.2): keep what start() and stop() need (a Mutex from Synchronization for the state).
  }

  /// Starts the beats and returns the task that sends them.
  @discardableResult
  public func start() throws -> Task<Void, Never> {
    // TODO(3.2): unless stopped, start a task that sleeps, then sends, until it is cancelled.
    throw NotImplemented("3.2")
  }

  /// Cancels the beats and closes the connection, once, however often and from wherever called.
  public func stop() {
    // TODO(3.2): decide under the lock whether this call is the first; act outside it.
  }
}
