import ExerciseSupport

/// Exercise 3b: a service that adopts TaskCancellable, with an idempotent stop (reference
/// solution).
///
/// Read docs/Chapter03-Cancellation.md#exercise-3b-an-idempotent-stop
@MainActor
public final class Heartbeat: @MainActor TaskCancellable {
  /// The task that sends the beats, from `start()` until `stop()`.
  public var task: Task<Void, Never>?
  private var stopped = false
  private let connection: any HeartbeatConnection
  private let interval: Duration
  private let clock: any Clock<Duration>

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
    guard !stopped else { throw HeartbeatStopped() }
    let task = Task { [connection, interval, clock] in
      var beat = 0
      do {
        while true {
          try await clock.sleep(for: interval)
          try Task.checkCancellation()  // a wait already over when stop() came returns normally
          try await connection.send(beat)
          beat += 1
        }
      } catch {
        return  // stopped (a CancellationError), or the connection failed
      }
    }
    self.task = task
    return task
  }

  /// Cancels the beats and closes the connection, once, however often and from wherever called.
  public func stop() {
    // On the main actor nothing else runs between this check and the mark. Mark before acting:
    // the cancel runs cancellation handlers and close() may call back, and either may call stop().
    guard !stopped else { return }
    stopped = true
    cancelTask()
    connection.close()
  }
}
