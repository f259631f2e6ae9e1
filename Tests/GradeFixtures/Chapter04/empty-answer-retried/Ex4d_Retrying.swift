import ExerciseSupport

/// Known wrong: empty answer retried.
///
/// An answer that is an empty collection (an empty list, an empty body) is treated as a
/// failure that may pass: the answer waits and tries again, within the budget, and returns the empty
/// answer only when no wait fits. The learner's reason: "a server that is warming up after a restart
/// answers 200 with nothing in it; that passes like a 503 does".
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
      let value = try await operation()
      // An empty answer from a server still starting up: worth another try, if a wait fits.
      if let answer = value as? any Collection, answer.isEmpty,
        clock.now.advanced(by: wait) <= deadline
      {
        try await clock.sleep(for: wait)
        wait *= 2
        continue
      }
      return value
    } catch let error as FetchError where mayPassNextTime(error) {
      guard clock.now.advanced(by: wait) <= deadline else { throw error }
      try await clock.sleep(for: wait)
      wait *= 2
    }
  }
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
