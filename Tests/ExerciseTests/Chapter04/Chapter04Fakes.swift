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

/// A port where nothing listens: a server's, after it has stopped.
func closedPort() async throws -> Int {
  let server = try FixtureServer.start()
  let port = Int(server.port)
  await server.stopAsync()
  return port
}

/// `http://127.0.0.1:PORT` + `path`.
func localURL(_ path: String, port: Int) -> URL {
  URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
}

/// The failure a page of `RecordingPages` throws when told to fail: the server's status.
struct PageFailed: Error, Equatable {
  let status: Int
}

/// The pages of `/users` on a real fixture server, recording which pages were asked for and
/// which of those requests were cancelled; `failing` sends that page to `/fault/500` instead.
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

  /// The page numbers asked for, in order.
  var requested: [Int] { asked.withLock { $0 } }
  /// The pages whose request was cancelled while it was in flight.
  var cancelled: [Int] { cancelledPages.withLock { $0 } }

  func page(_ number: Int) async throws -> [User] {
    let path = number == failing ? "/fault/500" : "/users?page=\(number)&per=\(perPage)"
    return try await withTaskCancellationHandler {
      // Recorded once the handler is in place: a cancel from now on is recorded at once.
      asked.withLock { $0.append(number) }
      onAsk(number)
      let (data, response) = try await URLSession.uncached.data(from: localURL(path, port: port))
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else { throw PageFailed(status: status) }
      return try JSONDecoder().decode([User].self, from: data)
    } onCancel: {
      cancelledPages.withLock { $0.append(number) }
    }
  }
}

/// Pages with no server: page 1 is three users at once; page 2 calls `asked`, then waits on a
/// clock nobody moves until its task is cancelled, and throws the sleep's `CancellationError`.
struct SecondPageHeld: PageSource {
  let perPage = 3
  let asked: @Sendable () -> Void

  func page(_ number: Int) async throws -> [User] {
    guard number > 1 else {
      return (1...3).map {
        User(id: $0, name: "User \($0)", username: "u\($0)", email: "u\($0)@x.org")
      }
    }
    asked()
    try await ManualClock().sleep(for: .seconds(1))
    return []
  }
}

/// One request to the fixture server's `/fault/flaky` route (the first `failures` requests of a
/// `key` get 503), as exercise 4.4's operation: a `FetchError` for a failure, the server's count
/// of requests for an answer.
func flakyRequest(port: Int, key: String, failures: Int) async throws -> Int {
  let url = localURL("/fault/flaky?key=\(key)&failures=\(failures)", port: port)
  return try await request(url)
}

/// One request to `path` on the fixture server, as exercise 4.4's operation.
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
