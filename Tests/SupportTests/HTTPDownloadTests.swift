@testable import HTTPFixtures
@testable import DownloadStreams
import LessonSupport
import TestTooling
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class HTTPDownloadTests: XCTestCase {
  private let small = FixtureFile.all[0]

  func test_full200_responseFirst_thenByteExactBytes() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    let download = try await HTTPDownload.start(URLRequest(url: server.url("/files/small.bin")))
    XCTAssertEqual(download.response.statusCode, 200)
    XCTAssertEqual(download.expectedLength, Int64(small.size))
    var received = [UInt8]()
    received.reserveCapacity(small.size)
    for try await byte in download.bytes { received.append(byte) }
    XCTAssertTrue(received == [UInt8](small.contents), "the bytes differ from the fixture")
    await download.sessionInvalidated()
  }

  func test_chunks_addUpToTheWholeBody() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    let download = try await HTTPDownload.start(URLRequest(url: server.url("/files/small.bin")))
    var body = Data()
    var chunks = 0
    for try await chunk in download.chunks {
      body += chunk
      chunks += 1
    }
    XCTAssertEqual(body, small.contents)
    XCTAssertGreaterThan(chunks, 1, "delivered in pieces, not all at once")
  }

  func test_partial206_forARangeRequest() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    var request = URLRequest(url: server.url("/files/small.bin"))
    request.setValue("bytes=1000-1999", forHTTPHeaderField: "Range")
    let download = try await HTTPDownload.start(request)
    XCTAssertEqual(download.response.statusCode, 206)
    XCTAssertEqual(
      download.response.value(forHTTPHeaderField: "Content-Range"),
      "bytes 1000-1999/\(small.size)"
    )
    XCTAssertEqual(download.expectedLength, 1000)
    var received = [UInt8]()
    for try await byte in download.bytes { received.append(byte) }
    XCTAssertEqual(received, Array(small.contents[1000..<2000]))
  }

  func test_404_isAResponse_withItsJSONBody() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    let download = try await HTTPDownload.start(URLRequest(url: server.url("/files/missing.bin")))
    XCTAssertEqual(download.response.statusCode, 404)
    var body = Data()
    for try await chunk in download.chunks { body += chunk }
    XCTAssertEqual(
      try JSONSerialization.jsonObject(with: body) as? [String: String],
      ["error": "no file named 'missing.bin'"]
    )
  }

  func test_connectionRefused_throwsBeforeAnyResponse() async throws {
    let refusing = try RefusingPort()  // nothing listens there
    defer { withExtendedLifetime(refusing) {} }
    let url = URL(string: "http://127.0.0.1:\(refusing.port)/status")!
    do {
      _ = try await HTTPDownload.start(URLRequest(url: url))
      XCTFail("a refused connection must throw")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .cannotConnectToHost)
    }
  }

  func test_aBodyCutShort_throwsFromTheLoop() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    let download = try await HTTPDownload.start(URLRequest(url: server.url("/fault/cut")))
    var count = 0
    do {
      for try await _ in download.bytes { count += 1 }
      XCTFail("a body shorter than its Content-Length must throw, after \(count) bytes")
    } catch {
      XCTAssertLessThan(count, small.size)
    }
  }

  func test_cancellingTheConsumer_endsTheLoop_cancelsTheTask_andReleasesTheSession() async throws {
    try await cancelMidBody { download, started in
      var bytes = 0
      for try await chunk in download.chunks {
        bytes += chunk.count
        started.fire(())
      }
      return bytes
    }
  }

  func test_cancellingAByteLoop_endsIt_andReleasesTheSession() async throws {
    try await cancelMidBody { download, started in
      var bytes = 0
      for try await _ in download.bytes {
        bytes += 1
        started.fire(())
      }
      return bytes
    }
  }

  func test_droppingTheDownloadAfterAFewBytes_cancelsTheTransfer() async throws {
    let clock = ManualClock()  // never advanced: the throttled body would never finish by itself
    let server = try FixtureServer.start(.init(clock: clock))
    defer { server.stop() }
    let url = server.url("/files/small.bin?throttle=100000")
    // Reads 8 bytes, breaks, and returns: nothing holds the download or its streams after that.
    func firstBytes() async throws -> (bytes: Int, sessionGone: @Sendable () async -> Void) {
      let download = try await HTTPDownload.start(URLRequest(url: url))
      var count = 0
      for try await _ in download.bytes {
        count += 1
        if count == 8 { break }
      }
      return (count, download.sessionInvalidation)
    }
    let (bytes, sessionGone) = try await firstBytes()
    XCTAssertEqual(bytes, 8)
    await sessionGone()  // only a cancelled data task ends: its body is parked for good
  }

  /// Starts a download that stays parked mid-body, runs `loop` in a task until it has received
  /// something, cancels that task, and checks that the loop ends and the session is let go.
  private func cancelMidBody(
    _ loop: @escaping @Sendable (HTTPDownload, OneShotSignal<Void>) async throws -> Int
  ) async throws {
    let clock = ManualClock()  // never advanced: the throttled download stays parked mid-body
    let server = try FixtureServer.start(.init(clock: clock))
    defer { server.stop() }
    let download = try await HTTPDownload.start(
      URLRequest(url: server.url("/files/small.bin?throttle=100000"))
    )
    let started = OneShotSignal<Void>()
    let consumer = Task { try await loop(download, started) }
    await started.wait()
    consumer.cancel()
    let received = try await consumer.value  // the loop ends (nil, not an error)
    XCTAssertLessThan(received, small.size)
    await download.sessionInvalidated()  // the data task ended and its session let go
  }

  func test_cancellingWhileWaitingForTheResponse_throws() async throws {
    let clock = ManualClock()  // never advanced: the server holds the response back
    let server = try FixtureServer.start(.init(clock: clock))
    defer { server.stop() }
    let start = Task { try await HTTPDownload.start(URLRequest(url: server.url("/fault/slow"))) }
    await clock.waitForSleepers(count: 1)
    start.cancel()
    do {
      _ = try await start.value
      XCTFail("a cancelled start must throw")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .cancelled)
    }
  }

  /// A cancel can end the data task before `start` waits for the response (URLSession reports the
  /// end on its own queue): the waiting call is then handed that end, not left suspended.
  func test_aTaskThatEndsBeforeTheResponseIsAwaited_stillEndsTheWait() async throws {
    let (_, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    let delegate = StreamingDataDelegate(continuation)
    let configuration = URLSessionConfiguration.uncached
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: URL(string: "http://127.0.0.1:1/")!)
    delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
    do {
      _ = try await delegate.startAndWaitForResponse(task)
      XCTFail("a task that ended returned a response")
    } catch let error as URLError {
      XCTAssertEqual(error.code, .cancelled)
    }
  }
}
