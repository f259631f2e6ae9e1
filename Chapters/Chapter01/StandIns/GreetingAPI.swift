// Stand-in for any old API that answers through a completion handler, later, from the global pool.
// 1.1 wraps it.
import LessonSupport

/// Calls `completion` with a greeting, 200 ms later, from a task on the global concurrent pool.
func fetchGreeting(scheduler: CallbackScheduler, completion: @escaping @Sendable (String) -> Void) {
  scheduler.schedule(after: .milliseconds(200)) { completion("hello from a callback") }
}

/// The error the throwing examples of 1.1 resume with.
struct OfflineError: Error, CustomStringConvertible {
  var description: String { "OfflineError: no network" }
}
