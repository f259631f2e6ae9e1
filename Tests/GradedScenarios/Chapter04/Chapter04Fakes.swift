import DownloadStreams
import ExerciseSupport
import Foundation
import HTTPFixtures
import LessonSupport
import TestTooling

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts a fixture server (127.0.0.1, a free port), runs `body` with its port, and stops it.
func withFixtureServer(
  isolation: isolated (any Actor)? = #isolation,
  _ configuration: FixtureServer.Configuration = .init(),
  _ body: (Int) async throws -> Void
) async throws {
  try await FixtureServer.serving(configuration) { server in try await body(Int(server.port)) }
}

/// `http://127.0.0.1:PORT` + `path`.
func localURL(_ path: String, port: Int) -> URL {
  URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
}

/// A server inside URLSession, for answers the fixture server never gives: a request to
/// `http://canned.invalid/bad-gateway` gets a 502 whose body is an HTML page, not JSON; one to
/// `http://canned.invalid/cancelled` fails with `URLError(.cancelled)` at once, as a cancelled
/// request does, with no task cancelled (and so none of the cancel paths that can hang on Linux).
final class CannedAnswers: URLProtocol {
  /// A session whose requests CannedAnswers answers.
  static var session: URLSession {
    let configuration = URLSessionConfiguration.uncached  // a cancel meeting a cache can trap
    configuration.protocolClasses = [CannedAnswers.self]
    return URLSession(configuration: configuration)
  }

  /// A request for `http://canned.invalid` + `path`.
  static func request(_ path: String) -> URLRequest {
    URLRequest(url: URL(string: "http://canned.invalid\(path)") ?? URL(fileURLWithPath: "/"))
  }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url, url.path == "/bad-gateway" else {
      client?.urlProtocol(self, didFailWithError: URLError(.cancelled))
      return
    }
    let page = Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8)
    let headers = ["Content-Type": "text/html", "Content-Length": "\(page.count)"]
    answer(url, status: 502, headers: headers, body: page)
  }

  override func stopLoading() {}
}

/// The failure a page of `RecordingPages` throws when told to fail: the server's status.
struct PageFailed: Error, Equatable {
  let status: Int
}

/// The pages of `/users` on a real fixture server, handed out by cursor ("page 2", "page 3", ...;
/// none after a page shorter than `perPage`), recording which pages were asked for and which of
/// those requests were cancelled; `failing` sends that page to `/fault/500` instead.
///
/// A cursor they never gave, and any request past the twelfth, gets an empty last page.
///
/// A test cancels a page only while the server holds it on a clock nobody moves: on Linux, a
/// cancel that meets a completing answer can hang `data(from:)` (docs, 4.4), and none can here.
final class RecordingPages: PageSource {
  let port: Int
  let perPage: Int
  private let failing: Int?
  private let onAsk: @Sendable (Int) -> Void
  private let asked = Locked<[Int]>([])
  private let cancelledPages = Locked<[Int]>([])

  init(
    port: Int,
    perPage: Int,
    failing: Int? = nil,
    onAsk: @escaping @Sendable (Int) -> Void = { _ in }
  ) {
    self.port = port
    self.perPage = perPage
    self.failing = failing
    self.onAsk = onAsk
  }

  /// The page numbers asked for, in order (0 for a cursor these pages never gave).
  var requested: [Int] { asked.withLock { $0 } }
  /// The pages whose request was cancelled while it was in flight.
  var cancelled: [Int] { cancelledPages.withLock { $0 } }

  func page(after cursor: String?) async throws -> UserPage {
    let given = cursor.map { $0.hasPrefix("page ") ? Int($0.dropFirst("page ".count)) ?? 0 : 0 }
    let number = given ?? 1
    // A cursor these pages never gave (recorded as page 0), or a request past the twelfth (an
    // answer that pages on forever): an empty last page, with no request to the server.
    guard number > 0, asked.withLock({ $0.count }) < 12 else {
      asked.withLock { $0.append(number) }
      return UserPage(users: [], next: nil)
    }
    let path = number == failing ? "/fault/500" : "/users?page=\(number)&per=\(perPage)"
    return try await withTaskCancellationHandler {
      // Recorded once the handler is in place: a cancel from now on is recorded at once.
      asked.withLock { $0.append(number) }
      onAsk(number)
      let (data, response) = try await URLSession.uncached.data(from: localURL(path, port: port))
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw PageFailed(status: status) }
      let users = try JSONDecoder().decode([User].self, from: data)
      return UserPage(users: users, next: users.count < perPage ? nil : "page \(number + 1)")
    } onCancel: {
      cancelledPages.withLock { $0.append(number) }
    }
  }
}

/// Pages with no server: the first request gets three users at once, with the cursor "2"; the
/// next calls `asked`, then waits on a clock nobody moves until its task is cancelled, and throws
/// the sleep's `CancellationError`, or what `cancelled` makes of it (a request's
/// `URLError(.cancelled)`).
final class SecondPageHeld: PageSource {
  private let cancelled: @Sendable (any Error) -> any Error
  private let asked: @Sendable () -> Void
  private let requests = Locked(0)

  init(
    cancelled: @escaping @Sendable (any Error) -> any Error = { $0 },
    asked: @escaping @Sendable () -> Void
  ) {
    self.cancelled = cancelled
    self.asked = asked
  }

  func page(after cursor: String?) async throws -> UserPage {
    let number = requests.withLock {
      $0 += 1
      return $0
    }
    guard number > 1 else {
      let users = (1...3).map {
        User(id: $0, name: "User \($0)", username: "u\($0)", email: "u\($0)@x.org")
      }
      return UserPage(users: users, next: "2")
    }
    asked()
    do {
      try await ManualClock().sleep(for: .seconds(1))
    } catch {
      throw cancelled(error)
    }
    return UserPage(users: [], next: nil)
  }
}

/// Pages with no server, of the sizes `sizes` lists, handed out by cursor.
///
/// Page n (from 1) holds as many users as `sizes[n - 1]` says (ids from 1 on) and gives the cursor
/// `cursors[n - 1]` ("n + 1" when `cursors` has none for it); the last page listed gives none.
/// The n-th request gets page n, whatever its cursor (the test compares the cursors asked with);
/// requests past the pages listed get an empty last page. Page `failing.page` throws
/// `failing.error` instead. Each request calls `asked` with its page number first. Once no
/// producer holds these pages any more, `released` is called: a test that waits for a page can
/// stop waiting.
final class ListedPages: PageSource {
  private let sizes: [Int]
  private let cursors: [String]
  private let failing: (page: Int, error: any Error)?
  private let asked: @Sendable (Int) -> Void
  private let released: @Sendable () -> Void
  private let requests = Locked<[String?]>([])

  init(
    sizes: [Int],
    cursors: [String] = [],
    failing: (page: Int, error: any Error)? = nil,
    asked: @escaping @Sendable (Int) -> Void = { _ in },
    released: @escaping @Sendable () -> Void = {}
  ) {
    self.sizes = sizes
    self.cursors = cursors
    self.failing = failing
    self.asked = asked
    self.released = released
  }

  deinit { released() }

  /// The cursors asked with, in order (nil for the first page).
  var requested: [String?] { requests.withLock { $0 } }

  func page(after cursor: String?) async throws -> UserPage {
    let number = requests.withLock {
      $0.append(cursor)
      return $0.count
    }
    asked(number)
    if let failing, failing.page == number { throw failing.error }
    guard number <= sizes.count else { return UserPage(users: [], next: nil) }
    let first = sizes.prefix(number - 1).reduce(0, +) + 1
    let users = (first..<first + sizes[number - 1]).map {
      User(id: $0, name: "User \($0)", username: "u\($0)", email: "u\($0)@x.org")
    }
    let next = number < cursors.count + 1 ? cursors[number - 1] : "\(number + 1)"
    return UserPage(users: users, next: number == sizes.count ? nil : next)
  }
}

/// One request to the fixture server's `/fault/flaky` route (the first `failures` requests of a
/// `key` get 503), as exercise 4d's operation: a `FetchError` for a failure, the server's count
/// of requests for an answer.
func flakyRequest(port: Int, key: String, failures: Int) async throws -> Int {
  let url = localURL("/fault/flaky?key=\(key)&failures=\(failures)", port: port)
  return try await request(url)
}

/// One request to `path` on the fixture server, as exercise 4d's operation.
func request(_ url: URL) async throws -> Int {
  let data: Data
  let response: URLResponse
  do {
    (data, response) = try await URLSession.uncached.data(from: url)
  } catch let error as URLError {
    throw FetchError.transport(error.code)
  }
  let status = (response as? HTTPURLResponse)?.statusCode ?? 0
  guard status == 200 else {
    let message = (try? JSONDecoder().decode([String: String].self, from: data))?["error"]
    throw FetchError.status(status, message: message)
  }
  return (try? JSONDecoder().decode([String: Int].self, from: data))?["attempt"] ?? 0
}

/// The requests a fixture server has read, in order ("GET /fault/flaky?key=a&failures=2").
final class ReceivedRequests: Sendable {
  private let lines = Locked<[String]>([])

  var all: [String] { lines.withLock { $0 } }

  @Sendable func add(_ line: String) {
    lines.withLock { $0.append(line) }
  }
}
