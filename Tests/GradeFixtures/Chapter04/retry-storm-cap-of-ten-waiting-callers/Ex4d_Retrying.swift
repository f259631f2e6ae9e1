import ExerciseSupport
import Foundation

/// How many calls are waiting to retry right now, across the whole app.
private let waitingCallers = WaitingCallers()

private final class WaitingCallers: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  /// Counts one more caller in, unless `limit` are waiting already.
  func enter(limit: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard count < limit else { return false }
    count += 1
    return true
  }
  func leave() {
    lock.lock()
    count -= 1
    lock.unlock()
  }
}

/// Retries go on only while fewer than this many callers are waiting: more means a retry storm.
private let mostCallersWaiting = 10

/// Known wrong: retry storm cap of ten waiting callers.
///
/// A limit of its own shared by every call: when ten calls are already waiting to
/// retry, an eleventh call's error that may pass is thrown at once instead of waiting. The learner's
/// reason: "if that many callers are all backing off at once the server is down; piling more retries
/// on it is a retry storm, so fail fast" (a retry budget, as some RPC libraries have).
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
      // The server is struggling for everyone: do not add to the storm.
      guard waitingCallers.enter(limit: mostCallersWaiting) else { throw error }
      defer { waitingCallers.leave() }
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
