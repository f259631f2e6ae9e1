// What can go wrong with a request, as one typed error whose description is the sentence a
// learner sees.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request that did not give a decoded value.
enum APIError: Error, Equatable, CustomStringConvertible {
  /// The server answered, but not with 2xx; its JSON error message, if it sent one.
  case status(Int, serverSays: String?)
  /// The body arrived, but is not a `type`.
  case decoding(DecodingProblem, type: String)
  /// The answer never arrived whole: no connection, the connection lost, cancelled; with
  /// URLSession's own words.
  case transport(URLError.Code, detail: String)
  /// No answer within the time allowed (see `withTimeout`).
  case timedOut(after: Duration)
  /// An answer that is not an HTTP response: a `data:` URL gets a plain `URLResponse`. (A `file:`
  /// URL does not get that far on Linux: it throws URLError -1002, unsupported URL.)
  case notHTTP

  init(transport error: URLError) {
    self = .transport(error.code, detail: error.localizedDescription)
  }

  /// Whether the same request, sent again later, may succeed.
  ///
  /// Statuses as HTTP means them: 408 (the server stopped waiting for the request), 429 (too
  /// many requests for now) and a 5xx of a server that failed or is busy may pass; 501 (the
  /// server cannot do this at all), 505 (it does not speak this HTTP version) and every other
  /// 4xx will not. Transport errors of a connection that may come back may pass; a bad or
  /// unsupported URL, a host that cannot be found, a TLS failure and a cancel will not.
  var isTransient: Bool {
    switch self {
    case .status(let code, _):
      code == 408 || code == 429 || (500...599 ~= code && code != 501 && code != 505)
    case .timedOut: true
    case .transport(let code, _): Self.transientTransport.contains(code)
    case .decoding, .notHTTP: false
    }
  }

  /// The URLSession errors of a connection that may work a moment later.
  ///
  /// On Linux, FoundationNetworking reports a body cut short as `.unknown`, and a machine with no
  /// network as `.cannotFindHost` for a host name or `.unknown` for an address (never
  /// `.notConnectedToInternet`): none of these is retried.
  static let transientTransport: Set<URLError.Code> = [
    .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
  ]

  var description: String {
    switch self {
    case .status(let code, let message):
      "the server answered \(code) \(HTTPURLResponse.localizedString(forStatusCode: code))"
        + (message.map { ": \($0)" } ?? "")
    case .decoding(let problem, let type):
      "the answer does not decode as \(type): \(problem)"
    case .transport(.cannotConnectToHost, _):
      "could not connect: nothing listens there (connection refused)"
    case .transport(.cancelled, _):
      "the request was cancelled"
    case .transport(.cannotFindHost, _), .transport(.notConnectedToInternet, _):
      "the host cannot be found: no network, or no such host"
    case .transport(let code, let detail):
      // Linux reports a body cut short as .unknown (-1), with libcurl's words as the detail.
      "the request failed (URLError code \(code.rawValue)): \(detail)"
    case .timedOut(let limit):
      "no answer within \(Self.words(for: limit))"
    case .notHTTP:
      "the answer is not an HTTP response"
    }
  }
}

extension APIError {
  /// "1 s" or "250 ms".
  static func words(for duration: Duration) -> String {
    let milliseconds =
      duration.components.seconds * 1000
      + duration.components.attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }
}

/// A `DecodingError` in a learner's words: which field, where, and what was wrong.
struct DecodingProblem: Equatable, CustomStringConvertible {
  /// Where in the JSON: "[2].id", or "" for the top level.
  let path: String
  /// What was wrong there.
  let problem: String

  init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      path = Self.path(context.codingPath + [key])
      problem = "field '\(key.stringValue)' is missing"
    case .typeMismatch(let type, let context):
      path = Self.path(context.codingPath)
      problem = "expected \(type), found another type"
    case .valueNotFound(let type, let context):
      path = Self.path(context.codingPath)
      problem = "expected \(type), found null"
    case .dataCorrupted(let context):
      // Not only JSON that does not parse: an enum's unknown raw value too, and on Linux a
      // number that does not fit its type ("1.5" for an Int), with no path. The context says.
      path = Self.path(context.codingPath)
      problem = context.debugDescription
    @unknown default:
      path = ""
      problem = "\(error)"
    }
  }

  var description: String {
    path.isEmpty ? problem : "at \(path), \(problem)"
  }

  /// "[2].address.geo" from the coding path's keys and array indices.
  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
      .joined()
      .trimmingPrefix(".")
      .description
  }
}
