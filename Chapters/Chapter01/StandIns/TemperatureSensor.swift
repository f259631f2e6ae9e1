// Stand-in for a legacy sensor SDK with a known bug: it calls its completion handler twice,
// sometimes as two callbacks due at the same moment, free to run at once on two threads. 1.4 wraps
// it.
import LessonSupport
import Synchronization

final class TemperatureSensor: Sendable {
  static let responseTime = Duration.milliseconds(20)

  let scheduler: CallbackScheduler
  /// Whether the two calls are two callbacks due at the same moment, which may run at once on two
  /// threads (true), or one after the
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
