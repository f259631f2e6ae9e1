// A legacy sensor SDK with a known bug: it calls its completion handler twice, sometimes from
// two threads at once.
import LessonSupport
import Synchronization

final class TemperatureSensor: Sendable {
  static let responseTime = Duration.milliseconds(20)

  let scheduler: CallbackScheduler
  /// Whether both calls come at the same moment from different threads (true) or one after the
  /// other from one thread (false).
  private let concurrentDuplicates: Bool
  /// How many callbacks the guarded wrapper found nothing to resume for.
  let ignoredCallbacks = Atomic<Int>(0)

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
  /// The first callback to arrive resumes the continuation; any later one, even from another
  /// thread at the same instant, is turned away by `OneShotContinuation`.
  func readTemperatureGuarded() async throws -> Double {
    try await withCheckedThrowingContinuation(function: "readTemperature()") { continuation in
      let oneShot = OneShotContinuation(continuation)
      readTemperature { result in
        if !oneShot.resume(with: result) {
          self.ignoredCallbacks.add(1, ordering: .relaxed)
        }
      }
    }
  }
  // snippet.end
}

// snippet.one-shot-continuation
/// A continuation that only the first caller of `resume(with:)` gets to resume.
final class OneShotContinuation<Value: Sendable>: Sendable {
  private let continuation: CheckedContinuation<Value, any Error>
  private let resumed = Atomic<Bool>(false)

  init(_ continuation: CheckedContinuation<Value, any Error>) {
    self.continuation = continuation
  }

  /// Resumes the continuation and returns true, or returns false if someone already did.
  func resume(with result: Result<Value, any Error>) -> Bool {
    // exchange sets the flag and returns its old value in one indivisible step, so of two
    // threads racing here exactly one sees false: the winner.
    let alreadyResumed = resumed.exchange(true, ordering: .acquiringAndReleasing)
    guard !alreadyResumed else { return false }
    continuation.resume(with: result)
    return true
  }
}
// snippet.end
