import ChildProcesses
import HTTPFixtures
import LessonSupport
import TestTooling
import Foundation
import XCTest

@testable import Chapter04

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class Chapter04Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter04", docsPage: "Chapter04-Networking.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    try assertSectionsHaveDocsHeadings(chapter04, docsPage: "Chapter04-Networking.md")
    try assertDocsSnippetsMatchCode(
      chapterFolder: "Chapters/Chapter04",
      docsPage: "Chapter04-Networking.md"
    )
    try assertDocsLinksExist(in: ["Chapters/Chapter04"])
  }

  /// The docs quote this message: setting `onTermination` with a trailing closure, as the seed
  /// did, makes the compiler report the unfolding initializer's closure shape.
  func test_theSeedsOnTerminationCall_isReportedAsTheUnfoldingInitializer() async throws {
    let source = """
      struct User: Sendable { let name: String }
      final class Service {
        var continuation: AsyncStream<User>.Continuation?
        func stop() {}
        func start() -> AsyncStream<User> {
          return AsyncStream<User> { continuation in
            self.continuation = continuation
            continuation.onTermination { _ in
              stop()
            }
          }
        }
      }
      """
    let diagnostics = try await swift6Diagnostics(compiling: source, typeCheckOnly: true)
    XCTAssertTrue(
      diagnostics.contains(
        "error: contextual closure type '@Sendable () async -> User?' expects 0 arguments, but 1 "
          + "was used in closure body"
      ),
      diagnostics
    )
    // With `=`, the compiler gets to the real problem: onTermination is @Sendable, and the
    // seed's service is not; in the same run, it asks for `self.` before `stop()`.
    let assigned = source.replacingOccurrences(
      of: "continuation.onTermination { _ in",
      with: "continuation.onTermination = { _ in"
    )
    let next = try await swift6Diagnostics(compiling: assigned, typeCheckOnly: true)
    XCTAssertFalse(next.contains("contextual closure type"), next)
    XCTAssertTrue(
      next.contains("error: call to method 'stop' in closure requires explicit use of 'self'"),
      next
    )
    XCTAssertTrue(
      next.contains(
        "error: capture of 'self' with non-Sendable type 'Service' in a '@Sendable' closure"
      ),
      next
    )
  }

  // MARK: - The command line

  func test_unknownOption_printsUsageOnStderr_andExits64() async throws {
    let result = try await runChapter("Chapter04", arguments: ["--bogus"])
    XCTAssertEqual(result.termination, .exited(64))
    XCTAssertTrue(result.stderr.contains("usage: swift run Chapter04"), result.stderr)
    XCTAssertTrue(result.stderr.contains("--remote"), result.stderr)
  }

  func test_remote_withoutANetwork_isOneLineOnStderr_andExit1() async throws {
    // ".invalid" is reserved (RFC 2606): no resolver ever finds it, network or not.
    let result = try await ChildProcess.run(
      try BuildProducts.executable(named: "Chapter04"),
      arguments: ["--remote"],
      environment: ["CHAPTER04_REMOTE_HOST": "nowhere.invalid", "SWIFT_BACKTRACE": "enable=no"],
      timeout: .seconds(120)
    )
    XCTAssertEqual(result.termination, .exited(1))
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(
      result.stderr,
      "Chapter04: error: --remote needs a network: https://nowhere.invalid/users failed (the host "
        + "cannot be found: no network, or no such host). Without --remote, the chapter uses its "
        + "own local server.\n"
    )
  }

  // MARK: - 4.2 Requests built from endpoints

  func test_urlRequest_isBuiltFromEveryPartOfTheEndpoint() throws {
    let kai = NewUser(name: "Kai Moreau", username: "kai", email: "kai@example.org")
    let endpoint = UsersEndpoint(
      scheme: "https",
      baseURL: "example.org",
      port: 8443,
      path: "/v2/users",
      method: .put,
      token: "secret",
      queryItems: [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "q", value: "a b")],
      body: kai
    )
    let request = try endpoint.urlRequest()
    XCTAssertEqual(request.url?.absoluteString, "https://example.org:8443/v2/users?page=2&q=a%20b")
    XCTAssertEqual(request.httpMethod, "PUT")
    XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Bearer secret")
    XCTAssertEqual(request.value(forHTTPHeaderField: "Content-Type"), "application/json")
    XCTAssertEqual(request.value(forHTTPHeaderField: "Accept"), "application/json")
    XCTAssertEqual(
      request.httpBody.map { String(decoding: $0, as: UTF8.self) },
      #"{"email":"kai@example.org","name":"Kai Moreau","username":"kai"}"#
    )

    let plain = try UsersEndpoint.user(3, port: 8080).urlRequest()
    XCTAssertEqual(plain.url?.absoluteString, "http://127.0.0.1:8080/users/3")
    XCTAssertEqual(plain.httpMethod, "GET")
    XCTAssertNil(plain.value(forHTTPHeaderField: "Authorization"), "no token, no header")
    XCTAssertNil(plain.httpBody)
    XCTAssertNil(plain.value(forHTTPHeaderField: "Content-Type"))
  }

  /// URLComponents escapes a query value for a URL, not for a form: `+`, `/` and `?` stay.
  func test_urlComponents_leavesPlusSlashAndQuestionMark_inAQueryValue() throws {
    let endpoint = UsersEndpoint(queryItems: [URLQueryItem(name: "q", value: "a+b c/d?e&f=g")])
    XCTAssertEqual(
      try endpoint.urlRequest().url?.absoluteString,
      "http://127.0.0.1/users?q=a+b%20c/d?e%26f%3Dg"
    )
  }

  /// What `APIError.notHTTP`'s comment says: only a `data:` URL gets a plain URLResponse; on
  /// Linux a `file:` URL throws URLError -1002.
  func test_aDataURL_getsAPlainURLResponse_andAFileURL_unsupportedURL() async throws {
    // swift-format-ignore: NeverForceUnwrap
    let dataURL = URL(string: "data:application/json,%7B%7D")!
    let (data, response) = try await URLSession.shared.data(for: URLRequest(url: dataURL))
    XCTAssertEqual(data, Data("{}".utf8))
    XCTAssertFalse(response is HTTPURLResponse)
    let fileURL = URL(fileURLWithPath: "/")
    do {
      _ = try await URLSession.shared.data(for: URLRequest(url: fileURL))
      XCTFail("a file: URL answered")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .unsupportedURL)
      XCTAssertEqual(error.code.rawValue, -1002)
    }
  }

  func test_urlRequest_ofAnEndpointWithNoURL_isAClearError() {
    // A path must start with "/" once there is a host: URLComponents gives no URL.
    let endpoint = UsersEndpoint(path: "users")
    XCTAssertThrowsError(try endpoint.urlRequest()) { error in
      XCTAssertEqual("\(error)", "no URL from 'http', '127.0.0.1' and 'users'")
    }
    // The seed's MyEndpoint has scheme "": URLComponents would stop the program on it.
    XCTAssertThrowsError(try MyEndpoint("http://127.0.0.1/users").urlRequest()) { error in
      XCTAssertEqual("\(error)", "'' is not http or https")
    }
  }

  func test_urlRequest_ofASchemeOtherThanHTTP_orAPortOutsideItsRange_isAnEndpointError() throws {
    // "é" and "" would stop the program inside URLComponents; "ftp" and "file" are no HTTP.
    for scheme in ["é", "", "ftp", "file", "ht tp"] {
      XCTAssertThrowsError(try UsersEndpoint(scheme: scheme).urlRequest()) { error in
        XCTAssertEqual("\(error)", "'\(scheme)' is not http or https")
      }
    }
    // -1 would stop the program inside URLComponents; 65536 would make a URL no socket can use.
    for port in [-1, -8080, 65536, 70000] {
      XCTAssertThrowsError(try UsersEndpoint(port: port).urlRequest()) { error in
        XCTAssertEqual("\(error)", "port \(port) is not in 0...65535")
      }
    }
    XCTAssertEqual(
      try UsersEndpoint(port: 0).urlRequest().url?.absoluteString,
      "http://127.0.0.1:0/users"
    )
    XCTAssertEqual(
      try UsersEndpoint(scheme: "https", port: 65535).urlRequest().url?.absoluteString,
      "https://127.0.0.1:65535/users"
    )
  }

  /// The docs' claim behind the checks: URLComponents traps on a scheme "é" and a negative port.
  func test_urlComponents_stopTheProgram_onABadScheme_andANegativePort() async throws {
    let cases = [
      ("components.scheme = \"é\"", "Attempting to set scheme with invalid characters"),
      ("components.port = -1", "Attempting to set port with a negative number"),
    ]
    for (line, fatalError) in cases {
      let source = """
        import Foundation
        var components = URLComponents()
        \(line)
        print("not reached")
        """
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("components-\(UUID().uuidString).swift")
      try source.write(to: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try await ChildProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"),
        arguments: ["swift", file.path],
        environment: ["SWIFT_BACKTRACE": "enable=no"],
        timeout: .seconds(120)
      )
      XCTAssertNotEqual(result.termination, .exited(0))
      XCTAssertTrue(result.stderr.contains("Fatal error: \(fatalError)"), result.stderr)
      XCTAssertFalse(result.stdout.contains("not reached"))
    }
  }

  func test_asyncRequest_decodesTheTypeAskedFor_withoutACast() async throws {
    try await withServer { server, port in
      let api = APIClient()
      let page = try await api.asyncRequest(
        endpoint: UsersEndpoint.page(2, per: 3, port: port),
        responseModel: [JSONPlaceholderUser].self
      )
      XCTAssertEqual(page.map(\.id), [4, 5, 6])
      let one = try await api.asyncRequest(
        endpoint: UsersEndpoint.user(3, port: port),
        responseModel: JSONPlaceholderUser.self
      )
      XCTAssertEqual(one.name, "Chiara Benedetti")
      let kai = NewUser(name: "Kai Moreau", username: "kai", email: "kai@example.org")
      let created = try await api.asyncRequest(
        endpoint: UsersEndpoint.create(kai, token: FixtureServer.bearerToken, port: port),
        responseModel: JSONPlaceholderUser.self
      )
      XCTAssertEqual(created.id, 11)
      XCTAssertEqual(created.email, "kai@example.org")
    }
  }

  // MARK: - 4.3 Errors, with the words a learner sees

  /// A whole `JSONPlaceholderUser`, address, geo and company included, from the bundled file; the
  /// port is one where nothing listens, so the answer cannot have come from a server.
  func test_aMockFileEndpoint_isAnsweredByTheBundledFile_decodingWholeUsers() async throws {
    let refusing = try RefusingPort()
    let port = Int(refusing.port)
    defer { withExtendedLifetime(refusing) {} }
    var endpoint = UsersEndpoint.mockUsers
    endpoint.port = port
    let users = try await APIClient().asyncRequest(
      endpoint: endpoint,
      responseModel: [JSONPlaceholderUser].self
    )
    XCTAssertEqual(users.map(\.id), [101, 102])
    XCTAssertEqual(
      users.first,
      JSONPlaceholderUser(
        id: 101,
        name: "Mara Lind",
        username: "mara",
        email: "mara@lind-maps.example",
        address: .init(
          street: "Fjord Street",
          suite: "Apt. 6",
          city: "Saltvik",
          zipcode: "50110",
          geo: .init(lat: "60.3913", lng: "5.3221")
        ),
        phone: "555-0201",
        website: "lind-maps.example",
        company: .init(
          name: "Lind Maps",
          catchPhrase: "Every path drawn by someone who walked it",
          bs: "contours, compasses and care"
        )
      )
    )
    do {
      _ = try await APIClient().asyncRequest(
        endpoint: UsersEndpoint(mockFile: "no-such-file"),
        responseModel: [JSONPlaceholderUser].self
      )
      XCTFail("a missing mock file answered")
    } catch let error as EndpointError {
      XCTAssertEqual("\(error)", "no file MockFiles/no-such-file.json in the chapter's resources")
    }
  }

  func test_failures_becomeAPIErrors_withTheirMessages() async throws {
    try await withServer { server, port in
      let kai = NewUser(name: "Kai Moreau", username: "kai", email: "kai@example.org")
      let cases: [(any EndpointProvider, APIErrorKind, String)] = [
        (
          UsersEndpoint.user(99, port: port), .status(404),
          "the server answered 404 Not Found: no user with id '99'"
        ),
        (
          UsersEndpoint.create(kai, token: "", port: port), .status(401),
          "the server answered 401 Unauthorized: no bearer token: send 'Authorization: Bearer "
            + "tutorial-token'"
        ),
        (
          UsersEndpoint(port: port, path: "/fault/500"), .status(500),
          "the server answered 500 Internal Server Error: the server failed on purpose"
        ),
        (
          UsersEndpoint(port: port, path: "/fault/malformed"), .decoding,
          "the answer does not decode as Array<JSONPlaceholderUser>: "
            + "The given data was not valid JSON."
        ),
        (
          UsersEndpoint(port: port, path: "/fault/wrong-type"), .decoding,
          "the answer does not decode as Array<JSONPlaceholderUser>: at [2].id, expected Int, "
            + "found another type"
        ),
        (
          UsersEndpoint(port: port, path: "/fault/missing-field"), .decoding,
          "the answer does not decode as Array<JSONPlaceholderUser>: at [1].email, field 'email' "
            + "is missing"
        ),
        (
          UsersEndpoint(port: port, path: "/fault/cut"), .transport,
          // Linux: libcurl's words, URLError .unknown; Apple platforms were not tried here.
          "the request failed (URLError code -1): transfer closed with 786432 bytes remaining to "
            + "read"
        ),
      ]
      for (endpoint, kind, message) in cases {
        do {
          let users = try await APIClient().asyncRequest(
            endpoint: endpoint,
            responseModel: [JSONPlaceholderUser].self
          )
          XCTFail("\(endpoint.path): \(users.count) users instead of an error")
        } catch let error as APIError {
          XCTAssertEqual(APIErrorKind(error), kind, endpoint.path)
          XCTAssertEqual("\(error)", message)
        }
      }
    }
  }

  func test_decodingProblem_ofDataCorrupted_saysWhatTheDecoderSays() throws {
    struct Member: Decodable {
      enum Role: String, Decodable { case reader, writer }
      let id: Int
      let role: Role
    }
    func problem(_ json: String) -> String {
      let result = Result { try JSONDecoder().decode(Member.self, from: Data(json.utf8)) }
      guard case .failure(let error as DecodingError) = result else { return "\(result)" }
      return "\(DecodingProblem(error))"
    }
    XCTAssertEqual(
      problem(#"{"id": 1, "role": "admin"}"#),
      "at role, Cannot initialize Role from invalid String value admin"
    )
    // Valid JSON, but 1.5 is no Int: on Linux the decoder calls it invalid JSON, with no path.
    XCTAssertEqual(problem(#"{"id": 1.5, "role": "reader"}"#), "The given data was not valid JSON.")
    XCTAssertEqual(problem(#"{"id": 1, "#), "The given data was not valid JSON.")
  }

  func test_connectionRefused_isATransportError() async throws {
    let refusing = try RefusingPort()
    let port = Int(refusing.port)
    defer { withExtendedLifetime(refusing) {} }
    do {
      _ = try await APIClient().asyncRequest(
        endpoint: UsersEndpoint.all(port: port),
        responseModel: [JSONPlaceholderUser].self
      )
      XCTFail("a port where nothing listens answered")
    } catch let error as APIError {
      XCTAssertEqual(error, .transport(.cannotConnectToHost, detail: error.detail))
      XCTAssertEqual("\(error)", "could not connect: nothing listens there (connection refused)")
      XCTAssertTrue(error.isTransient)
    }
  }

  func test_timeout_onTheClock_endsTheRequest_andTheServerSeesTheClientLeave() async throws {
    let clock = ManualClock()
    let log = LineWatcher()
    try await withServer(clock: clock, log: log) { server, port in
      let slow = UsersEndpoint(
        port: port,
        path: "/fault/slow",
        queryItems: [URLQueryItem(name: "delay_ms", value: "600000")]
      )
      let request = Task {
        try await withTimeout(.seconds(1), clock: clock) {
          try await APIClient().asyncRequest(endpoint: slow, responseModel: FlakyAnswer.self)
        }
      }
      await clock.waitForSleepers(count: 2)  // the time limit, and the server holding its answer
      clock.advance(by: .seconds(1))
      do {
        _ = try await request.value
        XCTFail("no timeout")
      } catch let error as APIError {
        XCTAssertEqual(error, .timedOut(after: .seconds(1)))
        XCTAssertEqual("\(error)", "no answer within 1 s")
      }
      let line = await log.first { $0.hasPrefix("GET /fault/slow") }
      XCTAssertEqual(line, "GET /fault/slow?delay_ms=600000 closed by the client before the answer")
    }
  }

  func test_withTimeout_returnsTheValue_whenTheOperationWins() async throws {
    let clock = ManualClock()
    let value = try await withTimeout(.seconds(1), clock: clock) { 42 }
    XCTAssertEqual(value, 42)
    XCTAssertEqual(clock.sleeperCount, 0, "the timer child was cancelled, not left sleeping")
  }

  // MARK: - 4.4 Streams of users

  func test_service_yieldsEveryUserInOrder_oneInterval_apart_thenFinishes() async throws {
    let clock = ManualClock()
    try await withServer(clock: clock) { server, port in
      let service = UserGeneratorService(port: port, clock: clock)
      var users = service.start().makeAsyncIterator()
      for id in 1...10 {
        await clock.waitForSleepers(count: 1)
        XCTAssertEqual(clock.sleeperDeadlines, [clock.now.advanced(by: userInterval)])
        clock.advance(by: userInterval)
        let user = try await users.next()
        XCTAssertEqual(user?.id, id)
      }
      let end = try await users.next()
      XCTAssertNil(end, "the stream finishes after the last user")
    }
  }

  func test_service_reportsAServerError_throughTheStream() async throws {
    let clock = ManualClock()
    try await withServer(clock: clock) { server, port in
      let service = UserGeneratorService(
        api: FailingPathAPI(path: "/fault/500"),
        port: port,
        clock: clock
      )
      do {
        for try await user in service.start() {
          XCTFail("a user from a failing server: \(user.name)")
        }
        XCTFail("the stream ended without the error")
      } catch let error as APIError {
        XCTAssertEqual(error, .status(500, serverSays: "the server failed on purpose"))
      }
    }
  }

  func test_theSeedsStream_endsWithoutAnError_whenTheServerFails() async throws {
    try await withServer { server, port in
      let seed = SeedUserGeneratorService(
        url: server.url("/fault/500").absoluteString,
        clock: ManualClock()
      )
      var count = 0
      for await _ in seed.start() { count += 1 }
      XCTAssertEqual(count, 0, "no users, and no error either: the loop cannot tell")
    }
  }

  func test_cancellingTheConsumer_cancelsTheRequestInFlight_andNoUserComesAfter() async throws {
    let clock = ManualClock()
    let log = LineWatcher()
    let received = LineWatcher()
    let page2 = "/users?page=2&per=3"
    try await withServer(
      clock: clock,
      delays: [page2: .seconds(600)],
      log: log,
      received: received
    ) { server, port in
      let service = UserGeneratorService(port: port, clock: clock)
      let seen = Locked<[Int]>([])
      let consumer = Task {
        for try await user in service.start() {
          seen.withLock { $0.append(user.id) }
        }
      }
      for _ in 1...3 {
        await clock.waitForSleepers(count: 1)
        clock.advance(by: userInterval)
      }
      _ = await received.first { $0 == "GET \(page2)" }
      consumer.cancel()
      try await consumer.value  // ends without an error: the consumer asked for the end
      let line = await log.first { $0.hasPrefix("GET \(page2)") }
      XCTAssertEqual(line, "GET \(page2) closed by the client before the answer")
      XCTAssertEqual(seen.withLock { $0 }, [1, 2, 3])
      XCTAssertEqual(clock.sleeperCount, 0, "the producer is not waiting to send another user")
    }
  }

  /// The way round the Linux cancel deadlock: the handler hands the cancel to another queue.
  ///
  /// With that queue suspended, `cancel()` still returns: the handler waited for
  /// nothing. Once the queue runs, the request ends cancelled and the server sees the client go.
  func test_dataWithSafeCancel_cancelsOnAnotherQueue_soTheHandlerWaitsForNothing() async throws {
    let clock = ManualClock()
    let log = LineWatcher()
    let received = LineWatcher()
    let queue = DispatchQueue(label: "cancels")
    queue.suspend()
    try await withServer(
      clock: clock,
      delays: ["/users": .seconds(600)],
      log: log,
      received: received
    ) { server, port in
      let url = server.url("/users")
      let request = Task {
        try await uncachedSession.dataWithSafeCancel(for: URLRequest(url: url), cancelOn: queue)
      }
      _ = await received.first { $0 == "GET /users" }
      request.cancel()  // returns although the queue that is to cancel is suspended
      queue.resume()
      do {
        _ = try await request.value
        XCTFail("a held request answered")
      } catch let error as URLError {
        XCTAssertEqual(error.code, .cancelled)
      }
      let line = await log.first { $0.hasPrefix("GET /users") }
      XCTAssertEqual(line, "GET /users closed by the client before the answer")
    }
  }

  func test_dataWithSafeCancel_inATaskCancelledBeforeItStarts_throwsCancelled() async throws {
    try await withServer { server, _ in
      let url = server.url("/users")
      let request = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await uncachedSession.dataWithSafeCancel(for: URLRequest(url: url))
      }
      do {
        _ = try await request.value
        XCTFail("a cancelled task's request answered")
      } catch let error as URLError {
        XCTAssertEqual(error.code, .cancelled)
      }
    }
  }

  /// A request cancelled before it starts is never sent, and the data task made for it does not
  /// stay in the session, suspended, for the session's life: it completes once, cancelled.
  func test_dataWithSafeCancel_inATaskCancelledBeforeItStarts_leavesNoTaskInTheSession()
    async throws
  {
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1  // serial: an operation added later runs after
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    let session = TaskRecordingSession(
      configuration: configuration,
      delegate: nil,
      delegateQueue: delegateQueue
    )
    let request = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await session.dataWithSafeCancel(
        for: URLRequest(url: URL(string: "http://127.0.0.1:1/users")!)
      )
    }
    do {
      _ = try await request.value
      XCTFail("a cancelled task's request answered")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .cancelled)
    }
    // A completion handler runs on the delegate queue, and the task is marked completed right
    // after it: once an operation added now has run, a task that was completed says so.
    await withCheckedContinuation { done in delegateQueue.addOperation { done.resume() } }
    let made = session.made
    XCTAssertEqual(made.count, 1, "one data task made")
    for task in made {
      let state = task.task?.state ?? .completed  // gone is fine too: nothing holds it
      XCTAssertEqual(state, .completed, "the task made stays in the session, \(state)")
    }
  }

  /// `break` leaves the loop, but a stream still held is not terminated: its producer goes on.
  func test_aBreak_runsOnTermination_onlyOnceTheStreamIsReleased() async {
    let terminated = Locked(false)
    var continuation: AsyncStream<Int>.Continuation?
    var stream: AsyncStream<Int>? = AsyncStream { continuation = $0 }
    continuation?.onTermination = { _ in terminated.withLock { $0 = true } }
    continuation?.yield(1)
    continuation?.yield(2)
    if let stream {
      for await value in stream where value == 1 { break }
    }
    XCTAssertFalse(terminated.withLock { $0 }, "after break, with the stream still held")
    guard case .enqueued = continuation?.yield(3) else {
      return XCTFail("the producer's yield after the break was not buffered")
    }
    stream = nil
    XCTAssertTrue(terminated.withLock { $0 }, "once the stream is released")
    guard case .terminated = continuation?.yield(4) else {
      return XCTFail("a yield after the release was taken")
    }
  }

  /// Why the fixed producer finishes quietly when it is cancelled.
  ///
  /// `onTermination` runs before the stream ends, so a producer that finishes with an error in
  /// that moment hands the error to the consumer that cancelled. Here `onTermination` finishes
  /// the stream itself, so the moment is certain.
  func test_aCancelledConsumer_receivesAnErrorTheStreamIsFinishedWith_fromOnTermination()
    async throws
  {
    struct ProducerFailed: Error {}
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    continuation.onTermination = { _ in continuation.finish(throwing: ProducerFailed()) }
    let consumer = Task {
      for try await _ in stream {}
    }
    consumer.cancel()
    do {
      try await consumer.value
      XCTFail("the loop ended quietly")
    } catch {
      XCTAssertTrue(error is ProducerFailed, "\(error)")
    }
  }

  // MARK: - 4.5 Retry

  func test_retry_retries5xx_withDoublingWaits_untilTheAnswer() async throws {
    let clock = ManualClock()
    let received = LineWatcher()
    try await withServer(clock: clock, received: received) { server, port in
      let endpoint = flaky(key: "k", failures: 2, port: port)
      let waits = Locked<[Duration]>([])
      let answer = Task {
        var random = SeededRandom(state: 1)
        return try await RetryPolicy(jitter: 0).run(
          clock: clock,
          random: &random,
          beforeRetry: { _, _, wait in waits.withLock { $0.append(wait) } }
        ) {
          try await APIClient().asyncRequest(endpoint: endpoint, responseModel: FlakyAnswer.self)
        }
      }
      for wait in [Duration.milliseconds(200), .milliseconds(400)] {
        await clock.waitForSleepers(count: 1)
        XCTAssertEqual(clock.sleeperDeadlines, [clock.now.advanced(by: wait)])
        clock.advance(by: wait)
      }
      let attempt = try await answer.value.attempt
      XCTAssertEqual(attempt, 3)
      XCTAssertEqual(waits.withLock { $0 }, [.milliseconds(200), .milliseconds(400)])
      XCTAssertEqual(received.all.count, 3)
    }
  }

  func test_isTransient_followsHTTPsMeaningOfEachStatus_andTheTransportErrorsThatMayPass() {
    for code in [408, 429, 500, 502, 503, 504, 599] {
      XCTAssertTrue(APIError.status(code, serverSays: nil).isTransient, "\(code)")
    }
    for code in [400, 401, 403, 404, 409, 422, 501, 505] {
      XCTAssertFalse(APIError.status(code, serverSays: nil).isTransient, "\(code)")
    }
    let mayPass: [URLError.Code] = [
      .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
    ]
    for code in mayPass {
      XCTAssertTrue(APIError.transport(code, detail: "").isTransient, "\(code)")
    }
    let willNot: [URLError.Code] = [
      .cancelled, .unsupportedURL, .badURL, .cannotFindHost, .secureConnectionFailed,
      .serverCertificateUntrusted, .serverCertificateHasBadDate,
    ]
    for code in willNot {
      XCTAssertFalse(APIError.transport(code, detail: "").isTransient, "\(code)")
    }
    XCTAssertTrue(APIError.timedOut(after: .seconds(1)).isTransient)
    XCTAssertFalse(APIError.notHTTP.isTransient)
  }

  func test_retry_neverRetriesA4xx() async throws {
    let received = LineWatcher()
    try await withServer(received: received) { server, port in
      var random = SeededRandom(state: 1)
      do {
        _ = try await RetryPolicy().run(clock: ManualClock(), random: &random) {
          try await APIClient().asyncRequest(
            endpoint: UsersEndpoint.user(99, port: port),
            responseModel: JSONPlaceholderUser.self
          )
        }
        XCTFail("a 404 gave a user")
      } catch let error as APIError {
        XCTAssertEqual(error, .status(404, serverSays: "no user with id '99'"))
      }
      XCTAssertEqual(received.all, ["GET /users/99"], "one request, no retry")
    }
  }

  func test_retry_givesUpAfterMaxAttempts_withTheLastError() async throws {
    let clock = ManualClock()
    let received = LineWatcher()
    try await withServer(clock: clock, received: received) { server, port in
      let endpoint = flaky(key: "always", failures: 99, port: port)
      let run = Task {
        var random = SeededRandom(state: 1)
        return try await RetryPolicy(maxAttempts: 3, jitter: 0).run(clock: clock, random: &random) {
          try await APIClient().asyncRequest(endpoint: endpoint, responseModel: FlakyAnswer.self)
        }
      }
      for wait in [Duration.milliseconds(200), .milliseconds(400)] {
        await clock.waitForSleepers(count: 1)
        clock.advance(by: wait)
      }
      do {
        _ = try await run.value
        XCTFail("a flaky route that always fails answered")
      } catch let error as APIError {
        XCTAssertEqual(
          error,
          .status(503, serverSays: "busy, try again (attempt 3 of key 'always')")
        )
      }
      XCTAssertEqual(received.all.count, 3)
    }
  }

  func test_retry_cancelledDuringAWait_stopsAtOnce_withNoFurtherAttempt() async throws {
    let clock = ManualClock()
    let received = LineWatcher()
    try await withServer(clock: clock, received: received) { server, port in
      let endpoint = UsersEndpoint(port: port, path: "/fault/500")
      let run = Task {
        var random = SeededRandom(state: 1)
        return try await RetryPolicy().run(clock: clock, random: &random) {
          try await APIClient().asyncRequest(endpoint: endpoint, responseModel: FlakyAnswer.self)
        }
      }
      await clock.waitForSleepers(count: 1)
      run.cancel()
      do {
        _ = try await run.value
        XCTFail("answered")
      } catch {
        XCTAssertTrue(error is CancellationError, "\(error)")
      }
      XCTAssertEqual(clock.now.offset, .zero, "no time passed: the wait ended at the cancel")
      XCTAssertEqual(received.all, ["GET /fault/500"])
    }
  }

  func test_retry_jitter_staysWithinItsFraction_andVaries() {
    let policy = RetryPolicy(firstDelay: .milliseconds(200), jitter: 0.5)
    var random = SeededRandom(state: 7)
    var seen = Set<Duration>()
    for failures in 1...3 {
      let base = 200 * (1 << (failures - 1))
      for _ in 0..<200 {
        let wait = policy.delay(afterFailures: failures, using: &random)
        XCTAssertGreaterThanOrEqual(wait, .milliseconds(base / 2))
        XCTAssertLessThanOrEqual(wait, .milliseconds(base * 3 / 2))
        seen.insert(wait)
      }
    }
    XCTAssertGreaterThan(seen.count, 100, "the waits are spread, not all alike")
  }

  // MARK: - 4.6 The view model

  @MainActor
  func test_viewModel_stop_endsTheLoopAndTheProducer() async throws {
    let clock = ManualClock()
    try await withServer(clock: clock) { server, port in
      let model = UserGeneratorViewModel(service: UserGeneratorService(port: port, clock: clock))
      model.start()
      for _ in 1...2 {
        await clock.waitForSleepers(count: 1)
        clock.advance(by: userInterval)
        await waitUntil { model.users.count >= 1 }
      }
      await waitUntil { model.users.count == 2 }
      model.stop()
      await model.task?.value
      XCTAssertEqual(model.users.map(\.id), [1, 2])
      XCTAssertEqual(model.currentUser?.id, 2)
      XCTAssertNil(model.failure, "a stop is not a failure")
    }
  }

  @MainActor
  func test_viewModel_showsTheFailure() async throws {
    try await withServer { server, port in
      let model = UserGeneratorViewModel(
        service: UserGeneratorService(
          api: FailingPathAPI(path: "/fault/500"),
          port: port,
          clock: ManualClock()
        )
      )
      model.start()
      await model.task?.value
      XCTAssertEqual(model.users, [])
      XCTAssertEqual(
        model.failure,
        "the server answered 500 Internal Server Error: the server failed on purpose"
      )
    }
  }

  // MARK: - Helpers

  private func withServer(
    isolation: isolated (any Actor)? = #isolation,
    clock: any Clock<Duration> = ContinuousClock(),
    delays: [String: Duration] = [:],
    log: LineWatcher? = nil,
    received: LineWatcher? = nil,
    _ body: (FixtureServer, Int) async throws -> Void
  ) async throws {
    try await FixtureServer.serving(
      .init(clock: clock, delays: delays, log: log?.add, received: received?.add)
    ) { server in
      try await body(server, Int(server.port))
    }
  }

  private func flaky(key: String, failures: Int, port: Int) -> UsersEndpoint {
    UsersEndpoint(
      port: port,
      path: "/fault/flaky",
      queryItems: [
        URLQueryItem(name: "key", value: key), URLQueryItem(name: "failures", value: "\(failures)"),
      ]
    )
  }

  @MainActor
  private func waitUntil(_ condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }
}

/// The kind of an `APIError`, for assertions that leave its details to the message.
private enum APIErrorKind: Equatable {
  case status(Int)
  case decoding
  case transport
  case other

  init(_ error: APIError) {
    switch error {
    case .status(let code, _): self = .status(code)
    case .decoding: self = .decoding
    case .transport: self = .transport
    default: self = .other
    }
  }
}

extension APIError {
  fileprivate var detail: String {
    if case .transport(_, let detail) = self { detail } else { "" }
  }
}

/// A session that keeps a weak reference to each data task it makes with a completion handler,
/// so that a test sees what becomes of a task made inside the code it tests, without keeping
/// the task alive.
private final class TaskRecordingSession: URLSession, @unchecked Sendable {
  // Safety: URLSession is `@unchecked Sendable` already (a subclass restates it); the one stored
  // property added here is a `Locked`, which is Sendable.
  private let tasks = Locked<[WeakDataTask]>([])

  var made: [WeakDataTask] { tasks.withLock { $0 } }

  override func dataTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask {
    let task = super.dataTask(with: request, completionHandler: completionHandler)
    tasks.withLock { $0.append(WeakDataTask(task: task)) }
    return task
  }
}

/// A data task, held weakly.
private struct WeakDataTask: Sendable {
  weak var task: URLSessionDataTask?
}

/// Lines a server reports from its threads, kept in order; a test can wait for one.
private final class LineWatcher: Sendable {
  private let lines = Locked<[String]>([])
  private let (stream, continuation) = AsyncStream.makeStream(of: String.self)

  var all: [String] { lines.withLock { $0 } }

  @Sendable func add(_ line: String) {
    lines.withLock { $0.append(line) }
    continuation.yield(line)
  }

  /// The first line (from now on or already seen) that matches; nil if none comes within a
  /// minute, a safety net so that a broken server fails the test instead of hanging it.
  func first(where matches: @Sendable (String) -> Bool) async -> String? {
    if let seen = all.first(where: matches) { return seen }
    let safetyNet = Task { [continuation] in
      try? await Task.sleep(for: .seconds(60))
      continuation.finish()
    }
    defer { safetyNet.cancel() }
    for await line in stream where matches(line) { return line }
    return nil
  }
}
