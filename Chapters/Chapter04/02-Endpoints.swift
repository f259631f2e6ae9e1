// 4.2 A request built from its endpoint. Read with
// docs/Chapter04-Networking.md#42-a-request-built-from-its-endpoint
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking  // URLRequest and URLSession live here on Linux
#endif

// snippet.endpoint
/// The HTTP methods an endpoint can use, with the words that go on the wire.
enum RequestMethod: String, Sendable {
  case delete = "DELETE"
  case get = "GET"
  case patch = "PATCH"
  case post = "POST"
  case put = "PUT"
}

/// Everything needed to build one request.
///
/// The seed's protocol, with three changes: it is `Sendable` (and so is `RequestMethod`), so that
/// an endpoint can cross tasks; it has a `port` (the local server is not on 80 or 443); and its
/// body is `any Encodable & Sendable` rather than `[String: Any]`: `Encodable`, so that
/// `JSONEncoder` writes it with the same rules as the model, and `Sendable` (the `& Sendable`;
/// `Encodable` alone does not make a type `Sendable`), so that an endpoint holding it is too.
protocol EndpointProvider: Sendable {
  var scheme: String { get }
  /// The host, such as "127.0.0.1" or "jsonplaceholder.typicode.com".
  var baseURL: String { get }
  var port: Int? { get }
  var path: String { get }
  var method: RequestMethod { get }
  /// A bearer token, or "" for none.
  var token: String { get }
  var queryItems: [URLQueryItem]? { get }
  var body: (any Encodable & Sendable)? { get }
  /// The name of a JSON file in Chapters/Chapter04/MockFiles that answers this endpoint instead
  /// of a server (no request is sent), or nil to send the request.
  var mockFile: String? { get }
}

/// Why a request could not be built from an endpoint.
struct EndpointError: Error, CustomStringConvertible {
  let description: String
}

extension EndpointProvider {
  /// The request this endpoint describes: URL from its parts, method, token, JSON body.
  func urlRequest() throws -> URLRequest {
    // URLComponents stops the program on a scheme with characters it cannot take ("", "é") and
    // on a negative port, rather than failing: check both before handing them over.
    guard scheme == "http" || scheme == "https" else {
      throw EndpointError(description: "'\(scheme)' is not http or https")
    }
    if let port, !(0...65535).contains(port) {
      throw EndpointError(description: "port \(port) is not in 0...65535")
    }
    var components = URLComponents()
    components.scheme = scheme
    components.host = baseURL
    components.port = port
    components.path = path
    components.queryItems = queryItems
    guard let url = components.url else {
      throw EndpointError(description: "no URL from '\(scheme)', '\(baseURL)' and '\(path)'")
    }
    var request = URLRequest(url: url)
    request.httpMethod = method.rawValue
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if !token.isEmpty {
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    if let body {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      request.httpBody = try encoder.encode(body)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    return request
  }
}
// snippet.end

/// The concrete endpoint of this chapter: the users of a server, on the fixture server unless
/// told otherwise. (The seed's `MyEndpoint` filled every part with "" and was never read.)
struct UsersEndpoint: EndpointProvider {
  var scheme = "http"
  var baseURL = "127.0.0.1"
  var port: Int?
  var path = "/users"
  var method = RequestMethod.get
  var token = ""
  var queryItems: [URLQueryItem]?
  var body: (any Encodable & Sendable)?
  var mockFile: String?

  /// All the users of the fixture server on `port`.
  static func all(port: Int) -> UsersEndpoint {
    UsersEndpoint(port: port)
  }

  /// One page of users: `/users?page=P&per=N`.
  static func page(_ page: Int, per: Int, port: Int) -> UsersEndpoint {
    UsersEndpoint(
      port: port,
      queryItems: [
        URLQueryItem(name: "page", value: "\(page)"), URLQueryItem(name: "per", value: "\(per)"),
      ]
    )
  }

  /// One user: `/users/ID`.
  static func user(_ id: Int, port: Int) -> UsersEndpoint {
    UsersEndpoint(port: port, path: "/users/\(id)")
  }

  /// The users of `MockFiles/users.json`, bundled with the chapter: no server needed.
  static let mockUsers = UsersEndpoint(mockFile: "users")

  /// `POST /users` with a JSON body, signed with `token`.
  static func create(_ user: NewUser, token: String, port: Int) -> UsersEndpoint {
    UsersEndpoint(port: port, method: .post, token: token, body: user)
  }
}

func runEndpoints(_ context: LessonContext) async throws {
  let console = context.console
  try await withFixtureServer(context) { server in
    let port = Int(server.port)
    let api = APIClient()
    console.print("Every request below is built by urlRequest() from an endpoint's parts, sent")
    console.print("by APIClient, checked for a 2xx status and decoded as the type asked for.")

    let page = UsersEndpoint.page(2, per: 3, port: port)
    try show(page, called: "UsersEndpoint.page(2, per: 3)", port: port, on: console)
    let users = try await api.asyncRequest(
      endpoint: page,
      responseModel: [JSONPlaceholderUser].self
    )
    console.print("  -> [JSONPlaceholderUser]: " + users.map(\.name).joined(separator: ", "))

    let one = UsersEndpoint.user(3, port: port)
    try show(one, called: "UsersEndpoint.user(3)", port: port, on: console)
    let user = try await api.asyncRequest(endpoint: one, responseModel: JSONPlaceholderUser.self)
    console.print("  -> JSONPlaceholderUser: \(user.name), \(user.email), \(user.address.city)")

    let kai = NewUser(name: "Kai Moreau", username: "kai", email: "kai@example.org")
    let create = UsersEndpoint.create(kai, token: "tutorial-token", port: port)
    try show(
      create,
      called: "UsersEndpoint.create(kai, token: \"tutorial-token\")",
      port: port,
      on: console
    )
    let created = try await api.asyncRequest(
      endpoint: create,
      responseModel: JSONPlaceholderUser.self
    )
    console.print("  -> JSONPlaceholderUser: id \(created.id), \(created.name), \(created.email)")

    console.print()
    console.print("UsersEndpoint.mockUsers has mockFile \"users\": no request is sent, the file")
    console.print("MockFiles/users.json bundled with the chapter answers, through the same client:")
    let mocked = try await api.asyncRequest(
      endpoint: UsersEndpoint.mockUsers,
      responseModel: [JSONPlaceholderUser].self
    )
    for user in mocked {
      console.print(
        "  -> \(user.name) (\(user.username)), \(user.address.city), \(user.company.name)"
      )
    }
  }
  console.print()
  console.print("The same asyncRequest gave an array, one user, a created user and a file's")
  console.print("users: T is decoded as T, so there is nothing to cast.")
}

/// Prints the request an endpoint builds, with the server's port written as PORT.
private func show(
  _ endpoint: some EndpointProvider,
  called name: String,
  port: Int,
  on console: Console
) throws {
  let request = try endpoint.urlRequest()
  let url = request.url?.absoluteString.replacingOccurrences(of: ":\(port)/", with: ":PORT/") ?? ""
  console.print()
  console.print("\(name) builds:")
  console.print("  \(request.httpMethod ?? "GET") \(url)")
  for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
    console.print("  \(name): \(value)")
  }
  if let body = request.httpBody {
    console.print("  " + String(decoding: body, as: UTF8.self))
  }
}
