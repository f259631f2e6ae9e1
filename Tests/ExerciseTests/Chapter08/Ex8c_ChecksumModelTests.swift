@testable import GradedScenarios
import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

// MARK: - Exercise 8c: a hot loop off the main actor

final class Ex8c_ChecksumModelTests: GradedTestCase {
  private func assertRun(
    _ checksums: [UInt64],
    cancel: CancelMoment? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async throws {
    try await assertEveryScenario(
      [ChecksumScenario(checksums: checksums, cancel: cancel)],
      model: checksumModel,
      answer: checksumAnswer,
      file: file,
      line: line
    )
  }

  func test_cancel_whileAChunkIsWorkedOn_stopsAfterIt() async throws {
    try await assertRun([3, 4, 5, 6], cancel: .whileWorkedOn(1, twice: false))
  }

  func test_aFile_isWorkedOnOffTheMainActor_oneChunkAtATime() async throws {
    try await assertRun([3, 4, 5])
  }

  func test_theChecksum_wrapsOnOverflow() async throws {
    try await assertRun([.max, .max, 1 << 63])
  }

  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      checksumScenarios(count: 300, seed: 83)
        // Files whose checksum comes out 0, and cancels from inside onFinish after a cancel.
        + [
          ChecksumScenario(checksums: [0]),
          ChecksumScenario(checksums: [0, 0, 0]),
          ChecksumScenario(checksums: [1, .max - 30]),
          ChecksumScenario(
            checksums: [3, 4],
            cancel: .insideProgress(0, twice: false),
            cancelledInsideFinishToo: true
          ),
          ChecksumScenario(
            checksums: [3, 4, 5],
            cancel: .whileWorkedOn(1, twice: false),
            cancelledInsideFinishToo: true
          ),
          ChecksumScenario(
            checksums: [3],
            cancel: .rightAfterStart,
            cancelledInsideFinishToo: true
          ),
          ChecksumScenario(checksums: [], cancel: .rightAfterStart, cancelledInsideFinishToo: true),
          // A cancel in the job of start(), once the first chunk has begun: onFinish(nil) only
          // once that chunk has returned.
          ChecksumScenario(
            checksums: [3],
            cancel: .rightAfterStart,
            cancelledOnceTheFirstChunkBegins: true
          ),
          ChecksumScenario(
            checksums: [3, 4, 5],
            cancel: .rightAfterStart,
            cancelledOnceTheFirstChunkBegins: true
          ),
        ]
        // Cancels past the thousandth chunk, where a loop that batches long files would be.
        + [
          ChecksumScenario(
            checksums: longFile(1_500),
            cancel: .insideProgress(1_000, twice: false)
          ),
          ChecksumScenario(checksums: longFile(1_500), cancel: .whileWorkedOn(1_203, twice: false)),
        ]
        // The longest file, cancelled from inside onProgress two chunks before its end: a loop
        // that changes how it works past some number of chunks is still on the statement there.
        // (Each chunk is a round trip to the main actor: one such file, not two, when grading.)
        + onlyWhenGrading([
          ChecksumScenario(
            checksums: longFile(100_100),
            cancel: .insideProgress(100_097, twice: false)
          )
        ]),
      model: checksumModel,
      answer: checksumAnswer
    )
  }

  /// A cancel between any two jobs of the main actor: once it has returned, no progress, and
  /// one onFinish in all, nil unless it came before the cancel.
  @MainActor
  func test_yourAnswer_stopsForACancel_atAnyMoment() async throws {
    let rounds = largest(graded: 3, reference: 1)
    for _ in 0..<rounds {
      for yields in 0..<40 {
        for chunks in 1...3 {
          let wrong = try await cancelAfterYields(yields, chunks: chunks)
          ScenarioAnnouncer.clear()
          guard let wrong else { continue }
          XCTFail(
            wrong + "; the statement gives no onProgress once cancel() has returned, and one "
              + "onFinish, with nil unless it came before the cancel"
          )
          return
        }
      }
    }
  }

  /// The answer's own file: each model's state in the model itself, and no opt-out.
  func test_yourFile_keepsEachModelsStateInTheModel() async throws {
    try await assertStateKeptInEach("model", declaredIn: checksumSourceFile)
  }

  /// Two models at once: each works apart, with its own progress, and neither waits for the
  /// other.
  @MainActor
  func test_twoModelsAtOnce_workApart() async throws {
    let first = ProbingFile(checksums: [1, 2, 3], holdAt: 1)
    let second = ProbingFile(checksums: [4, 5], holdAt: nil)
    let ends = ChecksumEnds()
    let one = try ChecksumModel(file: first, onProgress: { ends.noteProgress(0, $0) }) {
      ends.note(0, $0)
    }
    let two = try ChecksumModel(file: second, onProgress: { ends.noteProgress(1, $0) }) {
      ends.note(1, $0)
    }
    one.start()
    ScenarioAnnouncer.announce("two models: the test waits for chunk 2 of the first")
    await first.waitUntilHeld()
    two.start()
    ScenarioAnnouncer.announce(
      "two models: while chunk 2 of the first is worked on, the test waits for the second's "
        + "onFinish (each model works apart: neither waits for the other)"
    )
    await ends.waitFor(1)
    first.releaseTheChunkHeld()
    ScenarioAnnouncer.announce("two models: the test waits for the first's onFinish")
    let got = await ends.both()
    ScenarioAnnouncer.clear()
    let progress = ends.progress.joined(separator: ", ")
    XCTAssertEqual(
      "\(progress); onFinish: \(got)",
      "model 1: 1, model 2: 1, model 2: 2, model 1: 2, model 1: 3; onFinish: 1026 and 129",
      "two models: the first, on chunks whose checksums are 1, 2, 3, started; while its chunk 2 "
        + "was worked on, the second, on chunks 4, 5, started and ran to its end; then the "
        + "first's chunk 2 returned. The main actor saw \(progress); onFinish: \(got). The "
        + "statement gives model 1: 1, model 2: 1, model 2: 2, model 1: 2, model 1: 3; "
        + "onFinish: 1026 and 129 (each model apart, with its own progress)"
    )
  }

  /// Two or three models at once, some on the same file, started from cancelled tasks too:
  /// each works on its own file's chunks itself, never waits for another, and a cancel stops
  /// its own model only.
  @MainActor
  func test_yourAnswer_keepsTheStatement_withModelsSharingAFile() async throws {
    try await assertEveryScenario(
      sharedFilesScenarios(seed: 84),
      model: sharedFilesModel,
      answer: sharedFilesAnswer
    )
  }

  /// Two models at once: cancelling one leaves the other to finish.
  @MainActor
  func test_twoModels_cancellingOne_leavesTheOtherRunning() async throws {
    let first = ProbingFile(checksums: [1, 2, 3], holdAt: 0)
    let second = ProbingFile(checksums: [1, 2, 3], holdAt: nil)
    let ends = ChecksumEnds()
    let cancelled = try ChecksumModel(file: first, onProgress: { _ in }) { ends.note(0, $0) }
    let running = try ChecksumModel(file: second, onProgress: { _ in }) { ends.note(1, $0) }
    cancelled.start()
    running.start()
    ScenarioAnnouncer.announce("two models: the test waits for chunk 1 of the first")
    await first.waitUntilHeld()
    cancelled.cancel()
    first.releaseTheChunkHeld()
    ScenarioAnnouncer.announce("two models: the test waits for both onFinish calls")
    let got = await ends.both()
    ScenarioAnnouncer.clear()
    XCTAssertEqual(
      got,
      "nil and 1026",
      "two models, each on a file of chunks whose checksums are 1, 2, 3, were started; the "
        + "first was cancelled while its chunk 1 was worked on: their onFinish gave \(got); "
        + "the statement gives nil and 1026 (a cancel stops its own model only)"
    )
  }
}

/// The chunk checksums of a long file: `count` of them, spread over UInt64.
private func longFile(_ count: Int) -> [UInt64] {
  (0..<count).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
}
