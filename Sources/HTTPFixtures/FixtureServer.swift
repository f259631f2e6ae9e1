import Foundation
import LessonSupport

/// A small HTTP/1.1 server on 127.0.0.1 that chapters and tests start in-process, so networking
/// lessons run offline, with no second terminal and no port clash.
///
/// ```swift
/// let server = try FixtureServer.start()          // port 0: the system picks a free port
/// let (data, _) = try await URLSession.shared.data(from: server.url("/users"))
/// server.stop()
/// ```
///
/// Routes: `GET /status`, `/users` (`?page=P&per=N`), `/users/ID`, `POST /users` (bearer token,
/// JSON body), `/files`, `/files/NAME` (with `Range`, and `?throttle=BYTES_PER_SECOND`), and the
/// faults `/fault/500`, `/fault/cut`, `/fault/slow` (`?delay_ms=N`), `/fault/malformed`,
/// `/fault/wrong-type`, `/fault/nested-wrong-type`, `/fault/missing-field`, `/fault/null-field`,
/// `/fault/flaky`
/// (`?key=K&failures=N`), `/fault/status` (`?code=N`). `HEAD` works wherever `GET` does. Every
/// response closes its connection.
/// The README lists the routes; `swift run FixtureServer --port 8080` serves them for curl.
///
/// Every pause (throttling, the slow fault) is measured on `clock`, so a test can pass a
/// `ManualClock` and decide exactly when time passes.
public final class FixtureServer: Sendable {
  /// How to run the server.
  public struct Configuration: Sendable {
    /// The port on 127.0.0.1; 0 lets the system choose a free one.
    public var port: UInt16
    /// A limit on every download's speed, in bytes per second; nil for full speed.
    public var throttleBytesPerSecond: Int?
    /// The clock for throttling and delays.
    public var clock: any Clock<Duration>
    /// Called with one line per request once it is answered ("GET /users 200 1234 bytes"), or
    /// when the client closes the connection first ("GET /fault/slow closed by the client before
    /// the answer"), from the serving thread.
    public var log: (@Sendable (String) -> Void)?
    /// Called as soon as a request has been read, with its method and target ("GET /users?page=2"),
    /// from the serving thread: a lesson or a test can act while the request is in flight.
    public var received: (@Sendable (String) -> Void)?
    /// Requests whose answer waits this long (on `clock`) before the first byte, by target as sent
    /// ("/users?page=2&per=3"): a slow server, on the routes a lesson chooses.
    public var delays: [String: Duration]

    /// Creates a configuration; the defaults are any free port, full speed, real time, no log,
    /// no delays.
    public init(
      port: UInt16 = 0,
      throttleBytesPerSecond: Int? = nil,
      clock: any Clock<Duration> = ContinuousClock(),
      delays: [String: Duration] = [:],
      log: (@Sendable (String) -> Void)? = nil,
      received: (@Sendable (String) -> Void)? = nil
    ) {
      self.port = port
      self.throttleBytesPerSecond = throttleBytesPerSecond
      self.clock = clock
      self.delays = delays
      self.log = log
      self.received = received
    }
  }

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// A sentence saying what failed and what to do.
    public let description: String
  }

  /// The bearer token `POST /users` wants in its `Authorization` header.
  public static let bearerToken = "tutorial-token"

  /// The port the server listens on (the real one, also when 0 was asked for).
  public let port: UInt16
  let configuration: Configuration
  /// `/fault/flaky`: how many requests each key has had so far.
  let flakyAttempts = Locked<[String: Int]>([:])
  private let listener: Int32
  let connections = ConnectionTracker()
  let sleeper: BlockingSleeper

  private init(listener: Int32, port: UInt16, configuration: Configuration) {
    self.listener = listener
    self.port = port
    self.configuration = configuration
    self.sleeper = BlockingSleeper(clock: configuration.clock)
  }

  /// Starts listening on 127.0.0.1 and serving on background threads.
  ///
  /// - Parameter configuration: the port, throttle, clock and log.
  /// - Returns: the running server.
  /// - Throws: `StartError` when the port is in use or the socket cannot be opened.
  public static func start(_ configuration: Configuration = Configuration()) throws -> FixtureServer
  {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else {
      throw StartError(description: "could not open a socket: \(String(cString: strerror(errno)))")
    }
    var reuse: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))

    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = configuration.port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 128) == 0 else {
      let code = errno
      close(listener)
      if code == EADDRINUSE {
        throw StartError(
          description: "port \(configuration.port) is already in use; choose another port, "
            + "or port 0 for any free one"
        )
      }
      throw StartError(
        description:
          "could not listen on 127.0.0.1:\(configuration.port): \(String(cString: strerror(code)))"
      )
    }

    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    let server = FixtureServer(
      listener: listener,
      port: UInt16(bigEndian: actual.sin_port),
      configuration: configuration
    )
    server.connections.begin()  // the accept loop counts as one, so stop() waits for it too
    Thread { server.acceptLoop() }.start()
    return server
  }

  /// `http://127.0.0.1:PORT` followed by `path` (which may carry a query).
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops the server and returns once every serving thread has finished.
  ///
  /// Stops listening, closes every open connection and ends every pause. Calling it again does
  /// nothing.
  public func stop() {
    guard connections.markStopping() else { return }
    shutdown(listener, Int32(SHUT_RDWR))  // wakes the thread blocked in accept
    sleeper.cancelAll()
    connections.shutdownAll()
    connections.waitUntilAllFinished()
    close(listener)
  }

  /// Starts a server with `configuration`, runs `body` with it (on the caller's actor), and stops
  /// it however `body` ends: the lessons' and the tests' way to use one.
  public static func serving<T: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ configuration: Configuration = .init(),
    _ body: (FixtureServer) async throws -> T
  ) async throws -> T {
    let server = try start(configuration)
    do {
      let value = try await body(server)
      await server.stopAsync()
      return value
    } catch {
      await server.stopAsync()
      throw error
    }
  }

  /// `stop()` for async code: the wait for the serving threads happens on a thread of its own,
  /// so no thread of the cooperative pool is blocked (the pauses it ends need that pool).
  public func stopAsync() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        self.stop()
        continuation.resume()
      }.start()
    }
  }

  private func acceptLoop() {
    defer { connections.end() }
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if connections.isStopping { return }
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      // Not inherited by child processes (accept4 with SOCK_CLOEXEC is not visible to Swift).
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      guard connections.begin(client) else {
        close(client)  // stopping: refuse quietly
        return
      }
      Thread { [self] in
        FixtureConnection(socket: client, server: self).serve()
        connections.end(client)
      }.start()
    }
  }
}

/// Counts the serving threads and their sockets, so that `stop()` can close them and wait.
final class ConnectionTracker: Sendable {
  private struct State {
    var stopping = false
    var running = 0
    var sockets: Set<Int32> = []
  }

  // Thread safety: the state is behind the lock; the condition wakes stop() when running hits 0.
  private let state = Locked(State())
  private let finished = NSCondition()

  var isStopping: Bool {
    state.withLock { $0.stopping }
  }

  /// Records a new serving thread; false when the server is stopping.
  @discardableResult
  func begin(_ socket: Int32? = nil) -> Bool {
    state.withLock { state in
      guard !state.stopping else { return false }
      state.running += 1
      if let socket { state.sockets.insert(socket) }
      return true
    }
  }

  func end(_ socket: Int32? = nil) {
    finished.lock()
    state.withLock { state in
      state.running -= 1
      if let socket { state.sockets.remove(socket) }
    }
    finished.broadcast()
    finished.unlock()
  }

  /// Marks the server as stopping; false if it already was.
  func markStopping() -> Bool {
    state.withLock { state in
      defer { state.stopping = true }
      return !state.stopping
    }
  }

  /// Shuts down every open client socket, so blocked reads and writes return at once.
  func shutdownAll() {
    for socket in state.withLock({ $0.sockets }) {
      shutdown(socket, Int32(SHUT_RDWR))
    }
  }

  func waitUntilAllFinished() {
    finished.lock()
    while state.withLock({ $0.running }) > 0 {
      finished.wait()
    }
    finished.unlock()
  }
}
