import ExerciseSupport

/// Exercise 4.4: a retry that knows when to stop (reference solution).
///
/// Read docs/Chapter04-Networking.md#exercise-44-a-retry-that-knows-when-to-stop
public func retrying<T: Sendable>(
  attempts: Int,
  firstDelay: Duration,
  clock: any Clock<Duration>,
  _ operation: () async throws -> T
) async throws -> T {
  var attempt = 1
  var wait = firstDelay
  while true {
    do {
      return try await operation()
    } catch let error as FetchError where attempt < attempts && mayPassNextTime(error) {
      try await clock.sleep(for: wait)  // a cancel ends the wait, and the retrying, at once
      wait *= 2
      attempt += 1
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
