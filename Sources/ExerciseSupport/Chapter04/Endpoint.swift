// The types of Chapter04's exercises. Learners use them; they do not change them.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP methods an endpoint can use, with the words that go on the wire.
public enum HTTPMethod: String, Sendable {
  case get = "GET"
  case post = "POST"
  case put = "PUT"
  case patch = "PATCH"
  case delete = "DELETE"
}

/// The parts of one request (exercise 4a builds the `URLRequest`).
public struct Endpoint: Sendable {
  /// "http" or "https" (anything else cannot be built into a request).
  public var scheme: String
  /// The host alone: "127.0.0.1", "example.org".
  public var host: String
  /// The port, 0...65535; nil for the scheme's own (80, 443).
  public var port: Int?
  /// Starts with "/" (or the request cannot be built).
  public var path: String
  /// The HTTP method.
  public var method: HTTPMethod
  /// A bearer token; "" for none.
  public var token: String
  /// The query's name=value pairs, in order; none for no query.
  public var queryItems: [URLQueryItem]
  /// A JSON body, already encoded; nil for none.
  public var body: Data?

  /// Creates an endpoint; the defaults are a plain GET to the local server, with no token,
  /// query or body.
  public init(
    scheme: String = "http",
    host: String = "127.0.0.1",
    port: Int? = nil,
    path: String,
    method: HTTPMethod = .get,
    token: String = "",
    queryItems: [URLQueryItem] = [],
    body: Data? = nil
  ) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.path = path
    self.method = method
    self.token = token
    self.queryItems = queryItems
    self.body = body
  }
}

/// An endpoint whose parts make no URL.
public struct EndpointError: Error, Equatable, CustomStringConvertible {
  /// What is wrong with the endpoint.
  public let description: String

  /// Creates the error.
  public init(_ description: String) {
    self.description = description
  }
}

/// A user as the fixture server sends it (the fields the exercises need; others are ignored).
public struct User: Codable, Sendable, Equatable {
  /// The user's number, from 1.
  public let id: Int
  /// The full name.
  public let name: String
  /// The handle.
  public let username: String
  /// The e-mail address.
  public let email: String

  /// Creates a user.
  public init(id: Int, name: String, username: String, email: String) {
    self.id = id
    self.name = name
    self.username = username
    self.email = email
  }
}

/// Why a request gave no decoded value (exercise 4b throws it).
public enum FetchError: Error, Equatable, Sendable {
  /// Not 2xx; the message of the server's `{"error": "..."}` body, if it sent one.
  case status(Int, message: String?)
  /// The body does not decode; where, as "[2].id" or "users[2].id" (array indices in brackets,
  /// keys after dots, none before the first; "" when the body is not JSON at all).
  case decoding(path: String)
  /// No whole answer: URLSession threw this code.
  case transport(URLError.Code)
}
