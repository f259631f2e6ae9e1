@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter06Exercises
#endif

// MARK: - Exercise 6b: the batch loop

final class Ex6b_CollectInBatchesTests: GradedTestCase {
  /// A body of `count` bytes (counting up, wrapping at 251), each there at once.
  private func body(_ count: Int) -> (bytes: Data, stream: BytesThatEndOnCancel) {
    (Data((0..<count).map { UInt8(($0 + 1) % 251) }), BytesThatEndOnCancel(count: count))
  }

  /// What `collectInBatches` reported (each fraction as received bytes), and what it returned.
  private func collect(
    _ size: Int,
    bytes: Int? = nil,
    stopAfter reports: Int = .max,
    cancelAfter cancelReports: Int = .max,
    reported: Locked<[Int]> = Locked([])
  ) async throws -> (reported: [Int], data: Data) {
    let (_, stream) = body(bytes ?? size)
    let data = try await collectInBatches(stream, size: size) { fraction in
      let count = reported.withLock {
        $0.append(fraction.isFinite ? Int((fraction * Double(size)).rounded()) : -1)  // -1: NaN
        return $0.count
      }
      if count == cancelReports { withUnsafeCurrentTask { $0?.cancel() } }
      return count < reports
    }
    return (reported.withLock { $0 }, data)
  }

  func test_everyBatchOnce_thenTheBytesLeftOver_once() async throws {
    // 200,003 bytes: 20 batches of 10,000, and 3 left over.
    let (reported, data) = try await collect(200_003)
    let wanted = (1...20).map { $0 * 10_000 } + [200_003]
    guard Array(reported.prefix(20)) == Array(wanted.prefix(20)) else {
      let shown = reported.prefix(3).map(String.init).joined(separator: ", ")
      return XCTFail(
        "200,003 bytes are batches of max(size / 20, 1) = 10,000: a report at 10,000 bytes, "
          + "20,000, ... 200,000, each the bytes so far over the size (the reports were, in "
          + "bytes: \(shown), ...)"
      )
    }
    XCTAssertEqual(
      reported.suffix(2),
      wanted.suffix(2),
      "after the 20th batch (200,000 bytes) the last 3 bytes are reported once, as 1.0; the "
        + "reports were, in bytes: \(reported.suffix(4).map(String.init).joined(separator: ", "))"
    )
    XCTAssertEqual(
      reported,
      wanted,
      "one report per batch of max(size / 20, 1) = 10,000 bytes, at the batch's end"
    )
    XCTAssertEqual(data, body(200_003).bytes, "every byte, in order")
  }

  func test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce() async throws {
    let (reported, data) = try await collect(40_000)
    let shown = reported.prefix(3).map(String.init).joined(separator: ", ")
    if reported.count > 1, reported.dropLast().allSatisfy({ $0 == 0 }) {
      return XCTFail(
        "every fraction before the last was 0; expected a fraction that grows with each batch "
          + "(reports, in bytes: "
          + "\(shown), ...)"
      )
    }
    if let first = reported.first, first != 2_000 {
      return XCTFail(
        "a batch of 40,000 bytes is 2,000 bytes: report the moment the first batch of 2,000 "
          + "bytes is in (the first report came at \(first) bytes)"
      )
    }
    XCTAssertEqual(
      reported,
      (1...20).map { $0 * 2_000 },
      "40,000 bytes are 20 batches of 2,000: 20 reports, the last at 1.0, and "
        + "no report for a batch with no bytes"
    )
    XCTAssertEqual(data.count, 40_000)
  }

  func test_theLastBytesOfABodyShorterThanItsSize_areReportedOnce() async throws {
    let (reported, data) = try await collect(40_000, bytes: 39_000)
    XCTAssertEqual(
      reported,
      (1...19).map { $0 * 2_000 } + [39_000],
      "the body ended 1,000 bytes short of the size: its last 1,000 bytes are reported once, "
        + "whatever the size said"
    )
    XCTAssertEqual(data.count, 39_000)
  }

  func test_aTinyBody_isABatchPerByte() async throws {
    let (reported, _) = try await collect(7)
    XCTAssertEqual(
      reported,
      [1, 2, 3, 4, 5, 6, 7],
      "7 bytes: batches of max(7 / 20, 1) = 1 byte, never of 0"
    )
  }

  func test_anEmptyBody_reportsNothing() async throws {
    let (reported, data) = try await collect(0)
    XCTAssertEqual(reported, [], "no bytes, no batch to report")
    XCTAssertEqual(data, Data())
  }

  func test_whenReportReturnsFalse_itStops_andReturnsTheBytesSoFar() async throws {
    let (reported, data) = try await collect(200_003, stopAfter: 3)
    XCTAssertEqual(reported, [10_000, 20_000, 30_000], "no report after the one that said stop")
    XCTAssertEqual(data, body(200_003).bytes.prefix(30_000), "the bytes so far: 3 batches")
  }

  /// Collects 200,003 bytes (batches of 10,000) that cancel the task at byte `cancelAt` and then
  /// end or go on; returns the reports in bytes, and what came out: "CancellationError" or
  /// "returned N bytes".
  private func collectCancelled(
    at cancelAt: Int,
    endsOnCancel: Bool
  ) async throws -> (reported: [Int], outcome: String) {
    let reported = Locked<[Int]>([])
    let outcome = try await self.outcome {
      try await collectInBatches(
        BytesThatEndOnCancel(count: 200_003, cancelAt: cancelAt, endsOnCancel: endsOnCancel),
        size: 200_003
      ) { fraction in
        reported.withLock { $0.append(Int((fraction * 200_003).rounded())) }
        return true
      }
    }
    return (reported.withLock { $0 }, outcome)
  }

  /// The error a body throws part-way, as a lost connection would.
  private struct BodyFailed: Error, Equatable {
    let atByte: Int
  }

  func test_whenTheBodyFailsPartWay_itsErrorComesOutAsItIs() async throws {
    // 25,000 bytes of 200,003 (mid-batch), and 20,000 of 40,000 (just after a batch of 2,000).
    for (size, failAt) in [(200_003, 25_000), (40_000, 20_000)] {
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: UInt8.self)
      for index in 0..<failAt { continuation.yield(UInt8(index % 251)) }
      continuation.finish(throwing: BodyFailed(atByte: failAt))
      let reported = Locked<[Int]>([])
      let outcome: String
      do {
        let data = try await collectInBatches(stream, size: size) { fraction in
          reported.withLock { $0.append(Int((fraction * Double(size)).rounded())) }
          return true
        }
        outcome = "returned \(data.count) bytes"
      } catch let error as BodyFailed {
        outcome = error == BodyFailed(atByte: failAt) ? "threw the body's error" : "threw \(error)"
      } catch {
        try rethrowIfNotImplemented(error)
        outcome = "threw \(type(of: error))"
      }
      XCTAssertEqual(
        outcome,
        "threw the body's error",
        "a body of size \(size) threw an error after \(failAt) bytes: collectInBatches "
          + "\(outcome); expected the body's error, as it is"
      )
      let batch = max(size / 20, 1)
      XCTAssertEqual(
        reported.withLock { $0 },
        (1...(failAt / batch)).map { $0 * batch },
        "a body of size \(size) failed after \(failAt) bytes: expected a report per full batch "
          + "before the error, and none after it"
      )
    }
  }

  func test_whenTheTaskIsCancelled_andItsBytesJustEnd_itStillThrows() async throws {
    // Cancelled at byte 25,000, mid-batch, the bytes end, as a cancelled download's can.
    let (reported, outcome) = try await collectCancelled(at: 25_000, endsOnCancel: true)
    XCTAssertEqual(
      outcome,
      "CancellationError",
      "the task was cancelled at byte 25,000 and the bytes ended there: expected "
        + "CancellationError, not an end of the body"
    )
    XCTAssertEqual(
      reported,
      [10_000, 20_000],
      "the task was cancelled at byte 25,000: expected no report after the cancel, not even of "
        + "the bytes left over"
    )
  }

  func test_whenTheTaskIsCancelledMidBatch_andBytesStillCome_nothingIsReportedAfter() async throws {
    // Cancelled at byte 25,000, mid-batch; bytes already on their way go on coming.
    let (reported, outcome) = try await collectCancelled(at: 25_000, endsOnCancel: false)
    XCTAssertEqual(
      outcome,
      "CancellationError",
      "the task was cancelled at byte 25,000, and bytes still came: expected CancellationError"
    )
    XCTAssertEqual(
      reported,
      [10_000, 20_000],
      "the task was cancelled at byte 25,000, mid-batch, and bytes still came: a batch was "
        + "reported after the cancel; expected no report after it"
    )
  }

  func test_whenTheTaskIsCancelledInTheBytesLeftOver_theyAreNotReported() async throws {
    // Cancelled at byte 200,001, after the 20th batch; the last 3 bytes still come.
    let (reported, outcome) = try await collectCancelled(at: 200_001, endsOnCancel: false)
    XCTAssertEqual(
      outcome,
      "CancellationError",
      "the task was cancelled at byte 200,001, and the last bytes still came: expected "
        + "CancellationError, not an end of the body"
    )
    XCTAssertEqual(
      reported,
      (1...20).map { $0 * 10_000 },
      "the task was cancelled at byte 200,001, in the bytes left over after the last batch: "
        + "they were reported after the cancel; expected no report after it"
    )
  }

  func test_whenTheTaskIsCancelled_itThrowsCancellationError() async throws {
    let reported = Locked<[Int]>([])
    do {
      let (reported, data) = try await collect(200_003, cancelAfter: 3, reported: reported)
      XCTFail(
        "the task was cancelled after the 3rd report, and collectInBatches returned "
          + "\(data.count) bytes after \(reported.count) reports; expected CancellationError"
      )
    } catch is CancellationError {
      XCTAssertEqual(
        reported.withLock { $0.count },
        3,
        "the task was cancelled in the 3rd report: expected no report after it"
      )
    } catch {
      try rethrowIfNotImplemented(error)
      XCTFail("cancelled: expected CancellationError, got \(error)")
    }
  }

  func test_whenTheTaskIsCancelled_justAfterABatch_andItsBytesEnd_itStillThrows() async throws {
    // Cancelled at byte 20,000, the end of the 2nd batch: no bytes left over in a batch.
    let (reported, outcome) = try await collectCancelled(at: 20_000, endsOnCancel: true)
    XCTAssertEqual(
      outcome,
      "CancellationError",
      "the task was cancelled right after the batch that ended at byte 20,000, and the bytes "
        + "ended there: collectInBatches came out as \(outcome); expected CancellationError, "
        + "not an end of the body"
    )
    XCTAssertEqual(reported, [10_000, 20_000], "no report after the cancel at byte 20,000")
  }

  func test_whenTheTaskIsCancelled_withAnEmptyBody_itStillThrows() async throws {
    // Cancelled before the call, and the bytes end at once: for a size of 0, and of 40,000.
    for size in [0, 40_000] {
      withUnsafeCurrentTask { $0?.cancel() }
      let reported = Locked<[Double]>([])
      let outcome = try await self.outcome {
        try await collectInBatches(BytesThatEndOnCancel(count: size), size: size) { fraction in
          reported.withLock { $0.append(fraction) }
          return true
        }
      }
      XCTAssertEqual(
        outcome,
        "CancellationError",
        "a size of \(size), the task cancelled before the call, and no byte came: "
          + "collectInBatches \(outcome); expected CancellationError"
      )
      XCTAssertEqual(reported.withLock { $0 }, [], "no report after the cancel")
    }
  }

  func test_wholeBody_evenPastItsSize_isKeptAndReported() async throws {
    // A server that sends more than it said: 41,000 bytes for a size of 40,000.
    let (reported, data) = try await collect(40_000, bytes: 41_000)
    XCTAssertEqual(
      data,
      body(41_000).bytes,
      "the body was 41,000 bytes for a size of 40,000, and \(data.count) bytes came back: "
        + "expected every byte of the body, the 1,000 past the size too"
    )
    XCTAssertEqual(
      reported,
      (1...20).map { $0 * 2_000 } + [41_000],
      "41,000 bytes for a size of 40,000: expected 20 batches of 2,000, then the 1,000 bytes "
        + "past the size reported once, as 41,000 / 40,000"
    )
  }

  func test_wholeBody_ofASizeOf0_isKeptAndReported() async throws {
    // A server that said 0 bytes and sent some: batches of max(0 / 20, 1) = 1 byte.
    for count in [3, 5] {
      let reported = Locked<[Double]>([])
      let data = try await collectInBatches(body(count).stream, size: 0) { fraction in
        reported.withLock { $0.append(fraction) }
        return true
      }
      XCTAssertEqual(
        data,
        body(count).bytes,
        "a body of \(count) bytes for a size of 0, and \(data.count) bytes came back: expected "
          + "every byte of the body"
      )
      let fractions = reported.withLock { $0 }
      XCTAssertEqual(
        fractions.count,
        count,
        "\(count) bytes for a size of 0: \(fractions.count) reports; expected \(count), a batch "
          + "of 1 byte each"
      )
      XCTAssertTrue(
        fractions.allSatisfy { $0 > 1 },
        "bytes past a size of 0 are past the size: expected every fraction past 1.0, got "
          + "\(fractions)"
      )
    }
  }

  /// The grade: 492 generated calls, and 5 of large batches when grading (sizes 0 to Int.max,
  /// bodies shorter, as long, longer or endless, all at once, a byte at a time or in chunks, a
  /// failure at any read, the platform's errors (socket POSIX codes in turn) and a
  /// CancellationError of the bytes' own among them, a cancel before the call, in any read or any
  /// report, a report that says stop), each compared with what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      batchScenarios(count: 400, seed: 62) + batchScenariosOfOddBodies(count: 80, seed: 62 &+ 1),
      model: batchModel,
      answer: batchAnswer,
      explain: explainBatches
    )
  }

  /// How a call came out, in words: "returned N bytes", "CancellationError" or "threw E".
  private func outcome(of collect: () async throws -> Data) async throws -> String {
    do {
      return "returned \(try await collect().count) bytes"
    } catch is CancellationError {
      return "CancellationError"
    } catch {
      try rethrowIfNotImplemented(error)
      return "threw \(error)"
    }
  }
}
