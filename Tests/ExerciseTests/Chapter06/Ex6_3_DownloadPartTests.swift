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
import Exercises
#endif

// MARK: - Exercise 6.3: a part, and nothing else

final class Ex6_3_DownloadPartTests: GradedTestCase {
  private let small = FixtureFile.named("small.bin")!

  /// The error `downloadPart` throws, or a failure if it returns.
  private func partError(_ url: URL, offset: Int, length: Int) async throws -> PartError? {
    do {
      let data = try await downloadPart(of: url, offset: offset, length: length)
      XCTFail(
        "bytes \(offset)-\(offset + length - 1) of \(url.path): returned \(data.count) bytes "
          + "instead of throwing a PartError"
      )
      return nil
    } catch let error as PartError {
      return error
    } catch {
      try rethrowIfNotImplemented(error)
      XCTFail("every wrong answer is a PartError; this was \(type(of: error)): \(error)")
      return nil
    }
  }

  func test_aFewParts_areExactlyTheBytesAskedFor() async throws {
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      for (offset, length) in [(1000, 100), (0, 10), (small.size - 100, 100)] {
        let data = try await downloadPart(of: url, offset: offset, length: length)
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
      XCTAssertEqual(
        error,
        .status(200),
        "200 means the server ignored Range and sent the whole body: not the part asked for"
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
      XCTAssertEqual(error, .status(416))
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
}
