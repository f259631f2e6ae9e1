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

// MARK: - Exercise 5c: a file in ranged parts, written in order

/// What a caller on the main actor writes to: state of that actor, which only its code may touch.
@MainActor
private final class PiecesOnTheMainActor {
  var data = Data()
}

final class Ex5c_DownloadInPartsTests: GradedTestCase {
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
  /// split is the only one (40 bytes in 4 parts); with `slices`, each piece is a slice of `file`.
  /// Each write takes `writing` seconds; the write of part `failingWrite` then throws.
  ///
  /// Returns the outcome ("the file at T" when the writes, joined, are the file; "wrong bytes";
  /// "threw ... at T"), the log, whose job names are the ranges asked for ("0-9"), and the writes
  /// ("0-9 at 4 s": the range whose bytes each write was given, and when).
  private func download(
    _ file: Data,
    parts: Int,
    expected: [ClosedRange<Int>],
    seconds: [Int],
    answers: [Int: Answer] = [:],
    slices: Bool = false,
    writing: Int = 0,
    failingWrite: Int? = nil,
    cancelAt: Int? = nil  // in milliseconds
  ) async throws -> (outcome: String, log: JobLog, writes: [String]) {
    let log = JobLog()
    let (value, stuckAt) = try await onTimeline { timeline in
      let call = Task(executorPreference: timeline) {
        try await Self.downloadOnce(
          file,
          parts: parts,
          expected: expected,
          seconds: seconds,
          answers: answers,
          slices: slices,
          writing: writing,
          failingWrite: failingWrite,
          log: log,
          on: timeline
        )
      }
      if let cancelAt {
        try await timeline.sleep(for: .milliseconds(cancelAt))
        call.cancel()
      }
      return try await call.value
    }
    return (
      value?.outcome ?? "never returned (stuck at \(stuckAt ?? "?"))", log, value?.writes ?? []
    )
  }

  /// One call of `download`'s, in the calling task.
  private static func downloadOnce(
    _ file: Data,
    parts: Int,
    expected: [ClosedRange<Int>],
    seconds: [Int],
    answers: [Int: Answer],
    slices: Bool,
    writing: Int,
    failingWrite: Int?,
    log: JobLog,
    on timeline: VirtualTimeline
  ) async throws -> (outcome: String, writes: [String]) {
    let written = WrittenPieces()
    func writes() -> [String] {
      written.writes.map { write in
        let range = expected.first { file[$0] == write.piece }
        return
          "\(range.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "bytes of no part") at \(write.at)"
      }
    }
    do {
      try await downloadInParts(size: file.count, parts: parts) { range in
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
      } write: { piece in
        try await written.write(piece, on: timeline, taking: writing * 1000, failing: failingWrite)
      }
      let data = written.writes.reduce(into: Data()) { $0.append($1.piece) }
      return (
        data == file ? "the file at \(timeline.time)" : "wrong bytes: \(Array(data))", writes()
      )
    } catch let error as NotImplemented {
      throw error
    } catch {
      return ("threw \(error) at \(timeline.time)", writes())
    }
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
    let (outcome, log, _) = try await download(
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
      let (outcome, log, _) = try await download(
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
          + "written it would shift every byte after it: expected WrongPartLength(range:received:) "
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

  func test_fourPartsAtOnce_writtenInRangeOrder_eachAsSoonAsItCan() async throws {
    // The last part first: every write waits for the first part. The first part first: each is
    // written as it comes. In pairs: 10-19 came before 0-9, and is written right after it.
    for (order, seconds, writes) in [
      (
        "the last part first", [4, 3, 2, 1],
        ["0-9 at 4 s", "10-19 at 4 s", "20-29 at 4 s", "30-39 at 4 s"]
      ),
      (
        "the first part first", [1, 2, 3, 4],
        ["0-9 at 1 s", "10-19 at 2 s", "20-29 at 3 s", "30-39 at 4 s"]
      ),
      (
        "in pairs, the second of each first", [2, 1, 4, 3],
        ["0-9 at 2 s", "10-19 at 2 s", "20-29 at 4 s", "30-39 at 4 s"]
      ),
    ] {
      let (outcome, log, written) = try await download(
        file(40),
        parts: 4,
        expected: forty,
        seconds: seconds
      )
      guard askedForTheRanges(log, size: 40, parts: 4, expected: forty) else { return }
      XCTAssertEqual(
        written,
        writes,
        "\(order): the parts 0-9, 10-19, 20-29 and 30-39 came at \(seconds) s: expected each "
          + "written in range order, as soon as it and every part before it have come"
      )
      XCTAssertEqual(outcome, "the file at 4 s")
    }
    // Writes that take 2 s each: one at a time, each as soon as the one before has returned.
    let (outcome, _, written) = try await download(
      file(40),
      parts: 4,
      expected: forty,
      seconds: [1, 1, 1, 1],
      writing: 2
    )
    XCTAssertEqual(
      written,
      ["0-9 at 1 s", "10-19 at 3 s", "20-29 at 5 s", "30-39 at 7 s"],
      "every part came at 1 s, and each write takes 2 s: expected one write at a time, each as "
        + "soon as the write before it has returned"
    )
    XCTAssertEqual(outcome, "the file at 9 s")
  }

  func test_aWriteThatThrows_endsTheCall_andNoWriteComesAfter() async throws {
    // Each write takes 1 s; the write of 10-19, from 2 s, throws at 3 s, while 20-29 and 30-39
    // are still on their way.
    let (outcome, log, written) = try await download(
      file(40),
      parts: 4,
      expected: forty,
      seconds: [1, 2, 5, 6],
      writing: 1,
      failingWrite: 1
    )
    guard askedForTheRanges(log, size: 40, parts: 4, expected: forty) else { return }
    XCTAssertEqual(
      written,
      ["0-9 at 1 s", "10-19 at 2 s"],
      "0-9 came at 1 s and 10-19 at 2 s, each write takes 1 s, and the write of 10-19 throws: "
        + "expected each written as it came, and no write after the failed one"
    )
    XCTAssertEqual(
      outcome,
      "threw JobFailed(write 1) at 3 s",
      "the write of 10-19 threw at 3 s: expected its error thrown at once"
    )
    XCTAssertEqual(
      [log.ends["20-29"], log.ends["30-39"]],
      ["cancelled at 3 s", "cancelled at 3 s"],
      "the write of 10-19 threw at 3 s: expected no fetch left running after it"
    )
  }

  func test_theCallersCancel_stopsTheWrites_andTheFetches() async throws {
    // Cancelled at 2.5 s, between the parts: the fetches still running are cancelled then.
    let (outcome, log, written) = try await download(
      file(40),
      parts: 4,
      expected: forty,
      seconds: [1, 2, 3, 4],
      cancelAt: 2_500
    )
    guard askedForTheRanges(log, size: 40, parts: 4, expected: forty) else { return }
    XCTAssertEqual(
      written,
      ["0-9 at 1 s", "10-19 at 2 s"],
      "the parts came at 1, 2, 3 and 4 s, and the caller was cancelled at 2.5 s: expected 0-9 "
        + "and 10-19 written as they came, and no write after the cancel"
    )
    XCTAssertEqual(
      outcome,
      "threw CancellationError() at 2.5 s",
      "the caller was cancelled at 2.5 s, and the fetches still running answered it: expected "
        + "their CancellationError thrown"
    )
    // Every part in by 3 s, each write 1 s; cancelled at 4.5 s, during the write of 10-19: no
    // write may start after it, though the pieces are there.
    let (late, _, lateWrites) = try await download(
      file(40),
      parts: 4,
      expected: forty,
      seconds: [3, 1, 1, 1],
      writing: 1,
      cancelAt: 4_500
    )
    XCTAssertEqual(
      lateWrites,
      ["0-9 at 3 s", "10-19 at 4 s"],
      "every part had come by 3 s; the caller was cancelled at 4.5 s, while 10-19 was written: "
        + "expected no write after the cancel"
    )
    XCTAssertEqual(
      late,
      "threw CancellationError() at 5 s",
      "cancelled at 4.5 s during a write that ends at 5 s: expected CancellationError thrown "
        + "once that write has returned"
    )
  }

  func test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide() async throws {
    // 10 in 3 leaves one byte over; 11 in 4 leaves three, which must not all go to one part.
    for (size, parts, expected) in [
      (10, 3, [0...3, 4...6, 7...9]), (11, 4, [0...2, 3...5, 6...8, 9...10]),
      (23, 7, [0...3, 4...7, 8...10, 11...13, 14...16, 17...19, 20...22]),
    ] {
      let (outcome, log, _) = try await download(
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
      let (outcome, log, _) = try await download(
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
      var data = Data()
      try await downloadInParts(size: file.size, parts: 4) { range in
        var request = URLRequest(url: url)
        request.setValue(
          "bytes=\(range.lowerBound)-\(range.upperBound)",
          forHTTPHeaderField: "Range"
        )
        // HTTPDownload, not data(for:), whose cancel can deadlock on Linux (docs, section 5.6).
        let download = try await HTTPDownload.start(request)
        XCTAssertEqual(download.response.statusCode, 206)
        var piece = Data()
        for try await chunk in download.chunks { piece.append(chunk) }
        return piece
      } write: { piece in
        data.append(piece)
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
      let (outcome, log, _) = try await download(
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
      let (outcome, log, _) = try await download(
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

  /// Called from the main actor, the loop and every write run there, so `write` may use what the
  /// actor holds: the stub's `isolation` parameter says so, and the compiler holds the answer to it.
  @MainActor
  func test_calledOnTheMainActor_writesOnIt() async throws {
    let file = file(40)
    let written = PiecesOnTheMainActor()
    try await downloadInParts(size: file.count, parts: 4) { range in
      guard range.lowerBound >= 0, range.upperBound < file.count else { return Data() }
      return Data(file[range])
    } write: { piece in
      MainActor.assertIsolated("a write ran off the main actor its caller is on")
      written.data.append(piece)
    }
    XCTAssertTrue(written.data == file, "40 bytes in 4 parts, written on the main actor")
  }

  /// Run under --sanitize=thread too (the grader does, once the plain run passes).
  func test_manyPartsOnRealThreads_joinedInRangeOrder() async throws {
    // Off the timeline: each job on a thread of its own, so that the children run at once.
    let file = file(1_003)
    let asked = Locked<[ClosedRange<Int>]>([])
    let data = try await withTaskExecutorPreference(ThreadPerJob()) {
      var data = Data()
      try await downloadInParts(size: file.count, parts: 40) { range in
        asked.withLock { $0.append(range) }
        await Task.yield()
        guard range.lowerBound >= 0, range.upperBound < file.count else { return Data() }
        return Data(file[range])
      } write: { piece in
        data.append(piece)
      }
      return data
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

  /// The grade: 629 generated downloads (1 to 40 parts, and a few of 65 to 300; up to 5,000
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
