// A time limit on the injected clock: the operation races a timer, and the loser is cancelled.
import Foundation

// snippet.timeout
/// Runs `operation`, or throws `APIError.timedOut` if it has not finished after `limit` on
/// `clock`; either way the other child is cancelled before this returns.
///
/// `URLRequest.timeoutInterval` also exists, but it is measured in real time by URLSession; a
/// limit on the lesson's clock keeps `--fast` fast and lets the tests move time themselves.
func withTimeout<T: Sendable>(
  _ limit: Duration,
  clock: any Clock<Duration>,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await clock.sleep(for: limit)
      throw APIError.timedOut(after: limit)
    }
    defer { group.cancelAll() }
    // The first child to finish decides: a value, the operation's error, or the timeout.
    guard let first = try await group.next() else { throw CancellationError() }
    return first
  }
}
// snippet.end
