// A legacy sensor SDK with a known bug: it calls its completion handler twice, sometimes from
// two threads at once.
import Synchronization
import TutorialSupport

final class TemperatureSensor: Sendable {
  static let responseTime = Duration.milliseconds(20)

  let scheduler: CallbackScheduler
  /// Whether both calls come at the same moment from different threads (true) or one after the
  /// other from one thread (false).
  private let concurrentDuplicates: Bool
  /// How many callbacks the guarded wrapper found nothing to resume for.
  let ignoredCallbacks = Mutex(0)

  init(clock: any Clock<Duration>, concurrentDuplicates: Bool) {
    self.scheduler = CallbackScheduler(clock: clock)
    self.concurrentDuplicates = concurrentDuplicates
  }

  func readTemperature(completion: @escaping @Sendable (Result<Double, any Error>) -> Void) {
    if concurrentDuplicates {
      scheduler.schedule(after: Self.responseTime) { completion(.success(21.5)) }
      scheduler.schedule(after: Self.responseTime) { completion(.success(21.5)) }
    } else {
      scheduler.schedule(after: Self.responseTime) {
        completion(.success(21.5))
        completion(.success(21.5))
      }
    }
  }
}

extension TemperatureSensor {
  /// The straightforward wrapper, which crashes with this sensor.
  ///
  /// It is correct for an SDK that calls back once.
  func readTemperatureNaively() async throws -> Double {
    try await withCheckedThrowingContinuation(function: "readTemperature()") { continuation in
      readTemperature { result in
        continuation.resume(with: result)
      }
    }
  }

  // snippet.guarded-wrapper
  /// The guarded wrapper, safe however many times the sensor calls back.
  ///
  /// Whichever callback comes first takes the continuation out under the lock; the other finds
  /// nil. The resume happens after the lock is released.
  func readTemperatureGuarded() async throws -> Double {
    try await withCheckedThrowingContinuation(function: "readTemperature()") { continuation in
      let slot = ContinuationSlot(continuation)
      readTemperature { result in
        if !slot.resume(with: result) {
          self.ignoredCallbacks.withLock { $0 += 1 }
        }
      }
    }
  }
  // snippet.end
}

// snippet.continuation-slot
/// Holds a continuation until the first callback takes it; later callbacks find it empty.
final class ContinuationSlot<Value: Sendable>: Sendable {
  private let continuation: Mutex<CheckedContinuation<Value, any Error>?>

  init(_ continuation: CheckedContinuation<Value, any Error>) {
    self.continuation = Mutex(continuation)
  }

  /// Resumes the continuation if no one has yet; returns false if someone already did.
  func resume(with result: Result<Value, any Error>) -> Bool {
    // Decide under the lock (take it), act after it (resume).
    guard let taken = continuation.withLock({ $0.take() }) else { return false }
    taken.resume(with: result)
    return true
  }
}
// snippet.end
