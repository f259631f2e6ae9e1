@testable import GradedScenarios
import ExerciseSupport
import Foundation
import HTTPFixtures
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter06Exercises
#endif

// MARK: - Exercise 6c: a part, and nothing else

final class Ex6c_DownloadPartTests: GradedTestCase {
  private let small = FixtureFile.named("small.bin")!

  /// The error `downloadPart` throws, or a failure if it returns.
  private func partError(
    _ url: URL,
    offset: Int,
    length: Int,
    session: URLSession = .shared
  ) async throws -> PartError? {
    do {
      let data = try await downloadPart(of: url, offset: offset, length: length, session: session)
      XCTFail(
        "bytes \(offset)-\(offset + length - 1) of \(url.path): returned \(data.count) bytes "
          + "instead of throwing a PartError"
      )
      return nil
    } catch let error as PartError {
      return error
    } catch let error as URLError where session !== URLSession.shared {
      XCTFail(
        "the request did not go through the session it was given, which would have answered "
          + "(it failed with URLError \(error.code.rawValue))"
      )
      return nil
    } catch {
      try rethrowIfNotImplemented(error)
      XCTFail("every wrong answer is a PartError; this was \(type(of: error)): \(error)")
      return nil
    }
  }

  func test_a100BytePart_andOthers_areExactlyTheBytesAskedFor() async throws {
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      for (offset, length) in [(1000, 100), (0, 10), (small.size - 100, 100)] {
        let data: Data
        do {
          data = try await downloadPart(of: url, offset: offset, length: length)
        } catch PartError.status(200) {
          return XCTFail(
            "asking for \(length) bytes from \(offset), the server answered 200: it did not "
              + "understand the Range header, which must be exactly \"bytes=first-last\" "
              + "(bytes=\(offset)-\(offset + length - 1))"
          )
        }
        XCTAssertEqual(
          data,
          small.contents.subdata(in: offset..<(offset + length)),
          "\(length) bytes from \(offset) are bytes \(offset)-\(offset + length - 1): "
            + "Range: bytes=first-last names the last byte, not the one after it (got "
            + "\(data.count) bytes)"
        )
      }
    }
  }

  func test_a200ToARangeRequest_isAStatusError() async throws {
    try await FixtureServer.serving { server in
      let error = try await partError(server.url("/status"), offset: 0, length: 10)
      guard let error else { return }
      if case .contentRange = error {
        return XCTFail(
          "a 200 threw \(error): expected PartError.status(200), since a 200 is no part, "
            + "whatever its Content-Range"
        )
      }
      XCTAssertEqual(
        error,
        .status(200),
        "200 means the server ignored Range and sent the whole body: not the part asked for"
      )
    }
  }

  func test_aWholeBodyOfTheLengthAskedFor_isStillAStatusError() async throws {
    // 100 bytes asked for from 1000, and 100 bytes come, with a 200: the whole of a 100-byte file.
    let error = try await partError(
      StubbedParts.url("/whole-body"),
      offset: 1000,
      length: 100,
      session: StubbedParts.session
    )
    guard let error else { return }
    XCTAssertEqual(
      error,
      .status(200),
      "a 200 with 100 bytes, when bytes 1000-1099 were asked for, is a whole body of 100 bytes, "
        + "not bytes 1000-1099: expected PartError.status(200), whatever its length"
    )
  }

  func test_a206WithoutContentRange_isAContentRangeError() async throws {
    let error = try await partError(
      StubbedParts.url("/no-content-range"),
      offset: 1000,
      length: 100,
      session: StubbedParts.session
    )
    guard let error else { return }
    XCTAssertEqual(
      error,
      .contentRange(expected: "bytes 1000-1099/", received: nil),
      "a 206 with no Content-Range says nothing of which bytes came: expected is exactly "
        + "\"bytes 1000-1099/\", both ends and the slash, and received nil"
    )
  }

  func test_aContentRangeForOtherBytes_isAContentRangeError() async throws {
    // 100 bytes each time, as asked: only the Content-Range says they are not bytes 1000-1099
    // (the last one's unit is items, not bytes).
    for (path, received) in [
      ("/other-bytes", "bytes 0-99/5000"), ("/longer", "bytes 1000-10990/50000"),
      ("/items", "items 1000-1099/5000"),
    ] {
      let error = try await partError(
        StubbedParts.url(path),
        offset: 1000,
        length: 100,
        session: StubbedParts.session
      )
      guard let error else { return }
      XCTAssertEqual(
        error,
        .contentRange(expected: "bytes 1000-1099/", received: received),
        "Content-Range \(received) is not bytes 1000-1099, even with 100 bytes: it must start "
          + "with exactly \"bytes 1000-1099/\""
      )
    }
  }

  func test_aPartThatRunsPastTheEnd_isAContentRangeError() async throws {
    try await FixtureServer.serving { server in
      let offset = small.size - 50
      let error = try await partError(server.url("/files/small.bin"), offset: offset, length: 100)
      XCTAssertEqual(
        error,
        .contentRange(
          expected: "bytes \(offset)-\(offset + 99)/",
          received: "bytes \(offset)-\(small.size - 1)/\(small.size)"
        ),
        "the server shortened the range to the bytes there are and still answered 206: only "
          + "the Content-Range tells, and it must name exactly the bytes asked for"
      )
    }
  }

  func test_aPartThatStartsPastTheEnd_isAStatusError() async throws {
    try await FixtureServer.serving { server in
      let error = try await partError(
        server.url("/files/small.bin"),
        offset: 2_000_000,
        length: 10
      )
      XCTAssertEqual(
        error,
        .status(416),
        "a part past the end gets 416 Range Not Satisfiable: any status but 206 is "
          + "PartError.status(code)"
      )
    }
  }

  func test_anyStatusBut206_evenWithTheContentRangeAskedFor_isAStatusError() async throws {
    // Each answer has 100 bytes and Content-Range bytes 1000-1099/5000, the part asked for.
    for status in [200, 203, 204] {
      let error = try await partError(
        StubbedParts.url("/status/\(status)"),
        offset: 1000,
        length: 100,
        session: StubbedParts.session
      )
      guard let error else { return }
      XCTAssertEqual(
        error,
        .status(status),
        "a \(status) with Content-Range bytes 1000-1099/5000 threw \(error): expected "
          + "PartError.status(\(status)), since only a 206 is a part, whatever its Content-Range"
      )
    }
  }

  /// The grade: 317 generated calls (parts from offset 0 to Int.max, of 1 byte to Int.max bytes, of
  /// URLs with capitals in their paths and queries too, answered with a transport error of every
  /// code, any status (199, 600 and 999 too), a Content-Range of every shape or none (after other
  /// text too), under any spelling of its name, with any total, a Retry-After), each compared with
  /// what the statement says, the request included, and a URLError with the session's own mark.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      Self.scenarios,
      model: rangeModel,
      answer: rangeAnswer,
      explain: explainRanges
    )
  }

  /// 203 calls from seed 63, then 80 of every URLError code, odd totals and Retry-After, and 25
  /// of text before the Content-Range.
  private static let scenarios =
    rangeScenarios(count: 200, seed: 63) + rangeScenariosOfOddAnswers(count: 80, seed: 63 &+ 1)

  /// Two calls at once for one part of one URL, through one session: each sends its own request
  /// (the server holds both until both have arrived) and gets what it gets alone.
  func test_yourAnswer_keepsTheStatement_withTwoCallsForOnePartAtOnce() async throws {
    guard
      try await givesTheModelInEveryScenario(
        Self.scenarios,
        model: rangeModel,
        answer: rangeAnswer
      )
    else { return }  // the scenario test reports it
    for scenario in Self.scenarios.prefix(30) {
      let alone = rangeModel(scenario).log
      let expected = RangeOutcome(log: [alone[0], alone[0], alone[1], alone[1]])
      let got = try await rangeAnswerTwiceAtOnce(scenario)
      guard got == expected else {
        return XCTFail(
          "two calls at once, each \(scenario) (alone, each gives what the statement gives): "
            + "your answer: \(got); the statement gives: \(expected)"
        )
      }
    }
  }

  func test_oneRequest_throughTheSessionGiven() async throws {
    StubbedParts.requests.withLock { $0 = [] }
    let data: Data
    do {
      data = try await downloadPart(
        of: StubbedParts.url("/ok"),
        offset: 1000,
        length: 100,
        session: StubbedParts.session
      )
    } catch let error as URLError {
      return XCTFail(
        "the request did not go through the session it was given, which would have answered "
          + "(it failed with URLError \(error.code.rawValue))"
      )
    }
    XCTAssertEqual(data.count, 100)
    XCTAssertEqual(
      StubbedParts.requests.withLock { $0 },
      ["GET /ok bytes=1000-1099"],
      "one GET with its Range header, through the session given, and no other request"
    )
  }
}
