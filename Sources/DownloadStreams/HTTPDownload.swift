import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP download whose body arrives as it is received: the response first, then the chunks.
///
/// `URLSession.bytes(for:)` does not exist on Linux; this is the same idea built from a
/// `URLSessionDataDelegate` feeding an `AsyncThrowingStream<Data, any Error>`.
///
/// ```swift
/// let download = try await HTTPDownload.start(URLRequest(url: server.url("/files/small.bin")))
/// print(download.response.statusCode, download.expectedLength ?? -1)
/// for try await chunk in download.chunks {  // or download.bytes, one UInt8 at a time
///   print("received \(chunk.count) bytes")
/// }
/// ```
///
/// Cancelling the task that iterates, or dropping the download (every copy of it and of its
/// streams, as when a loop that owns it breaks and its function returns), cancels the data task
/// and invalidates its session. Do: iterate `chunks` or `bytes`, once. Not: both, or from two tasks.
public struct HTTPDownload: Sendable {
  /// The response, available before any of the body.
  public let response: HTTPURLResponse
  /// The body, in the pieces URLSession delivers (about 16 KiB each on Linux).
  public let chunks: AsyncThrowingStream<Data, any Error>
  private let delegate: StreamingDataDelegate

  /// The body length the server announced, if it did.
  public var expectedLength: Int64? {
    response.expectedContentLength >= 0 ? response.expectedContentLength : nil
  }

  /// The body, one byte at a time, without a suspension per byte.
  public var bytes: AsyncHTTPBytes {
    AsyncHTTPBytes(chunks)
  }

  /// Returns once the session behind this download has been invalidated (after the body ended,
  /// failed or was cancelled), so nothing of it is left running.
  public func sessionInvalidated() async {
    await delegate.invalidated.wait()
  }

  /// `sessionInvalidated()`, holding neither stream: whoever keeps it can drop the download and
  /// still wait for its session to go.
  public var sessionInvalidation: @Sendable () async -> Void {
    let delegate = self.delegate
    return { await delegate.invalidated.wait() }
  }

  /// Starts `request` and returns as soon as the response has arrived.
  ///
  /// - Parameter request: an HTTP request.
  /// - Returns: the download, its body still to come.
  /// - Throws: the transport error (for example `URLError(.cannotConnectToHost)`), or
  ///   `CancellationError` if the calling task is cancelled before the response.
  public static func start(_ request: URLRequest) async throws -> HTTPDownload {
    // The delegate keeps only the continuation: the session holds its delegate until the task
    // ends, and a stream held there would never see its consumer go.
    let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    let delegate = StreamingDataDelegate(continuation)
    let session = URLSession(configuration: .uncached, delegate: delegate, delegateQueue: nil)
    let task = session.dataTask(with: request)
    // The session keeps its delegate until it is invalidated: do that once the task is over.
    session.finishTasksAndInvalidate()
    delegate.onConsumerGone = { [weak task] in task?.cancel() }
    let response = try await withTaskCancellationHandler {
      try await delegate.startAndWaitForResponse(task)
    } onCancel: {
      task.cancel()
    }
    return HTTPDownload(response: response, chunks: chunks, delegate: delegate)
  }
}

/// Receives a data task's events on URLSession's queue and turns them into a response and a
/// stream of chunks.
final class StreamingDataDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Safety: `response` and `consumerGone` are touched only under their locks; `onConsumerGone`
  // is set once, before the task is resumed, and only read afterwards; the continuation is
  // Sendable.
  private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
  private let response = Locked<ResponseState>(.waiting(nil))
  let invalidated = OneShotSignal<Void>()
  private let consumerGone = Locked(false)
  var onConsumerGone: (@Sendable () -> Void)?

  enum ResponseState: Sendable {
    case waiting(CheckedContinuation<HTTPURLResponse, any Error>?)
    /// The answer came before anyone waited for it (a cancel can end the task that early).
    case arrived(Result<HTTPURLResponse, any Error>)
    case delivered
  }

  /// Creates the delegate that feeds `continuation` (and not its stream: see `start`).
  init(_ continuation: AsyncThrowingStream<Data, any Error>.Continuation) {
    self.continuation = continuation
    super.init()
    continuation.onTermination = { [weak self] termination in
      guard case .cancelled = termination, let self else { return }
      // The stream calls this before it marks itself finished; so the data task's own
      // "cancelled" error, which may arrive in between, must not reach the consumer.
      consumerGone.withLock { $0 = true }
      onConsumerGone?()
    }
  }

  func startAndWaitForResponse(_ task: URLSessionDataTask) async throws -> HTTPURLResponse {
    try await withCheckedThrowingContinuation { continuation in
      let arrived = response.withLock { state -> Result<HTTPURLResponse, any Error>? in
        guard case .arrived(let result) = state else {
          state = .waiting(continuation)
          return nil
        }
        state = .delivered
        return result
      }
      if let arrived {
        continuation.resume(with: arrived)  // already over: resuming the task would do nothing
      } else {
        task.resume()
      }
    }
  }

  private func deliverResponse(_ result: Result<HTTPURLResponse, any Error>) {
    let waiting = response.withLock { state -> CheckedContinuation<HTTPURLResponse, any Error>? in
      guard case .waiting(let continuation) = state else { return nil }
      guard let continuation else {
        state = .arrived(result)  // for startAndWaitForResponse, which has not stored its own yet
        return nil
      }
      state = .delivered
      return continuation
    }
    waiting?.resume(with: result)
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      deliverResponse(.failure(URLError(.badServerResponse)))
      completionHandler(.cancel)
      return
    }
    deliverResponse(.success(http))
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    continuation.yield(data)
  }

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    didCompleteWithError error: (any Error)?
  ) {
    if let error {
      deliverResponse(.failure(error))
      if consumerGone.withLock({ $0 }) {
        continuation.finish()
      } else {
        continuation.finish(throwing: error)
      }
    } else {
      deliverResponse(.failure(URLError(.badServerResponse)))  // no response at all: never expected
      continuation.finish()
    }
  }

  func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
    invalidated.fire(())
  }
}

extension URLSessionConfiguration {
  /// An ephemeral configuration without a URL cache.
  ///
  /// On Linux, FoundationNetworking can stop the process ("Trying to access a behaviour for a task
  /// that in not in the registry.") when a request is cancelled in a session that has a cache,
  /// as `.default` and `.ephemeral` do; without one it does not. A download never wants a cached
  /// body anyway.
  package static var uncached: URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    return configuration
  }
}
