import ExerciseSupport

/// Exercise 3.3: a thermometer that lets go (section 3.6).
///
/// `readings()` reads `source` at once, then every `interval` on `clock`, on a task, and yields
/// each reading; a failing read ends the stream with its error. When the consumer goes away, the
/// task stops. When the thermometer's owner lets go of it, it must be freed at once, even while
/// a consumer is waiting for a reading or a read is under way; then the stream finishes and the
/// task stops.
/// Read docs/Chapter03-Cancellation.md#exercise-33-a-thermometer-that-lets-go
public final class Thermometer: Sendable {
  /// Creates a thermometer over `source`; nothing is read before `readings()`.
  public init(source: some TemperatureSource, every interval: Duration, clock: any Clock<Duration>)
  {
    // TODO(3.3): keep what readings() and deinit need (a Mutex from Synchronization for the state).
  }

  /// The readings, for one consumer: call it once.
  public func readings() -> AsyncThrowingStream<Double, any Error> {
    // TODO(3.3): a task that reads and sleeps, an onTermination that stops it; neither holds self.
    AsyncThrowingStream { $0.finish(throwing: NotImplemented("3.3")) }
  }

  deinit {
    // TODO(3.3): finish the stream and stop the task.
  }
}
