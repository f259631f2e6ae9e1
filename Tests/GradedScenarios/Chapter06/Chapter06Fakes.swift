import DownloadStreams
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Bytes that just end (nil) once the task is cancelled, as a cancelled download's stream can.
///
/// `cancelAt` cancels the task itself when that many bytes have been read. With `endsOnCancel`
/// false they go on coming after the cancel instead, as bytes already buffered do.
struct BytesThatEndOnCancel: AsyncSequence, Sendable {
  typealias Element = UInt8
  typealias Failure = any Error

  let count: Int
  var cancelAt = Int.max
  var endsOnCancel = true

  struct Iterator: AsyncIteratorProtocol {
    typealias Failure = any Error
    let count: Int
    let cancelAt: Int
    let endsOnCancel: Bool
    var index = 0

    mutating func next() async throws -> UInt8? {
      if index == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
      guard index < count, !(endsOnCancel && Task.isCancelled) else { return nil }
      index += 1
      return UInt8(index % 251)
    }
  }

  func makeAsyncIterator() -> Iterator {
    Iterator(count: count, cancelAt: cancelAt, endsOnCancel: endsOnCancel)
  }
}

/// A server inside URLSession, for answers the fixture server never gives.
///
/// Every request to `http://stub.invalid/PATH` gets a 206 with 100 bytes, and the Content-Range
/// PATH names: /ok "bytes 1000-1099/5000", /no-content-range none, /other-bytes "bytes 0-99/5000",
/// /longer "bytes 1000-10990/50000", /items "items 1000-1099/5000" (the bytes asked for, in
/// another unit); except /whole-body, a 200 with no Content-Range, as a server
/// that ignores Range sends for a file of 100 bytes, and /status/CODE, that status with the
/// Content-Range of /ok. Each request is logged: "GET /ok bytes=1000-1099".
final class StubbedParts: URLProtocol {
  static let requests = Locked<[String]>([])

  /// A session whose requests StubbedParts answers.
  static var session: URLSession {
    let configuration = URLSessionConfiguration.uncached  // a cancel meeting a cache can trap
    configuration.protocolClasses = [StubbedParts.self]
    return URLSession(configuration: configuration)
  }

  /// `http://stub.invalid` + `path`.
  static func url(_ path: String) -> URL {
    URL(string: "http://stub.invalid\(path)") ?? URL(fileURLWithPath: "/")
  }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let path = request.url?.path ?? ""
    let range = request.value(forHTTPHeaderField: "Range") ?? "no Range"
    Self.requests.withLock { $0.append("\(request.httpMethod ?? "GET") \(path) \(range)") }
    let contentRange: String? =
      switch path {
      case "/no-content-range", "/whole-body": nil
      case "/other-bytes": "bytes 0-99/5000"
      case "/longer": "bytes 1000-10990/50000"
      case "/items": "items 1000-1099/5000"
      default: "bytes 1000-1099/5000"
      }
    var status = path == "/whole-body" ? 200 : 206
    if path.hasPrefix("/status/"), let code = Int(path.dropFirst("/status/".count)) {
      status = code
    }
    var headers = ["Content-Length": "100"]
    headers["Content-Range"] = contentRange
    guard let url = request.url else { return }
    answer(url, status: status, headers: headers, body: Data(repeating: 7, count: 100))
  }

  override func stopLoading() {}
}
