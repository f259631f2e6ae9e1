import ExerciseSupport
import Synchronization

/// Exercise 3c: a thermometer that lets go (reference solution).
///
/// Read docs/Chapter03-Cancellation.md#exercise-3c-a-thermometer-that-lets-go
public final class Thermometer: Sendable {
  private struct Readings {
    let task: Task<Void, Never>
    let continuation: AsyncThrowingStream<Double, any Error>.Continuation
  }

  private let source: any TemperatureSource
  private let interval: Duration
  private let clock: any Clock<Duration>
  // Thread safety: readings() and deinit may run on different threads; behind a lock.
  private let running = Mutex<Readings?>(nil)

  /// Creates a thermometer over `source`; nothing is read before `readings()`.
  public init(source: some TemperatureSource, every interval: Duration, clock: any Clock<Duration>)
  {
    self.source = source
    self.interval = interval
    self.clock = clock
  }

  /// The readings, for one consumer: call it once.
  public func readings() -> AsyncThrowingStream<Double, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
    // The task captures what it reads with, never self: a running task keeps what it holds.
    let task = Task { [source, interval, clock] in
      do {
        while true {
          continuation.yield(try await source.read())
          try await clock.sleep(for: interval)
        }
      } catch {
        continuation.finish(throwing: error)  // the source failed, or the task was cancelled
      }
    }
    // The task, not self: self keeps the continuation, which keeps this closure.
    continuation.onTermination = { _ in task.cancel() }
    running.withLock { $0 = Readings(task: task, continuation: continuation) }
    return stream
  }

  deinit {
    // No one can read a thermometer that is gone: finish the stream; onTermination then
    // cancels the task.
    running.withLock { $0 }?.continuation.finish()
  }
}
