// The pages of exercise 4c. Learners use them; they do not change them.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One page of users from an endpoint paged by cursors, as many APIs page their lists.
public struct UserPage: Sendable, Equatable {
  /// The page's users; a page may hold any number of them, none too.
  public var users: [User]
  /// The cursor to ask for the page after this one with; nil when this page is the last.
  public var next: String?

  /// A page of `users`, followed by the page after `next` (none when `next` is nil).
  public init(users: [User], next: String?) {
    self.users = users
    self.next = next
  }
}

/// Something that hands out users a page at a time: the first page, then the page after each
/// page's `next` cursor, until a page whose `next` is nil.
public protocol PageSource: Sendable {
  /// Fetches the page after `cursor` (nil: the first page); throws when the request fails.
  func page(after cursor: String?) async throws -> UserPage
}

/// The pages of `GET /users?page=P&per=N` on the fixture server at `port`, handed out by cursor.
///
/// The server pages by number; its cursors here are the next page's number as text, and a page
/// shorter than `perPage` has none.
public struct ServerPages: PageSource {
  /// The fixture server's port.
  public let port: Int
  /// How many users a page holds (`per`).
  public let perPage: Int

  /// Pages of `perPage` users from the server on `port`.
  public init(port: Int, perPage: Int) {
    self.port = port
    self.perPage = perPage
  }

  /// Fetches `/users?page=NUMBER&per=PERPAGE`, NUMBER from `cursor`; throws for a failed request
  /// or status, and for a cursor these pages never gave.
  public func page(after cursor: String?) async throws -> UserPage {
    var number = 1
    if let cursor {
      guard let given = Int(cursor) else { throw URLError(.badURL) }
      number = given
    }
    var components = URLComponents()
    components.scheme = "http"
    components.host = "127.0.0.1"
    components.port = port
    components.path = "/users"
    components.queryItems = [
      URLQueryItem(name: "page", value: "\(number)"),
      URLQueryItem(name: "per", value: "\(perPage)"),
    ]
    guard let url = components.url else { throw URLError(.badURL) }
    let (data, response) = try await URLSession.uncached.data(from: url)
    guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status)
    else {
      throw URLError(.badServerResponse)
    }
    let users = try JSONDecoder().decode([User].self, from: data)
    return UserPage(users: users, next: users.count < perPage ? nil : "\(number + 1)")
  }
}

extension URLSession {
  /// A session with no cache, so every request reaches the fixture server, which counts them.
  ///
  /// On Linux, `data(for:)` and `data(from:)` cancelled just as their answer completes can hang
  /// (docs/Chapter04-Networking.md#cancelling-a-request-on-linux-a-deadlock-and-its-way-round);
  /// the graded tests cancel only requests the server holds, so no cancel meets an answer.
  public static let uncached: URLSession = {
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }()
}
