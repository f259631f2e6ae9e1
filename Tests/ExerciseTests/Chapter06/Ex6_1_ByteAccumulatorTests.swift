@testable import GradedScenarios
import ExerciseSupport
import Foundation
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter06Exercises
#endif

// MARK: - Exercise 6.1: the accumulator

final class Ex6_1_ByteAccumulatorTests: GradedTestCase {
  func test_aBatchIsATwentiethOfTheSize_butNeverNoBytes() throws {
    XCTAssertEqual(
      try ByteAccumulator(name: "f", size: 1_572_864).batchSize,
      78_643,
      "1,572,864 / 20 = 78,643 bytes a batch"
    )
    XCTAssertEqual(
      try ByteAccumulator(name: "f", size: 7).batchSize,
      1,
      "7 / 20 is 0, and a batch of 0 bytes is full before a byte comes: at least 1"
    )
    // 30 / 20 = 1.5 and 59 / 20 = 2.95: rounded to the nearest or up, they would be 2 and 3.
    for (size, batch) in [(30, 1), (59, 2)] {
      let batchSize = try ByteAccumulator(name: "f", size: size).batchSize
      XCTAssertEqual(
        batchSize,
        batch,
        "a size of \(size): batchSize was \(batchSize); expected \(batch), a twentieth in whole "
          + "bytes, rounded down"
      )
    }
  }

  func test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes() throws {
    var accumulator = try ByteAccumulator(name: "f", size: 100)
    XCTAssertFalse(accumulator.checkCompleted(), "the first check starts the first batch")
    for count in 1...5 {
      accumulator.append(UInt8(count))
      XCTAssertEqual(
        accumulator.isBatchCompleted,
        count == 5,
        "100 / 20 = 5 bytes a batch: after \(count) bytes, the batch is "
          + (count == 5 ? "full" : "not full yet")
      )
    }
    accumulator.append(6)
    XCTAssertTrue(
      accumulator.isBatchCompleted,
      "6 bytes in a batch of 5: a full batch stays full until checkCompleted() starts the next"
    )
    XCTAssertFalse(accumulator.checkCompleted(), "the batch that ended had bytes")
    XCTAssertFalse(accumulator.isBatchCompleted, "a new batch starts empty")
    accumulator.append(6)
    XCTAssertFalse(accumulator.isBatchCompleted, "1 byte of 5 in the second batch")
  }

  func test_checkCompleted_afterBytesThatCameBeforeTheFirstCheck() throws {
    // The first batch starts with the accumulator: bytes before the first check are in it.
    for (size, batch) in [(40, 2), (60, 3)] {
      var accumulator = try ByteAccumulator(name: "f", size: size)
      for count in 1...batch {
        accumulator.append(UInt8(count))
        XCTAssertEqual(
          accumulator.isBatchCompleted,
          count == batch,
          "a size of \(size) (batches of \(batch)), \(count) byte(s) appended before any "
            + "checkCompleted(): isBatchCompleted was \(accumulator.isBatchCompleted); expected "
            + "\(count == batch), since the first batch starts with the accumulator"
        )
      }
      XCTAssertFalse(
        accumulator.checkCompleted(),
        "a size of \(size): the first checkCompleted(), after \(batch) bytes, was true; "
          + "expected false, the batch it ended had bytes"
      )
      XCTAssertTrue(accumulator.checkCompleted(), "no byte since the last check: completed")
    }
    var one = try ByteAccumulator(name: "f", size: 40)
    one.append(1)
    XCTAssertFalse(
      one.checkCompleted(),
      "1 byte appended, then the first checkCompleted(): it was true; expected false, the "
        + "batch it ended had a byte"
    )
  }

  func test_checkCompleted_isFalseFirst_andTrueOnlyAfterABatchWithNoBytes() throws {
    var accumulator = try ByteAccumulator(name: "f", size: 40)
    XCTAssertFalse(
      accumulator.checkCompleted(),
      "the first checkCompleted() comes before any batch: false, or the seed's loop never starts"
    )
    accumulator.append(1)
    XCTAssertFalse(accumulator.checkCompleted(), "that batch had a byte")
    XCTAssertTrue(accumulator.checkCompleted(), "no byte since the last check: completed")
    XCTAssertTrue(accumulator.checkCompleted(), "and still none")
  }

  func test_progress_data_andDescription_ofWhatHasCome() throws {
    var accumulator = try ByteAccumulator(name: "small.bin", size: 1_572_864)
    XCTAssertEqual(accumulator.progress, 0)
    XCTAssertEqual(
      accumulator.description,
      "[small.bin] Zero KB",
      "\"[name] size\", the size from ByteCountFormatter().string(fromByteCount:), of the bytes "
        + "that came so far (none yet), not of the whole file"
    )
    for byte in 0..<786_432 { accumulator.append(UInt8(truncatingIfNeeded: byte)) }
    XCTAssertEqual(accumulator.progress, 0.5, "786,432 of 1,572,864 bytes")
    XCTAssertEqual(
      accumulator.data.count,
      786_432,
      "data holds the bytes that came, not the whole storage"
    )
    XCTAssertEqual(accumulator.data.last, 255)
    XCTAssertEqual(
      accumulator.description,
      "[small.bin] 786 KB",
      "\"[name] size\", the size from ByteCountFormatter().string(fromByteCount:)"
    )
    for byte in 786_432..<1_572_864 { accumulator.append(UInt8(truncatingIfNeeded: byte)) }
    XCTAssertEqual(accumulator.progress, 1, "every byte: progress 1.0")
    XCTAssertEqual(
      accumulator.description,
      "[small.bin] 1.6 MB",
      "1,572,864 bytes came: the description was \(accumulator.description); expected "
        + "\"[small.bin] 1.6 MB\", in the unit ByteCountFormatter().string(fromByteCount:) picks"
    )
  }

  func test_progress_isTheExactFraction() throws {
    for (size, count) in [(3, 1), (7, 2)] {
      var accumulator = try ByteAccumulator(name: "f", size: size)
      for byte in 0..<count { accumulator.append(UInt8(byte)) }
      XCTAssertEqual(
        accumulator.progress,
        Double(count) / Double(size),
        "\(count) of \(size) bytes: progress was \(accumulator.progress); expected "
          + "\(Double(count) / Double(size)), the bytes so far over the size, not rounded"
      )
    }
  }

  func test_anEmptyFile_isDone_andANegativeSizeThrows() throws {
    var empty: ByteAccumulator
    do {
      empty = try ByteAccumulator(name: "empty", size: 0)
    } catch {
      try rethrowIfNotImplemented(error)
      return XCTFail("a size of 0 is a file with no bytes, not an error (it threw \(error))")
    }
    XCTAssertEqual(empty.progress, 1, "0 of 0 bytes is all of them: 1.0, not 0 / 0")
    XCTAssertFalse(
      empty.isBatchCompleted,
      "an empty file before any byte: isBatchCompleted was true; expected false, since no batch "
        + "holds batchSize bytes"
    )
    XCTAssertFalse(empty.checkCompleted(), "the first check starts the first batch")
    XCTAssertFalse(
      empty.isBatchCompleted,
      "an empty file after its first check: isBatchCompleted was true; expected false, since "
        + "the new batch holds no byte"
    )
    XCTAssertTrue(
      empty.checkCompleted(),
      "an empty file: the second check finds the batch empty, or the loop never ends"
    )
    XCTAssertThrowsError(try ByteAccumulator(name: "f", size: -1)) { error in
      XCTAssertEqual(error as? InvalidSize, InvalidSize(size: -1), "a negative size: \(error)")
    }
  }

  func test_bytesPastTheSize_areKept() throws {
    var accumulator = try ByteAccumulator(name: "f", size: 2)  // batches of 1 byte
    XCTAssertFalse(accumulator.checkCompleted())
    for byte: UInt8 in [1, 2] {
      accumulator.append(byte)
      XCTAssertFalse(accumulator.checkCompleted())
    }
    accumulator.append(3)
    XCTAssertEqual(accumulator.data, Data([1, 2, 3]), "a server that sent more: keep every byte")
    XCTAssertTrue(
      accumulator.isBatchCompleted,
      "a byte past the size is in a batch too, or the loop waits for a batch that never fills"
    )
    accumulator.append(4)  // twice the size: 2.0 whether divided in Double or in Int
    XCTAssertEqual(
      accumulator.progress,
      2,
      "4 bytes came for a size of 2: progress was \(accumulator.progress); expected 2.0, the "
        + "bytes so far over the size, even past 1"
    )
  }

  func test_theAccumulatorIsAStruct_aCopyKeepsWhatItHad() throws {
    var accumulator = try ByteAccumulator(name: "f", size: 10)
    let copy = accumulator
    accumulator.append(1)
    XCTAssertEqual(
      copy.data.count,
      0,
      "ByteAccumulator is a struct, as in section 6.3: a copy keeps what it had (a class would "
        + "be shared, and checked for exclusive access on every byte)"
    )
    // A copy taken mid-file goes on with bytes of its own, and the original with others.
    var first = try ByteAccumulator(name: "f", size: 10)
    first.append(1)
    var second = first
    second.append(7)
    first.append(2)
    XCTAssertEqual(
      [Array(first.data), Array(second.data)],
      [[1, 2], [1, 7]],
      "a copy taken after byte 1 appended 7, then the original appended 2: expected [1, 2] in "
        + "the original and [1, 7] in the copy, each its own bytes"
    )
  }

  func test_everyByteIn_aBatchIsCompletedOnlyWhenFull() throws {
    // 60 bytes: batches of 3. The seed's loop: append until isBatchCompleted, then check.
    var accumulator = try ByteAccumulator(name: "f", size: 60)
    XCTAssertFalse(accumulator.checkCompleted())
    for byte in 1...60 {
      accumulator.append(UInt8(byte))
      if accumulator.isBatchCompleted {
        XCTAssertEqual(
          byte % 3,
          0,
          "after \(byte) of 60 bytes, batches of 3: isBatchCompleted was true mid-batch"
        )
        XCTAssertFalse(accumulator.checkCompleted())
      }
    }
    XCTAssertEqual(accumulator.progress, 1)
    XCTAssertFalse(
      accumulator.isBatchCompleted,
      "all 60 bytes in and the last batch checked: isBatchCompleted was true; expected false "
        + "until a new batch holds 3 bytes, whether or not the file is complete"
    )
    accumulator.append(61)
    XCTAssertFalse(
      accumulator.isBatchCompleted,
      "a byte past the size, 1 of 3 in its batch: isBatchCompleted was true; expected false"
    )
  }

  func test_theLastBatchOfAFile_isCompletedOnlyWhenFull() throws {
    // 41 bytes in batches of 2 end with 1 byte in the last batch; 65 in batches of 3, with 2.
    for (size, batch) in [(41, 2), (65, 3)] {
      var accumulator = try ByteAccumulator(name: "f", size: size)
      XCTAssertFalse(accumulator.checkCompleted())
      for byte in 1..<size {
        accumulator.append(UInt8(byte))
        if accumulator.isBatchCompleted { XCTAssertFalse(accumulator.checkCompleted()) }
      }
      accumulator.append(UInt8(size))
      XCTAssertFalse(
        accumulator.isBatchCompleted,
        "all \(size) bytes in, \(size % batch) of \(batch) in the last batch: isBatchCompleted "
          + "was true; expected false, since a complete file does not fill its last batch"
      )
      XCTAssertEqual(accumulator.data.count, size)
    }
  }

  /// A size below 4 KB is allocated by init too: for many accumulators at once, the memory in
  /// use shows where their storage was allocated, which one accumulator's is too small to show.
  ///
  /// Only init's part is measured here: appending to small `Data` values allocated more even after
  /// `reserveCapacity` had made room for those bytes (corelibs Foundation: 2,000 of 1,000 bytes
  /// each, about 0.8 MB more). Named to run after the generated scenarios, which report first what
  /// is wrong for one accumulator.
  func test_yourAnswer_keepsTheStatement_withThousandsOfSmallAccumulators() throws {
    guard MemoryInUse.isMeasured else { return }
    // 20 and 50: past the 14 bytes a Data holds inline, so a heap allocation of their own.
    for size in [20, 50, 100, 1_000, 4_000] {
      let count = 2_000_000 / size
      // The array's own room first, so that only the accumulators' storage is measured.
      var accumulators: [ByteAccumulator] = []
      accumulators.reserveCapacity(count)
      let before = MemoryInUse.now() ?? 0
      for _ in 0..<count { accumulators.append(try ByteAccumulator(name: "s", size: size)) }
      let afterInit = MemoryInUse.now() ?? 0
      let storage = count * size
      withExtendedLifetime(accumulators) {
        XCTAssertTrue(
          afterInit - before >= storage * 4 / 5,
          "\(count) accumulators of \(size) bytes each (\(storage) bytes of storage in all): "
            + "their inits allocated \(afterInit - before) bytes; the statement allocates the "
            + "storage by init, for every size"
        )
      }
    }
  }

  /// The grade: 320 generated lives (sizes from Int.min to 8 GiB, every edge of a batch, a batch of
  /// 65,536 bytes, names with slashes, appends, checks and copies in any order), each compared with
  /// what the statement says, the moment the storage is allocated included.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    // Under the thread sanitizer, sizes past 2 GiB took 41 s instead of 5 s (35 s of it in the
    // kernel, mapping memory), and 6.1 has no threads for it to check: there they do not run.
    let huge = ThreadSanitizer.isRunning ? [] : accumulatorScenariosOfHugeSizes(seed: 61 &+ 1)
    try await assertEveryScenario(
      accumulatorScenarios(count: 300, seed: 61) + huge,
      model: accumulatorModel,
      answer: accumulatorAnswer,
      explain: explainAccumulator
    )
  }
}
