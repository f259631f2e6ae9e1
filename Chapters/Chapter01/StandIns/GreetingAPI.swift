// Stand-in for any old API that answers through a completion handler, later, on another thread.
// 1.1 wraps it.
import LessonSupport

/// Calls `completion` with a greeting, 200 ms later, on a background thread.
func fetchGreeting(scheduler: CallbackScheduler, completion: @escaping @Sendable (String) -> Void) {
  scheduler.schedule(after: .milliseconds(200)) { completion("hello from a callback") }
}

/// The error the throwing examples of 1.1 resume with.
struct OfflineError: Error, CustomStringConvertible {
  var description: String { "OfflineError: no network" }
}
