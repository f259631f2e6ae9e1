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
  /// On Linux (Swift 6.3) a cancelled `data(for:)` can hang the process's URLSession work for
  /// ever (docs/Chapter04-Networking.md, 4.4). Here the completion handler runs on the delegate
  /// queue, and the cancellation handler hands the cancel to `queue` and returns.
  ///
  /// Use it on a session without a URL cache (`urlCache = nil`). On a session with one (`.shared`,
  /// or a `.default` or `.ephemeral` configuration as it comes), a cancel that races the answer
  /// can still stop the process on Linux with FoundationNetworking's fatal error "Trying to access
  /// a behaviour for a task that in not in the registry.".
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
