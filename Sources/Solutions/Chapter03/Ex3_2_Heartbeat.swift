import ExerciseSupport
import Synchronization

/// Exercise 3.2: a stop that is safe to call twice (reference solution).
///
/// Read docs/Chapter03-Cancellation.md#exercise-32-an-idempotent-stop
public final class Heartbeat: Sendable {
  private struct State {
    var task: Task<Void, Never>?
    var stopped = false
  }

  private let connection: any HeartbeatConnection
  private let interval: Duration
  private let clock: any Clock<Duration>
  // Thread safety: start() and stop() may run on any thread at once; the state is behind a lock.
  private let state = Mutex(State())

  /// Creates a heartbeat for `connection`; nothing is sent before `start()`.
  public init(
    connection: some HeartbeatConnection,
    every interval: Duration,
    clock: any Clock<Duration>
  ) {
    self.connection = connection
    self.interval = interval
    self.clock = clock
  }

  /// Starts the beats and returns the task that sends them.
  @discardableResult
  public func start() throws -> Task<Void, Never> {
    try state.withLock { state in
      guard !state.stopped else { throw HeartbeatStopped() }
      let task = Task { [connection, interval, clock] in
        var beat = 0
        do {
          while true {
            try await clock.sleep(for: interval)
            try Task.checkCancellation()
            try await connection.send(beat)
            beat += 1
          }
        } catch {
          return  // stopped (a CancellationError), or the connection failed
        }
      }
      state.task = task
      return task
    }
  }

  /// Cancels the beats and closes the connection, once, however often and from wherever called.
  public func stop() {
    // Take, then act: one step under the lock decides which call is the first. Cancel and close
    // after unlocking, as either may call back into stop() (a lock cannot be taken twice).
    let (task, isFirst) = state.withLock { state in
      defer {
        state.task = nil
        state.stopped = true
      }
      return (state.task, !state.stopped)
    }
    task?.cancel()
    if isFirst { connection.close() }
  }
}
