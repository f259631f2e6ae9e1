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

/// A server error or a broken connection may pass; a 4xx, a body that does not decode, or a
/// cancelled request will not.
private func mayPassNextTime(_ error: FetchError) -> Bool {
  switch error {
  case .status(let code, _): code >= 500
  case .transport(let code): code != .cancelled
  case .decoding: false
  }
}
