import DownloadStreams
import Foundation
import HTTPFixtures
import LessonSupport
import LiveProgress
import Observation
import TestTooling
import XCTest

@testable import Chapter06

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class Chapter06Tests: XCTestCase {
  // MARK: - The whole chapter

  func test_fastRun_printsTheTranscriptShownInTheDocs() async throws {
    try await assertTranscript(chapter: "Chapter06", docsPage: "Chapter06-ByteAccumulation.md")
  }

  func test_sectionsMatchTheDocsHeadings_andTheDocsMatchTheCode() throws {
    try assertSectionsHaveDocsHeadings(chapter06, docsPage: "Chapter06-ByteAccumulation.md")
    try assertDocsSnippetsMatchCode(
      chapterFolder: "Chapters/Chapter06",
      docsPage: "Chapter06-ByteAccumulation.md"
    )
    try assertDocsLinksExist(in: ["Chapters/Chapter06"])
  }

  func test_unknownOption_printsUsageOnStderr_andExits64() async throws {
    let result = try await runChapter("Chapter06", arguments: ["--bogus"])
    XCTAssertEqual(result.termination, .exited(64))
    XCTAssertTrue(result.stderr.contains("usage: swift run Chapter06"), result.stderr)
    XCTAssertTrue(result.stderr.contains("--benchmark"), result.stderr)
  }

  private let small = FixtureFile.named("small.bin")!

  // MARK: - 6.1 A download as bytes

  func test_countBytes_seesEveryByteOfTheFile_andFirstBytesStopsAfterThoseAsked() async throws {
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      let (status, count, sum) = try await countBytes(of: url)
      XCTAssertEqual(status, 200)
      XCTAssertEqual(count, small.size)
      XCTAssertEqual(sum, small.contents.reduce(UInt8(0)) { $0 &+ $1 })
      let first = try await firstBytes(of: url, count: 8)
      XCTAssertEqual(first, Array(small.contents.prefix(8)))
    }
  }

  // MARK: - 6.2 Whole or in part

  func test_rangeRequest_asksForLengthBytesFromOffset() throws {
    let request = URLRequest(
      url: try XCTUnwrap(URL(string: "http://host/f")),
      offset: 10,
      length: 5
    )
    XCTAssertEqual(request.value(forHTTPHeaderField: "Range"), "bytes=10-14")
  }

  func test_startDownload_wants200ForTheWhole_and206WithItsContentRangeForAPart() async throws {
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      let whole = try await startDownload(url, length: small.size)
      XCTAssertEqual(whole.response.statusCode, 200)
      let part = try await startDownload(url, offset: 1000, length: 100)
      var data = Data()
      for try await chunk in part.chunks { data.append(chunk) }
      XCTAssertEqual(data, small.contents.subdata(in: 1000..<1100))
    }
  }

  func test_startDownload_rejectsEveryAnswerThatIsNotThePartAskedFor_sayingWhy() async throws {
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      let cases: [(URL, Int?, String)] = [
        (
          url, small.size - 50,
          "asked for bytes 1572814-1572913, got Content-Range bytes 1572814-1572863/1572864"
        ),
        (url, 2_000_000, "asked for bytes 2000000-2000099, expected status 206, got 416"),
        (
          server.url("/files/nothing.bin"), nil,
          "asked for the whole file, expected status 200, got 404"
        ),
        (
          server.url("/status"), 0,
          "asked for bytes 0-99, expected status 206, got 200: the server ignored the Range "
            + "header and sent the whole file"
        ),
      ]
      for (url, offset, message) in cases {
        do {
          _ = try await startDownload(url, offset: offset, length: 100)
          XCTFail("no error for \(url) from \(offset ?? -1)")
        } catch let error as DownloadError {
          XCTAssertEqual(error.description, message)
        }
      }
    }
  }

  // MARK: - 6.3 Bytes in batches

  func test_accumulator_batchesOfATwentieth_progress_data_andDescription() {
    var accumulator = ByteAccumulator(name: "f", size: 1_572_864)
    XCTAssertEqual(accumulator.batchSize, 78_643)
    XCTAssertEqual(ByteAccumulator(name: "tiny", size: 7).batchSize, 1, "never a batch of 0")
    for byte in 0..<786_432 { accumulator.append(UInt8(byte % 256)) }
    XCTAssertEqual(accumulator.progress, 0.5)
    XCTAssertEqual(accumulator.description, "[f] 786 KB")
    XCTAssertEqual(accumulator.data.count, 786_432)
    XCTAssertEqual(accumulator.data.last, UInt8(786_431 % 256))
    XCTAssertEqual(ByteAccumulator(name: "empty", size: 0).progress, 1, "nothing to wait for")
  }

  func test_accumulator_checkCompleted_isFalseFirst_thenTrueOnlyAfterABatchWithNoBytes() {
    var accumulator = ByteAccumulator(name: "f", size: 40)
    XCTAssertFalse(accumulator.checkCompleted(), "the first check starts the first batch")
    XCTAssertTrue(accumulator.isBatchEmpty)
    accumulator.append(1)
    accumulator.append(2)
    XCTAssertTrue(accumulator.isBatchCompleted, "40 / 20 = 2 bytes a batch")
    XCTAssertFalse(accumulator.checkCompleted())
    XCTAssertFalse(accumulator.isBatchCompleted)
    XCTAssertTrue(accumulator.checkCompleted(), "a batch with no bytes")
  }

  func test_accumulator_moreBytesThanTheSize_areKept() {
    var accumulator = ByteAccumulator(name: "f", size: 2)
    for byte: UInt8 in [1, 2, 3] { accumulator.append(byte) }
    XCTAssertEqual(accumulator.data, Data([1, 2, 3]))
    XCTAssertEqual(accumulator.progress, 1.5)
  }

  /// The offsets each loop reports for `size` bytes, in memory.
  private func reports(
    size: Int,
    seed: Bool
  ) async throws -> (offsets: [Int], data: Data) {
    let body = Data((0..<size).map { UInt8($0 % 251) })
    var accumulator = ByteAccumulator(name: "f", size: size)
    var offsets: [Int] = []
    if seed {
      try await seedBatchLoop(AsyncHTTPBytes(inMemory: body), into: &accumulator) {
        offsets.append($0.offset)
      }
    } else {
      try await batchLoop(AsyncHTTPBytes(inMemory: body), into: &accumulator) {
        offsets.append($0.offset)
        return true
      }
    }
    XCTAssertEqual(accumulator.data, body)
    return (offsets, accumulator.data)
  }

  func test_seedLoop_reportsTheLastBatchTwice_theFixedLoopOnce() async throws {
    // 200,003 bytes: 20 batches of 10,000 and 3 over; 40,000: 20 batches exactly.
    let tenThousands = (1...20).map { $0 * 10_000 }
    let seedOdd = try await reports(size: 200_003, seed: true)
    XCTAssertEqual(seedOdd.offsets, tenThousands + [200_003, 200_003])
    let fixedOdd = try await reports(size: 200_003, seed: false)
    XCTAssertEqual(fixedOdd.offsets, tenThousands + [200_003])
    let twoThousands = (1...20).map { $0 * 2_000 }
    let seedEven = try await reports(size: 40_000, seed: true)
    XCTAssertEqual(seedEven.offsets, twoThousands + [40_000])
    let fixedEven = try await reports(size: 40_000, seed: false)
    XCTAssertEqual(fixedEven.offsets, twoThousands)
    let fixedEmpty = try await reports(size: 0, seed: false)
    XCTAssertEqual(fixedEmpty.offsets, [], "an empty body has no batch to report")
  }

  func test_batchLoop_stopsWhenAfterBatchSaysSo() async throws {
    let body = Data(repeating: 7, count: 100)
    var accumulator = ByteAccumulator(name: "f", size: 100)
    var batches = 0
    try await batchLoop(AsyncHTTPBytes(inMemory: body), into: &accumulator) { _ in
      batches += 1
      return batches < 3
    }
    XCTAssertEqual(batches, 3)
    XCTAssertEqual(accumulator.offset, 15)
  }

  // MARK: - 6.4 The download model

  /// Runs `body` with a model whose server serves the fixture files.
  @MainActor
  private func withModel(_ body: (DownloadModel) async throws -> Void) async throws {
    try await FixtureServer.serving { server in
      try await body(DownloadModel(server: server.url("/")))
    }
  }

  @MainActor
  func test_downloadWithProgress_updatesInOrder_reaching1BeforeItReturns() async throws {
    try await withModel { model in
      var seen: [Double] = []
      model.onUpdate = { seen.append($0.progress) }
      let data = try await model.downloadWithProgress(
        fileName: LessonPart.file,
        name: "part",
        size: LessonPart.size,
        offset: LessonPart.offset
      )
      XCTAssertEqual(data, try LessonPart.bytes())
      XCTAssertEqual(seen.count, 21)
      XCTAssertEqual(seen, seen.sorted(), "in order")
      XCTAssertEqual(seen.last, 1)
      XCTAssertEqual(model.downloads, [DownloadModel.DownloadInfo(name: "part", progress: 1)])
    }
  }

  /// The seed's detached updates are not awaited, so the download can return before they land.
  ///
  /// The first update to land holds the main actor until the download has returned, so every
  /// other update must land after that return.
  @MainActor
  func test_detachedUpdates_landAfterTheDownloadReturns_whenTheMainActorIsBusy() async throws {
    try await withModel { model in
      let returned = DispatchSemaphore(value: 0)
      let landedAfterReturn = Locked(0)
      let hasReturned = Locked(false)
      let (updates, landed) = AsyncStream.makeStream(of: Double.self)
      var first = true
      model.onUpdate = { info in
        if first {
          first = false
          // A safety net only: a download that awaits its updates never signals.
          let result = returned.wait(timeout: .now() + 60)
          XCTAssertEqual(result, .success, "the download waited for its updates")
        }
        if hasReturned.withLock({ $0 }) { landedAfterReturn.withLock { $0 += 1 } }
        landed.yield(info.progress)
      }
      let download = Task.detached {
        let data = try await model.downloadWithDetachedUpdates(
          fileName: LessonPart.file,
          name: "detached",
          size: LessonPart.size,
          offset: LessonPart.offset
        )
        hasReturned.withLock { $0 = true }
        returned.signal()
        return data
      }
      let data = try await download.value
      XCTAssertEqual(data, try LessonPart.bytes())
      var progress: [Double] = []
      for await fraction in updates {
        progress.append(fraction)
        if progress.count == 21 { break }
      }
      XCTAssertEqual(Set(progress).count, 21, "every update lands, in some order")
      XCTAssertTrue(progress.contains(1))
      XCTAssertGreaterThanOrEqual(landedAfterReturn.withLock { $0 }, 20, "after the return")
    }
  }

  @MainActor
  func test_downloadModel_isObservable_aChangeToDownloadsIsReported() {
    let model = DownloadModel(server: URL(fileURLWithPath: "/"))
    let changed = Locked(false)
    withObservationTracking {
      _ = model.downloads
    } onChange: {
      changed.withLock { $0 = true }
    }
    model.addDownload(name: "small.bin")
    XCTAssertTrue(changed.withLock { $0 }, "a view reading downloads is told of the new row")
  }

  @MainActor
  func test_stopDownloads_returnsThePartialData_cancellingThrows_andReturnsNone() async throws {
    try await withModel { model in
      let part = try LessonPart.bytes()
      model.onUpdate = { if $0.progress >= 0.5 { model.stopDownloads = true } }
      let stopped = try await model.downloadWithProgress(
        fileName: LessonPart.file,
        name: "stopped",
        size: LessonPart.size,
        offset: LessonPart.offset
      )
      XCTAssertEqual(stopped, part.prefix(110_000), "stopped after the batch that passed 50%")

      model.stopDownloads = false
      let task = Task {
        try await model.downloadWithProgress(
          fileName: LessonPart.file,
          name: "cancelled",
          size: LessonPart.size,
          offset: LessonPart.offset
        )
      }
      model.onUpdate = { if $0.progress >= 0.5 { task.cancel() } }
      let outcome = await task.result
      XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
      XCTAssertEqual(model.downloads.last?.progress, 110_000 / Double(LessonPart.size))
    }
  }

  // MARK: - 6.5 Where the byte loop runs

  @MainActor
  func test_aCancelledMainActorDownload_throws_andReturnsNoData() async throws {
    try await withModel { model in
      let task = Task {
        try await model.downloadOnTheMainActor(
          fileName: LessonPart.file,
          name: "cancelled",
          size: LessonPart.size,
          offset: LessonPart.offset
        )
      }
      // Its loop never checks for cancellation: only the check after it can say "cancelled".
      model.onUpdate = { if $0.progress >= 0.5 { task.cancel() } }
      let outcome = await task.result
      XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }
  }

  @MainActor
  func test_aNonsendingFunction_runsOnItsCallersActor() async {
    let off = await calledOffTheMainActor()
    let on = await calledOnTheMainActor()
    XCTAssertEqual(off, "off any actor")
    XCTAssertEqual(on, "on the main actor")
  }

  @MainActor
  func test_downloadOnTheMainActor_givesTheSameBytesAndUpdates() async throws {
    try await withModel { model in
      var updates = 0
      model.onUpdate = { _ in updates += 1 }
      let data = try await model.downloadOnTheMainActor(
        fileName: LessonPart.file,
        name: "on",
        size: LessonPart.size,
        offset: LessonPart.offset
      )
      XCTAssertEqual(data, try LessonPart.bytes())
      XCTAssertEqual(updates, 21)
    }
  }

  // MARK: - 6.6 Several downloads at once

  @MainActor
  func test_downloadAll_inAPipe_printsOneFinalLinePerJob_inRowOrder() async throws {
    let recorder = ConsoleRecorder()
    // The first job is the longest, so it ends last; its line still comes first.
    let jobs = [
      DownloadJob(file: "medium.bin", name: "medium.bin", size: 300_000, offset: 0),
      DownloadJob(file: "small.bin", name: "small.bin", size: 1_000, offset: 0),
    ]
    try await withModel { model in
      let results = try await downloadAll(
        jobs,
        model: model,
        board: ProgressBoard(console: recorder.console(isTerminal: false))
      )
      XCTAssertEqual(results["small.bin"], small.contents.prefix(1_000))
      XCTAssertEqual(results["medium.bin"]?.count, 300_000)
    }
    XCTAssertEqual(
      recorder.lines,
      [
        "medium.bin    [####################] 100%  300 KB",
        "small.bin     [####################] 100%  1 KB",
      ]
    )
  }
}
