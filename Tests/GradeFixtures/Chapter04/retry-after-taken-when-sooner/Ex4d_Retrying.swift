import ExerciseSupport
import Foundation

/// Known wrong: retry after taken when sooner.
///
/// A status whose message says "Retry-After: N" (N seconds) waits N seconds instead of
/// the doubled wait when N is the shorter, the doubling going on from there. The learner's reason:
/// "the server says when it will be back; if that is sooner than my backoff, coming back then loses
/// no time and spares the budget".
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
      var thisWait = wait
      if let asked = retryAfter(error), asked < thisWait { thisWait = asked }
      guard clock.now.advanced(by: thisWait) <= deadline else { throw error }
      try await clock.sleep(for: thisWait)
      wait *= 2
    }
  }
}

/// "Retry-After: 5" in a status's message: 5 s.
private func retryAfter(_ error: FetchError) -> Duration? {
  guard case .status(_, let message?) = error else { return nil }
  let prefix = "Retry-After:"
  guard message.hasPrefix(prefix),
    let seconds = Int(message.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
  else { return nil }
  return .seconds(seconds)
}

private func mayPassNextTime(_ error: FetchError) -> Bool {
  switch error {
  case .status(let code, _):
    code == 408 || code == 429 || (500...599 ~= code && code != 501 && code != 505)
  case .transport(let code):
    [.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet]
      .contains(code)
  case .decoding: false
  }
}
