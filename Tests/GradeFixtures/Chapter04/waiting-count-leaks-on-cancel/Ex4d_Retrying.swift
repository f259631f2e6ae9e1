import ExerciseSupport
import Foundation

private final class WaitingCallers: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
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

/// How many calls are waiting to retry right now, across the whole app.
private let waitingCallers = WaitingCallers()

/// Known wrong: waiting count leaks on cancel.
///
/// Something left behind. The answer keeps an app-wide count of calls waiting to retry
/// (to fail fast in a retry storm of more than 1,000 waiting callers), but lowers it after the sleep
/// instead of in a `defer`: a wait that ends by a cancel throws past the decrement, so each
/// cancelled wait leaves one caller counted for ever. After 1,000 cancelled waits in the life of the
/// process, no call ever waits again. The learner's reason for the count: "don't pile retries on a
/// server that is down for everyone"; the leak is the usual forgotten `defer`.
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
      // More than a thousand callers backing off at once: the server is down, do not add to it.
      guard waitingCallers.enter(limit: 1_000) else { throw error }
      try await clock.sleep(for: wait)
      waitingCallers.leave()
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
