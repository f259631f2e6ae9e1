import ExerciseSupport

/// Exercise 4d: a retry within a time budget (reference solution).
///
/// Read docs/Chapter04-Networking.md#exercise-4d-a-retry-within-a-time-budget
public func retrying<T: Sendable>(
  within budget: Duration,
  firstDelay: Duration,
  clock: some Clock<Duration>,
  _ operation: @Sendable () async throws -> T
) async throws -> T {
  // The budget counts from the call: the attempts' own time is spent from it too.
  let deadline = clock.now.advanced(by: budget)
  var wait = firstDelay
  while true {
    do {
      return try await operation()
    } catch let error as FetchError where mayPassNextTime(error) {
      // The wait starts now, when the attempt has failed; one that would end late is not made.
      let wakeUp = clock.now.advanced(by: wait)
      guard wakeUp <= deadline else { throw error }
      // Until the moment checked: a cancel ends the wait, and the retrying, at once.
      try await clock.sleep(until: wakeUp, tolerance: nil)
      wait *= 2
    }
  }
}

/// What HTTP says may pass: 408, 429 and a 5xx but 501 and 505; a connection that may come back.
///
/// Any other 4xx, a bad URL, a host not found, a TLS failure, a cancel or a body that does not
/// decode will not.
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
