import DownloadBenchmarks
import Foundation
import HTTPFixtures
import XCTest

final class SpeedTableTests: XCTestCase {
  func test_aLine_showsBestAndMedian_andTheMedianAgainstTheBaseline() {
    let table = SpeedTable(size: 100_000_000, rounds: 3)
    XCTAssertEqual(
      table.line("fast", [0.5, 1, 4]),
      "  fast" + String(repeating: " ", count: 42) + "best   200.0 MB/s   median   100.0 MB/s"
    )
    XCTAssertTrue(
      table.line("slow", [20, 25, 30], baseline: ("fast", [0.5, 1, 4]))
        .hasSuffix("best    5.00 MB/s   median    4.00 MB/s   (0.04 x fast)"),
      "below 10 MB/s, two decimals"
    )
    XCTAssertTrue(
      table.line("crawl", [1000, 2000, 3000], baseline: ("fast", [0.5, 1, 4]))
        .hasSuffix("(1/2000 of fast)"),
      "a ratio below 0.01 as a fraction, not 0.00"
    )
  }

  func test_measure_runsTheRoundsAndSortsTheTimes() async throws {
    let table = SpeedTable(size: 1, rounds: 3)
    var times = [3.0, 1.0, 2.0]
    let measured = try await table.measure { times.removeFirst() }
    XCTAssertEqual(measured, [1, 2, 3])
  }

  func test_plainDownloads_checkTheByteCount() async throws {
    let file = try XCTUnwrap(FixtureFile.named("small.bin"))
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      _ = try await PlainDownloads.data(url, expected: file.size)
      do {
        _ = try await PlainDownloads.chunks(url, expected: file.size + 1)
        XCTFail("a download one byte short of the expected count passed")
      } catch let error as BenchmarkError {
        XCTAssertEqual(error.description, "got 1572864 bytes, expected 1572865")
      }
    }
  }

  /// The example in SpeedTable's doc comment: compiled, not run.
  private func docCommentExample(file: FixtureFile, url: URL) async throws {
    let table = SpeedTable(size: file.size, rounds: 5)
    let seconds = try await table.measure {
      try await PlainDownloads.data(url, expected: file.size)
    }
    print(table.line("URLSession data(for:)", seconds))
  }
}
