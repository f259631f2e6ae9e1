@testable import HTTPFixtures
import TestTooling
import LessonSupport
import Foundation
import XCTest

/// The routes the networking chapter leans on: one user, creating a user, users that cannot be
/// decoded, a flaky route, slow answers that notice a client leaving, and the `received` hook.
final class FixtureServerUserRoutesTests: XCTestCase {
  private func post(_ body: String, headers: [String], port: UInt16) async -> RawHTTPClient.Reply {
    let lines = (headers + ["Content-Length: \(body.utf8.count)"]).map { $0 + "\r\n" }.joined()
    return await RawHTTPClient.send("POST /users HTTP/1.1\r\n\(lines)\r\n\(body)", port: port)
  }

  func test_oneUser_byId_or404() async throws {
    try await FixtureServer.serving { server in
      let third = await RawHTTPClient.get("/users/3", port: server.port)
      let user = try XCTUnwrap(try third.json() as? [String: Any])
      XCTAssertEqual(user["id"] as? Int, 3)
      XCTAssertEqual(user["name"] as? String, "Chiara Benedetti")
      let missing = await RawHTTPClient.get("/users/99", port: server.port)
      XCTAssertEqual(missing.statusLine, "HTTP/1.1 404 Not Found")
      XCTAssertEqual(try missing.json() as? [String: String], ["error": "no user with id '99'"])
    }
  }

  func test_postUsers_needsTheBearerToken_andAJSONUser() async throws {
    let token = "Authorization: Bearer \(FixtureServer.bearerToken)"
    let json = "Content-Type: application/json"
    let body = #"{"name": "Kai Moreau", "username": "kai", "email": "kai@example.org"}"#
    try await FixtureServer.serving { server in
      let created = await post(body, headers: [token, json], port: server.port)
      XCTAssertEqual(created.statusLine, "HTTP/1.1 201 Created")
      let user = try XCTUnwrap(try created.json() as? [String: Any])
      XCTAssertEqual(user["id"] as? Int, 11)
      XCTAssertEqual(user["name"] as? String, "Kai Moreau")
      XCTAssertEqual(user["email"] as? String, "kai@example.org")
      XCTAssertNotNil(user["address"], "a whole user comes back, in the same schema")

      let anonymous = await post(body, headers: [json], port: server.port)
      XCTAssertEqual(anonymous.statusLine, "HTTP/1.1 401 Unauthorized")
      XCTAssertEqual(anonymous.header("WWW-Authenticate"), "Bearer")
      XCTAssertEqual(
        try anonymous.json() as? [String: String],
        ["error": "no bearer token: send 'Authorization: Bearer tutorial-token'"]
      )
      let wrong = await post(
        body,
        headers: ["Authorization: Bearer guess", json],
        port: server.port
      )
      XCTAssertEqual(wrong.statusLine, "HTTP/1.1 401 Unauthorized")

      let notJSON = await post(body, headers: [token], port: server.port)
      XCTAssertEqual(notJSON.statusLine, "HTTP/1.1 400 Bad Request")
      let notAUser = await post(#"{"name": 1}"#, headers: [token, json], port: server.port)
      XCTAssertEqual(notAUser.statusLine, "HTTP/1.1 400 Bad Request")
      XCTAssertEqual(
        try notAUser.json() as? [String: String],
        ["error": "the body is not a new user with name, username and email"]
      )
    }
  }

  func test_requestBodies_tooLargeOrBadlyAnnounced_areRefused() async throws {
    try await FixtureServer.serving { server in
      let huge = await RawHTTPClient.send(
        "POST /users HTTP/1.1\r\nContent-Length: 70000\r\n\r\n",
        port: server.port
      )
      XCTAssertEqual(huge.statusLine, "HTTP/1.1 413 Content Too Large")
      let nonsense = await RawHTTPClient.send(
        "POST /users HTTP/1.1\r\nContent-Length: many\r\n\r\n",
        port: server.port
      )
      XCTAssertEqual(nonsense.statusLine, "HTTP/1.1 400 Bad Request")
    }
  }

  func test_brokenUsers_malformed_wrongType_missingField() async throws {
    try await FixtureServer.serving { server in
      let malformed = await RawHTTPClient.get("/fault/malformed", port: server.port)
      XCTAssertEqual(malformed.statusLine, "HTTP/1.1 200 OK")
      XCTAssertFalse(malformed.body.isEmpty)
      XCTAssertThrowsError(try malformed.json(), "not JSON at all")

      let wrongType = await RawHTTPClient.get("/fault/wrong-type", port: server.port)
      let users = try XCTUnwrap(try wrongType.json() as? [[String: Any]])
      XCTAssertEqual(users.count, 10)
      XCTAssertEqual(users[2]["id"] as? String, "three")
      XCTAssertEqual(users[1]["id"] as? Int, 2)

      let missing = await RawHTTPClient.get("/fault/missing-field", port: server.port)
      let others = try XCTUnwrap(try missing.json() as? [[String: Any]])
      XCTAssertNil(others[1]["email"])
      XCTAssertNotNil(others[0]["email"])

      let null = await RawHTTPClient.get("/fault/null-field", port: server.port)
      let named = try XCTUnwrap(try null.json() as? [[String: Any]])
      XCTAssertTrue(named[0]["name"] is NSNull, "the key is there, its value null")
      XCTAssertEqual(named[1]["name"] as? String, "Bruno Lindqvist")

      let nested = await RawHTTPClient.get("/fault/nested-wrong-type", port: server.port)
      let page = try XCTUnwrap(try nested.json() as? [String: Any])
      XCTAssertEqual(page["page"] as? Int, 1)
      let inside = try XCTUnwrap(page["users"] as? [[String: Any]])
      XCTAssertEqual(inside.count, 10)
      XCTAssertEqual(inside[2]["id"] as? String, "three")
    }
  }

  func test_status_answersTheCodeAskedFor_withABodyThatHasNoErrorKey() async throws {
    try await FixtureServer.serving { server in
      for (code, line) in [
        (299, "HTTP/1.1 299 Status 299"), (300, "HTTP/1.1 300 Status 300"),
        (503, "HTTP/1.1 503 Service Unavailable"),
      ] {
        let answer = await RawHTTPClient.get("/fault/status?code=\(code)", port: server.port)
        XCTAssertEqual(answer.statusLine, line)
        XCTAssertEqual(
          try answer.json() as? [String: String],
          ["said": "status \(code) on purpose"]
        )
      }
      for bad in ["", "?code=199", "?code=600", "?code=x"] {
        let answer = await RawHTTPClient.get("/fault/status\(bad)", port: server.port)
        XCTAssertEqual(answer.statusLine, "HTTP/1.1 400 Bad Request", bad)
      }
    }
  }

  func test_flaky_failsTheFirstNRequestsOfAKey_thenAnswers() async throws {
    try await FixtureServer.serving { server in
      var statuses: [String] = []
      for _ in 1...3 {
        statuses.append(
          await RawHTTPClient.get("/fault/flaky?key=a&failures=2", port: server.port).statusLine
        )
      }
      XCTAssertEqual(
        statuses,
        ["HTTP/1.1 503 Service Unavailable", "HTTP/1.1 503 Service Unavailable", "HTTP/1.1 200 OK"]
      )
      let third = await RawHTTPClient.get("/fault/flaky?key=a&failures=2", port: server.port)
      XCTAssertEqual(try third.json() as? [String: Int], ["attempt": 4])
      let otherKey = await RawHTTPClient.get("/fault/flaky?key=b&failures=1", port: server.port)
      XCTAssertEqual(otherKey.statusLine, "HTTP/1.1 503 Service Unavailable", "keys count apart")
      let noKey = await RawHTTPClient.get("/fault/flaky", port: server.port)
      XCTAssertEqual(noKey.statusLine, "HTTP/1.1 400 Bad Request")
    }
  }

  func test_delays_holdTheChosenTarget_andReceivedIsCalledFirst() async throws {
    let clock = ManualClock()
    let received = Locked<[String]>([])
    let configuration = FixtureServer.Configuration(
      clock: clock,
      delays: ["/users?page=2&per=3": .seconds(600)],
      received: { line in received.withLock { $0.append(line) } }
    )
    try await FixtureServer.serving(configuration) { server in
      let fast = await RawHTTPClient.get("/users?page=1&per=3", port: server.port)
      XCTAssertEqual(fast.statusLine, "HTTP/1.1 200 OK", "other targets are not delayed")
      let slow = Task { await RawHTTPClient.get("/users?page=2&per=3", port: server.port) }
      await clock.waitForSleepers(count: 1)
      XCTAssertEqual(
        received.withLock { $0 },
        ["GET /users?page=1&per=3", "GET /users?page=2&per=3"]
      )
      clock.advance(by: .seconds(600))
      let answer = await slow.value
      XCTAssertEqual(
        (try answer.json() as? [[String: Any]])?.compactMap { $0["id"] as? Int },
        [4, 5, 6]
      )
    }
  }

  func test_aClientThatLeavesDuringADelay_isLogged_andFreesTheServer() async throws {
    let clock = ManualClock()
    let (lines, log) = AsyncStream.makeStream(of: String.self)
    let server = try FixtureServer.start(.init(clock: clock, log: { log.yield($0) }))
    let socket = RawHTTPClient.connectedSocket(port: server.port)
    let request = "GET /fault/slow?delay_ms=600000 HTTP/1.1\r\n\r\n"
    _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    await clock.waitForSleepers(count: 1)
    close(socket)  // the client gives up while the server waits

    // The server notices by itself: no time passes and nothing is stopped before this line.
    // (A safety net, not a measure: if it never notices, the test fails after a minute.)
    let safetyNet = Task {
      try? await Task.sleep(for: .seconds(60))
      log.finish()
    }
    defer { safetyNet.cancel() }
    var iterator = lines.makeAsyncIterator()
    let first = await iterator.next()
    XCTAssertEqual(first, "GET /fault/slow?delay_ms=600000 closed by the client before the answer")
    XCTAssertEqual(clock.now.offset, .zero)
    await RawHTTPClient.onThread { server.stop() }
  }
}
