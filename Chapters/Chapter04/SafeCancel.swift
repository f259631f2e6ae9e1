// 4.4 Cancelling a request on Linux. Read with
// docs/Chapter04-Networking.md#cancelling-a-request-on-linux-a-deadlock-and-its-way-round
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet.safe-cancel
extension URLSession {
  /// `data(for:)`, with a cancellation that never waits inside the task's cancellation handler.
  ///
  /// On Linux (FoundationNetworking up to Swift 6.3.1) `data(for:)`'s cancellation handler calls
  /// `URLSessionTask.cancel()`, which waits for the session's work queue while the runtime holds
  /// the cancelled task's lock; a response completing at that moment holds the work queue and
  /// waits for that lock to resume the task. Each waits for the other, for ever. Here the handler
  /// hands the cancel to `queue` and returns, so it holds the lock only for a moment.
  func dataWithSafeCancel(
    for request: URLRequest,
    cancelOn queue: DispatchQueue = .global()
  ) async throws -> (Data, URLResponse) {
    let transfer = Locked(Transfer())
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let data, let response {
            continuation.resume(returning: (data, response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        let cancelled = transfer.withLock { transfer in
          transfer.task = task
          return transfer.cancelled
        }
        if cancelled {
          task.cancel()  // cancelled first: never sent, and its handler throws URLError(.cancelled)
        } else {
          task.resume()
        }
      }
    } onCancel: {
      let task = transfer.withLock { transfer in
        transfer.cancelled = true
        return transfer.task
      }
      if let task { queue.async { task.cancel() } }  // not here: on another thread, later
    }
  }
}

/// What the cancellation handler and the operation of `dataWithSafeCancel` share.
private struct Transfer: Sendable {
  var task: URLSessionDataTask?
  var cancelled = false
}
// snippet.end
