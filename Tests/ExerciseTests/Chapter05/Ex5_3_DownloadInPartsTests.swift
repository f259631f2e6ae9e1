@testable import GradedScenarios
import DownloadStreams
import ExerciseSupport
import Foundation
import HTTPFixtures
import LessonSupport
import TestTooling
import VirtualTime
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter05Exercises
#endif

// MARK: - Exercise 5.3: a file in ranged parts

final class Ex5_3_DownloadInPartsTests: GradedTestCase {
  /// A file of `size` bytes whose every byte differs from its neighbours (0, 1, 2, ...).
  private func file(_ size: Int) -> Data {
    Data((0..<size).map { UInt8($0 % 251) })
  }

  /// How a fake part answers.
  private enum Answer: Sendable {
    case bytes
    case fails
    case short
    case long
  }

  /// Downloads `file` in `parts` on a timeline, through fakes.
  ///
  /// The part at `index` of `expected` takes `seconds[index]` and answers as `answers[index]`
  /// says (its bytes by default); a range not in `expected` (another split, which the statement
  /// leaves free) takes 1 s, so `seconds` and `answers` may differ between parts only where the
  /// split is the only one (40 bytes in 4 parts); with `slices`, each piece is a slice of `file`. Returns the outcome ("the file", "wrong bytes", "threw ... at
  /// T") and the log, whose job names are the ranges asked for ("0-9").
  private func download(
    _ file: Data,
    parts: Int,
    expected: [ClosedRange<Int>],
    seconds: [Int],
    answers: [Int: Answer] = [:],
    slices: Bool = false
  ) async throws -> (outcome: String, log: JobLog) {
    let log = JobLog()
    let (value, stuckAt) = try await onTimeline { timeline in
      do {
        let data = try await downloadInParts(size: file.count, parts: parts) { range in
          let index = expected.firstIndex(of: range)
          try await log.run(
            "\(range.lowerBound)-\(range.upperBound)",
            seconds: index.map { seconds[$0] } ?? 1,
            fails: index.map { answers[$0] == .fails } ?? false,
            on: timeline
          )
          guard range.lowerBound >= 0, range.upperBound < file.count, range.count > 0 else {
            return Data()  // a range outside the file: the ranges check below says so
          }
          // A Data of its own, indexed from 0, as a real download's is; or, with `slices`, a
          // slice of the file, a Data as valid, whose indices start at the range's start.
          let bytes = slices ? file[range] : Data(file[range])
          switch index.flatMap({ answers[$0] }) {
          case .short: return bytes.dropLast()
          case .long: return bytes + [0]
          default: return bytes
          }
        }
        return data == file ? "the file at \(timeline.time)" : "wrong bytes: \(Array(data))"
      } catch let error as NotImplemented {
        throw error
      } catch {
        return "threw \(error) at \(timeline.time)"
      }
    }
    return (value ?? "never returned (stuck at \(stuckAt ?? "?"))", log)
  }

  /// Fails, and returns false, unless the ranges asked for are `expected` (or another split in
  /// order, with lengths one byte apart at most) and all were asked for at once.
  private func askedForTheRanges(
    _ log: JobLog,
    size: Int,
    parts: Int,
    expected: [ClosedRange<Int>]
  ) -> Bool {
    let log = log.snapshot
    let asked = log.starts.keys.compactMap { name -> ClosedRange<Int>? in
      let bounds = name.split(separator: "-").compactMap { Int($0) }
      guard bounds.count == 2, bounds[0] <= bounds[1] else { return nil }
      return bounds[0]...bounds[1]
    }.sorted { $0.lowerBound < $1.lowerBound }
    let lengths = asked.map(\.count)
    let contiguous = zip(asked, asked.dropFirst()).allSatisfy { $0.upperBound + 1 == $1.lowerBound }
    let names = log.starts.keys.sorted().joined(separator: ", ")
    let words = asked.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    let expectedWords = expected.map { "\($0.lowerBound)-\($0.upperBound)" }
      .joined(separator: ", ")
    if !log.offTimeline.isEmpty {
      XCTFail(
        "parts were fetched outside the test's timeline: expected every fetch on it, as a "
          + "child of a task group is"
      )
    } else if asked.count != parts || asked.first?.lowerBound != 0
      || asked.last?.upperBound != size - 1 || !contiguous
    {
      XCTFail(
        "\(size) bytes in \(parts) parts must be \(parts) ranges from 0 to \(size - 1), each "
          + "starting right after the one before, their lengths at most one byte apart (such as "
          + expectedWords + "); the ranges asked for were: \(names.isEmpty ? "none" : names)"
      )
    } else if (lengths.max() ?? 0) - (lengths.min() ?? 0) > 1 {
      XCTFail(
        "\(size) bytes in \(parts) parts were asked for as \(words): their lengths "
          + "must be at most one byte apart, with the \(size % parts) bytes left over one each "
          + "to the first parts (such as \(expectedWords))"
      )
    } else if !log.starts.values.allSatisfy({ $0 == "0 s" }) {
      XCTFail(
        "the \(parts) parts did not all start at once, as one after another or a few at a time "
          + "would not (they started at: \(log.startsText(log.starts.keys.sorted()))): expected "
          + "every part to start at 0 s"
      )
    } else {
      return true
    }
    return false
  }

  private let forty = [0...9, 10...19, 20...29, 30...39]

  func test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled() async throws {
    let (outcome, log) = try await download(
      file(40),
      parts: 4,
      expected: forty,
      seconds: [4, 3, 2, 1],
      answers: [3: .fails]
    )
    guard askedForTheRanges(log, size: 40, parts: 4, expected: forty) else { return }
    XCTAssertTrue(
      outcome.hasPrefix("threw JobFailed(30-39)"),
      "the part 30-39 failed: its error must be thrown, since the file cannot be whole without "
        + "that part (downloadInParts: \(outcome))"
    )
    XCTAssertEqual(
      log.ends,
      [
        "30-39": "threw at 1 s", "0-9": "cancelled at 1 s", "10-19": "cancelled at 1 s",
        "20-29": "cancelled at 1 s",
      ],
      "the part 30-39 failed at 1 s, and other fetches went on: "
        + "no other fetch may be left running after it; expected them cancelled at 1 s"
    )
    XCTAssertEqual(outcome, "threw JobFailed(30-39) at 1 s", "the error must be thrown at once")
  }

  func test_aPartOfTheWrongLength_isAWrongPartLength() async throws {
    // The second part short and long, the last part short, the first long.
    for (index, answer, received) in [
      (1, Answer.short, 9), (1, .long, 11), (3, .short, 9), (0, .long, 11),
    ] {
      let (outcome, log) = try await download(
        file(40),
        parts: 4,
        expected: forty,
        seconds: forty.indices.map { $0 == index ? 1 : 4 },
        answers: [index: answer]
      )
      guard askedForTheRanges(log, size: 40, parts: 4, expected: forty) else { return }
      let range = forty[index]
      let other = forty[index == 0 ? 1 : 0]
      XCTAssertEqual(
        outcome,
        "threw \(WrongPartLength(range: range, received: received)) at 1 s",
        "the part \(range.lowerBound)-\(range.upperBound) came with \(received) bytes, and "
          + "joined it would shift every byte after it: expected WrongPartLength(range:received:) "
          + "thrown at 1 s, when a piece's count is not its range's"
      )
      XCTAssertEqual(
        log.ends["\(other.lowerBound)-\(other.upperBound)"],
        "cancelled at 1 s",
        "the part \(range.lowerBound)-\(range.upperBound) was the wrong length at 1 s: expected "
          + "no other fetch left running after it"
      )
    }
  }

  func test_fourPartsAtOnce_joinedInRangeOrder_whicheverArrivesFirst() async throws {
    let (outcome, log) = try await download(
      file(40),
      parts: 4,
      expected: forty,
      seconds: [4, 3, 2, 1]  // the last part arrives first
    )
    guard askedForTheRanges(log, size: 40, parts: 4, expected: forty) else { return }
    XCTAssertEqual(
      outcome,
      "the file at 4 s",
      "the parts arrived last first: each piece must go in the place of its range, whatever "
        + "order they arrive in"
    )
  }

  func test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide() async throws {
    // 10 in 3 leaves one byte over; 11 in 4 leaves three, which must not all go to one part.
    for (size, parts, expected) in [
      (10, 3, [0...3, 4...6, 7...9]), (11, 4, [0...2, 3...5, 6...8, 9...10]),
      (23, 7, [0...3, 4...7, 8...10, 11...13, 14...16, 17...19, 20...22]),
    ] {
      let (outcome, log) = try await download(
        file(size),
        parts: parts,
        expected: expected,
        seconds: Array(repeating: 1, count: parts)
      )
      guard askedForTheRanges(log, size: size, parts: parts, expected: expected) else { return }
      XCTAssertEqual(outcome, "the file at 1 s")
    }
  }

  func test_slicesOfALargerData_areJoinedAsAnyPiece() async throws {
    // Each piece is file[range]: a Data whose first index is the range's start, not 0.
    for (size, parts, expected, seconds) in [
      (40, 4, forty, [4, 3, 2, 1]),
      // 23 in 7 has other splits than this one, which the statement leaves free: a part's time
      // is found by its range in `expected` (1 s if not there), so every part takes 1 s.
      (23, 7, [0...3, 4...7, 8...10, 11...13, 14...16, 17...19, 20...22], [1, 1, 1, 1, 1, 1, 1]),
    ] {
      let (outcome, log) = try await download(
        file(size),
        parts: parts,
        expected: expected,
        seconds: seconds,
        slices: true
      )
      guard askedForTheRanges(log, size: size, parts: parts, expected: expected) else { return }
      XCTAssertEqual(
        outcome,
        "the file at \(seconds.max() ?? 0) s",
        "\(size) bytes in \(parts) parts, each piece a slice of a larger Data (its indices "
          + "start at its range's start, not at 0): expected the file"
      )
    }
  }

  func test_theFixtureServersFile_inFourRangedRequests() async throws {
    let file = try XCTUnwrap(FixtureFile.named("small.bin"))
    try await FixtureServer.serving { server in
      let url = server.url("/files/small.bin")
      let data = try await downloadInParts(size: file.size, parts: 4) { range in
        var request = URLRequest(url: url)
        request.setValue(
          "bytes=\(range.lowerBound)-\(range.upperBound)",
          forHTTPHeaderField: "Range"
        )
        // HTTPDownload, not data(for:), whose cancel can deadlock on Linux (docs, section 5.6).
        let download = try await HTTPDownload.start(request)
        XCTAssertEqual(download.response.statusCode, 206)
        var data = Data()
        for try await chunk in download.chunks { data.append(chunk) }
        return data
      }
      XCTAssertEqual(data.count, file.size)
      XCTAssertTrue(data == file.contents, "the joined parts are not the server's file")
    }
  }

  func test_twelveOrThirtyTwoParts_allAtOnce_andOnePartIsChecked() async throws {
    // More parts than a polite few, or a few dozen: every one of them starts at 0 s.
    for (size, parts) in [(30, 12), (75, 32)] {
      var expected: [ClosedRange<Int>] = []
      for part in 0..<parts {
        let start = expected.last.map { $0.upperBound + 1 } ?? 0
        expected.append(start...(start + size / parts + (part < size % parts ? 1 : 0) - 1))
      }
      let (outcome, log) = try await download(
        file(size),
        parts: parts,
        expected: expected,
        seconds: Array(repeating: 1, count: parts)
      )
      guard askedForTheRanges(log, size: size, parts: parts, expected: expected) else { return }
      XCTAssertEqual(
        outcome,
        "the file at 1 s",
        "\(size) bytes in \(parts) parts of 1 s each, all at once"
      )
    }
    // One part is the whole file, and its length is checked as any part's is.
    for (size, answer) in [(7, Answer.bytes), (10, .long), (9, .short)] {
      let whole = [0...(size - 1)]
      let (outcome, log) = try await download(
        file(size),
        parts: 1,
        expected: whole,
        seconds: [1],
        answers: [0: answer]
      )
      guard askedForTheRanges(log, size: size, parts: 1, expected: whole) else { return }
      let received = answer == .long ? size + 1 : answer == .short ? size - 1 : size
      XCTAssertEqual(
        outcome,
        answer == .bytes
          ? "the file at 1 s"
          : "threw \(WrongPartLength(range: 0...(size - 1), received: received)) at 1 s",
        "\(size) bytes in 1 part, which came with \(received) bytes: expected the file when "
          + "the count is the range's, and WrongPartLength(range:received:) thrown at 1 s when "
          + "it is not, as for a part of many"
      )
    }
  }

  /// Run under --sanitize=thread too (the grader does, once the plain run passes).
  func test_manyPartsOnRealThreads_joinedInRangeOrder() async throws {
    // Off the timeline: each job on a thread of its own, so that the children run at once.
    let file = file(1_003)
    let asked = Locked<[ClosedRange<Int>]>([])
    let data = try await withTaskExecutorPreference(ThreadPerJob()) {
      try await downloadInParts(size: file.count, parts: 40) { range in
        asked.withLock { $0.append(range) }
        await Task.yield()
        guard range.lowerBound >= 0, range.upperBound < file.count else { return Data() }
        return Data(file[range])
      }
    }
    // The pieces in range order, whatever the ranges: the ranges have tests of their own.
    let joined = asked.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
      .reduce(into: Data()) { data, range in
        if range.lowerBound >= 0, range.upperBound < file.count { data.append(file[range]) }
      }
    XCTAssertTrue(
      data == joined,
      "1,003 bytes in 40 parts, each on a thread of its own: expected every piece in the place "
        + "of its range (got \(data.count) bytes)"
    )
  }

  /// The grade: 604 generated downloads (1 to 40 parts, and a few of 65 to 100; up to 5,000
  /// bytes; parts in any order; slices; one part that fails, a CancellationError or POSIXError too,
  /// or comes empty, short or long; a cancel of the caller, answered with a CancellationError, the
  /// fetch's own error or not at all), each compared with what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      partsScenarios(count: 400, seed: 53),
      model: partsModel,
      answer: partsAnswer,
      explain: partsDifference
    )
  }

  /// Generated downloads, two at a time on one timeline, each of a file and with parts of its
  /// own.
  ///
  /// Nothing in the statement is shared between calls: each must fetch and return as it does
  /// when it runs alone.
  func test_yourAnswer_keepsTheStatement_withTwoDownloadsAtOnce() async throws {
    try await assertEveryPairTogether(
      partsScenarios(count: 400, seed: 53),
      pairs: 30,
      of: { $0.parts.count >= 2 },
      model: partsModel,
      answer: partsAnswer,
      together: { first, second in
        let both = try await partsAnswers(together: [first, second])
        return (both[0], both[1])
      },
      explain: partsDifference,
      saying: "two calls of downloadInParts at the same time"
    )
  }
}
