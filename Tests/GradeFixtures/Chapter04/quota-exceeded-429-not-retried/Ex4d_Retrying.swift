import ExerciseSupport
import Foundation

/// Known wrong: quota exceeded 429 not retried.
///
/// A 429 (or any status that may pass) whose message mentions a quota is thrown at once
/// instead of retried. The learner's reason: "a 429 'daily quota exceeded' will not pass in a few
/// seconds; only a momentary 'slow down' will, so read the message".
public func retrying<T: Sendable>(
  within budget: Duration,
  firstDelay: Duration,
  clock: some Clock<Duration>,
  _ operation: @Sendable () async throws -> T
) async throws -> T {
  let deadline = clock.now.advanced(by: budget)
  var wait = firstDelay
  while true {
    do {
      return try await operation()
    } catch let error as FetchError where mayPassNextTime(error) {
      guard clock.now.advanced(by: wait) <= deadline else { throw error }
      try await clock.sleep(for: wait)
      wait *= 2
    }
  }
}

private func mayPassNextTime(_ error: FetchError) -> Bool {
  switch error {
  case .status(let code, let message):
    // A quota spent for the day does not come back within any budget worth waiting.
    if let message, message.lowercased().contains("quota") { return false }
    return code == 408 || code == 429 || (500...599 ~= code && code != 501 && code != 505)
  case .transport(let code):
    return [.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet]
      .contains(code)
  case .decoding: return false
  }
}
