@testable import HTTPFixtures
import TestTooling
import LessonSupport
import Foundation
import XCTest

final class FixtureServerTests: XCTestCase {
  private let small = FixtureFile.all[0]

  // MARK: - Routes

  func test_status_onTheRealPortThatPortZeroGave() async throws {
    try await FixtureServer.serving { server in
      XCTAssertGreaterThan(server.port, 0)
      let reply = await RawHTTPClient.get("/status", port: server.port)
      XCTAssertEqual(reply.statusLine, "HTTP/1.1 200 OK")
      XCTAssertEqual(
        String(decoding: reply.body, as: UTF8.self),
        "ConcurrencyTutorial fixture server: ok\n"
      )
      XCTAssertEqual(reply.header("Connection"), "close")
    }
  }

  func test_users_areTenInTheJSONPlaceholderSchema() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.get("/users", port: server.port)
      let users = try XCTUnwrap(try reply.json() as? [[String: Any]])
      XCTAssertEqual(users.count, 10)
      XCTAssertEqual(users.compactMap { $0["id"] as? Int }, Array(1...10))
      for user in users {
        XCTAssertEqual(
          Set(user.keys),
          ["id", "name", "username", "email", "address", "phone", "website", "company"]
        )
        let address = try XCTUnwrap(user["address"] as? [String: Any])
        XCTAssertEqual(Set(address.keys), ["street", "suite", "city", "zipcode", "geo"])
        XCTAssertEqual(Set(try XCTUnwrap(address["geo"] as? [String: Any]).keys), ["lat", "lng"])
        XCTAssertEqual(
          Set(try XCTUnwrap(user["company"] as? [String: Any]).keys),
          ["name", "catchPhrase", "bs"]
        )
      }
    }
  }

  func test_users_pages_andRejectsBadPaging() async throws {
    try await FixtureServer.serving { server in
      let page2 = await RawHTTPClient.get("/users?page=2&per=3", port: server.port)
      XCTAssertEqual(
        (try page2.json() as? [[String: Any]])?.compactMap { $0["id"] as? Int },
        [4, 5, 6]
      )
      XCTAssertEqual(page2.header("X-Total-Count"), "10")
      XCTAssertEqual(page2.header("X-Page-Count"), "4")
      let last = await RawHTTPClient.get("/users?page=4&per=3", port: server.port)
      XCTAssertEqual((try last.json() as? [[String: Any]])?.compactMap { $0["id"] as? Int }, [10])
      let beyond = await RawHTTPClient.get("/users?page=9&per=3", port: server.port)
      XCTAssertEqual((try beyond.json() as? [Any])?.count, 0)
      for bad in ["page=0", "per=0", "per=101", "page=two"] {
        let reply = await RawHTTPClient.get("/users?\(bad)", port: server.port)
        XCTAssertEqual(reply.statusLine, "HTTP/1.1 400 Bad Request", bad)
      }
    }
  }

  func test_files_listsTheThreeFiles() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.get("/files", port: server.port)
      let files = try XCTUnwrap(try reply.json() as? [[String: Any]])
      XCTAssertEqual(
        files.compactMap { $0["name"] as? String },
        ["small.bin", "medium.bin", "large.bin"]
      )
      XCTAssertEqual(files.compactMap { $0["size"] as? Int }, [1_572_864, 4_194_304, 33_554_432])
      XCTAssertEqual(files.compactMap { $0["date"] as? String }.count, 3)
    }
  }

  func test_fixtureFiles_areDeterministic() {
    XCTAssertEqual(small.contents.count, small.size)
    XCTAssertEqual(
      Array(small.contents.prefix(8)),
      [193, 92, 2, 137, 236, 45, 10, 145]
    )
    XCTAssertNotEqual(small.contents.prefix(64), FixtureFile.all[1].contents.prefix(64))
  }

  // MARK: - Downloads

  func test_download_whole_isByteExact_withContentLength() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.get("/files/small.bin", port: server.port)
      XCTAssertEqual(reply.statusLine, "HTTP/1.1 200 OK")
      XCTAssertEqual(reply.header("Content-Length"), "\(small.size)")
      XCTAssertEqual(reply.header("Accept-Ranges"), "bytes")
      XCTAssertTrue(reply.body == [UInt8](small.contents), "body differs from the fixture")
    }
  }

  func test_download_ranges_give206_withContentRange() async throws {
    let size = small.size
    let contents = [UInt8](small.contents)
    try await FixtureServer.serving { server in
      let cases: [(String, ClosedRange<Int>)] = [
        ("bytes=100-199", 100...199),
        ("bytes=\(size - 10)-", (size - 10)...(size - 1)),
        ("bytes=-25", (size - 25)...(size - 1)),
        ("bytes=\(size - 5)-\(size + 100)", (size - 5)...(size - 1)),
      ]
      for (header, range) in cases {
        let reply = await RawHTTPClient.get(
          "/files/small.bin",
          port: server.port,
          headers: ["Range: \(header)"]
        )
        XCTAssertEqual(reply.statusLine, "HTTP/1.1 206 Partial Content", header)
        XCTAssertEqual(
          reply.header("Content-Range"),
          "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
        )
        XCTAssertEqual(reply.header("Content-Length"), "\(range.count)")
        XCTAssertEqual(reply.body, Array(contents[range]), header)
      }
    }
  }

  func test_download_unsatisfiableRange_is416() async throws {
    try await FixtureServer.serving { server in
      for header in ["bytes=\(small.size)-", "bytes=-0"] {
        let reply = await RawHTTPClient.get(
          "/files/small.bin",
          port: server.port,
          headers: ["Range: \(header)"]
        )
        XCTAssertEqual(reply.statusLine, "HTTP/1.1 416 Range Not Satisfiable", header)
        XCTAssertEqual(reply.header("Content-Range"), "bytes */\(small.size)")
      }
    }
  }

  func test_unknownFileOrRoute_is404_withAJSONError() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.get("/files/nope.bin", port: server.port)
      XCTAssertEqual(reply.statusLine, "HTTP/1.1 404 Not Found")
      XCTAssertEqual(reply.header("Content-Type"), "application/json")
      XCTAssertEqual(try reply.json() as? [String: String], ["error": "no file named 'nope.bin'"])
      let route = await RawHTTPClient.get("/nowhere", port: server.port)
      XCTAssertEqual(route.statusLine, "HTTP/1.1 404 Not Found")
    }
  }

  func test_head_sendsTheHeadersOnly() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.send(
        "HEAD /files/small.bin HTTP/1.1\r\n\r\n",
        port: server.port
      )
      XCTAssertEqual(reply.statusLine, "HTTP/1.1 200 OK")
      XCTAssertEqual(reply.header("Content-Length"), "\(small.size)")
      XCTAssertEqual(reply.body, [])
    }
  }

  // MARK: - Bad requests

  func test_badRequests_get400_431_and405() async throws {
    try await FixtureServer.serving { server in
      let garbage = await RawHTTPClient.send("HELLO\r\n\r\n", port: server.port)
      XCTAssertEqual(garbage.statusLine, "HTTP/1.1 400 Bad Request")
      let badHeader = await RawHTTPClient.send(
        "GET / HTTP/1.1\r\nnot a header\r\n\r\n",
        port: server.port
      )
      XCTAssertEqual(badHeader.statusLine, "HTTP/1.1 400 Bad Request")

      let huge = "GET / HTTP/1.1\r\nX-Filler: \(String(repeating: "a", count: 20_000))\r\n\r\n"
      let tooLarge = await RawHTTPClient.send(huge, port: server.port)
      XCTAssertEqual(tooLarge.statusLine, "HTTP/1.1 431 Request Header Fields Too Large")

      let post = await RawHTTPClient.send(
        "POST /status HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
        port: server.port
      )
      XCTAssertEqual(post.statusLine, "HTTP/1.1 405 Method Not Allowed")
      XCTAssertEqual(post.header("Allow"), "GET, HEAD")
      let delete = await RawHTTPClient.send("DELETE /users HTTP/1.1\r\n\r\n", port: server.port)
      XCTAssertEqual(delete.statusLine, "HTTP/1.1 405 Method Not Allowed")
      XCTAssertEqual(delete.header("Allow"), "GET, HEAD, POST")
    }
  }

  // MARK: - Faults

  func test_fault500_isAServerErrorWithJSON() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.get("/fault/500", port: server.port)
      XCTAssertEqual(reply.statusLine, "HTTP/1.1 500 Internal Server Error")
      XCTAssertEqual(
        try reply.json() as? [String: String],
        ["error": "the server failed on purpose"]
      )
    }
  }

  func test_faultCut_announcesTheWholeBody_butSendsHalf() async throws {
    try await FixtureServer.serving { server in
      let reply = await RawHTTPClient.get("/fault/cut", port: server.port)
      XCTAssertEqual(reply.header("Content-Length"), "\(small.size)")
      XCTAssertEqual(reply.body.count, small.size / 2)
      XCTAssertEqual(reply.body, Array(small.contents.prefix(small.size / 2)))
    }
  }

  func test_faultSlow_waitsOnTheServersClockBeforeTheFirstByte() async throws {
    let clock = ManualClock()
    try await FixtureServer.serving(.init(clock: clock)) { server in
      let reply = Task { await RawHTTPClient.get("/fault/slow?delay_ms=1500", port: server.port) }
      await clock.waitForSleepers(count: 1)  // the server holds the answer back
      clock.advance(by: .milliseconds(1500))
      let answer = await reply.value
      XCTAssertEqual(answer.statusLine, "HTTP/1.1 200 OK")
      XCTAssertEqual(clock.now.offset, .milliseconds(1500))
    }
  }

  func test_throttle_sendsATenthOfTheRateEveryTenthOfASecond() async throws {
    let clock = ManualClock()
    // 100 000 bytes at 100 000 bytes per second: 10 slices of 10 000, 9 pauses of 100 ms between.
    for configuration in [
      FixtureServer.Configuration(clock: clock),
      .init(throttleBytesPerSecond: 100_000, clock: clock),
    ] {
      try await FixtureServer.serving(configuration) { server in
        let start = clock.now
        let query = configuration.throttleBytesPerSecond == nil ? "?throttle=100000" : ""
        let reply = Task {
          await RawHTTPClient.get(
            "/files/small.bin\(query)",
            port: server.port,
            headers: ["Range: bytes=0-99999"]
          )
        }
        for _ in 1...9 {
          await clock.waitForSleepers(count: 1)
          clock.advance(by: .milliseconds(100))
        }
        let body = await reply.value.body
        XCTAssertEqual(body, Array(small.contents.prefix(100_000)))
        XCTAssertEqual(start.duration(to: clock.now), .milliseconds(900))
      }
    }
  }

  // MARK: - Robustness

  func test_aClientThatLeavesMidBody_doesNotHurtTheServer() async throws {
    let log = Locked<[String]>([])
    let large = FixtureFile.all[2]
    _ = large.contents
    try await FixtureServer.serving(.init(log: { line in log.withLock { $0.append(line) } })) {
      server in
      let partial = await RawHTTPClient.send(
        "GET /files/large.bin HTTP/1.1\r\n\r\n",
        port: server.port,
        readAtMost: 100_000
      )
      XCTAssertGreaterThanOrEqual(partial.body.count, 50_000)
      let after = await RawHTTPClient.get("/status", port: server.port)
      XCTAssertEqual(after.statusLine, "HTTP/1.1 200 OK")
    }
    // stop() has waited for every serving thread, so the abandoned download has logged by now.
    let line = try XCTUnwrap(
      log.withLock { $0 }.first { $0.hasPrefix("GET /files/large.bin 200 ") }
    )
    let sent = Int(line.split(separator: " ")[3]) ?? -1
    XCTAssertLessThan(sent, large.size, "the server noticed the client had gone: \(line)")
  }

  func test_64ConcurrentClients_eachGetAByteExactBody() async throws {
    let expected = [UInt8](small.contents)
    try await FixtureServer.serving { server in
      let port = server.port
      let exact = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<64 {
          group.addTask { await RawHTTPClient.get("/files/small.bin", port: port).body == expected }
        }
        return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
      XCTAssertEqual(exact, 64)
    }
  }

  func test_stop_closesOpenConnections_endsPauses_andReturns() async throws {
    let clock = ManualClock()
    let server = try FixtureServer.start(.init(clock: clock))
    let port = server.port
    let idle = RawHTTPClient.connectedSocket(port: port)  // connected, never sends a request
    defer { close(idle) }
    let parked = Task { await RawHTTPClient.get("/files/small.bin?throttle=1000", port: port) }
    await clock.waitForSleepers(count: 1)  // a download paused mid-body

    await RawHTTPClient.onThread { server.stop() }

    let reply = await parked.value
    XCTAssertEqual(reply.body.count, 100, "only the first slice went out before stop()")
    var byte: UInt8 = 0
    XCTAssertEqual(recv(idle, &byte, 1, 0), 0, "the idle connection was closed")
    XCTAssertEqual(RawHTTPClient.connectedSocket(port: port), -1, "nothing listens any more")
    server.stop()  // a second stop does nothing
  }

  func test_aPortInUse_isAClearError() throws {
    let first = try FixtureServer.start()
    defer { first.stop() }
    XCTAssertThrowsError(try FixtureServer.start(.init(port: first.port))) { error in
      XCTAssertEqual(
        "\(error)",
        "port \(first.port) is already in use; choose another port, or port 0 for any free one"
      )
    }
  }
}

final class RefusingPortTests: XCTestCase {
  /// A connection to the port is refused, and no server can take the port while it is held.
  func test_aRefusingPort_refusesConnections_andNoServerCanTakeItWhileItIsHeld() throws {
    let refusing = try RefusingPort()
    let url = URL(string: "http://127.0.0.1:\(refusing.port)/users")!  // refused while it lives
    XCTAssertEqual(url.port, Int(refusing.port))
    XCTAssertEqual(RawHTTPClient.connectedSocket(port: refusing.port), -1, "refused")
    XCTAssertThrowsError(try FixtureServer.start(.init(port: refusing.port))) { error in
      XCTAssertTrue("\(error)".contains("already in use"), "\(error)")
    }
    withExtendedLifetime(refusing) {}
  }
}
