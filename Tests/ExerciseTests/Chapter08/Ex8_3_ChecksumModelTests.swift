@testable import GradedScenarios
import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

// MARK: - Exercise 8.3: a hot loop off the main actor

final class Ex8_3_ChecksumModelTests: GradedTestCase {
  private func assertRun(
    _ checksums: [UInt64],
    cancelAt: Int? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async throws {
    try await assertEveryScenario(
      [ChecksumScenario(checksums: checksums, cancelAt: cancelAt)],
      model: checksumModel,
      answer: checksumAnswer,
      file: file,
      line: line
    )
  }

  func test_cancel_whileAChunkIsWorkedOn_stopsAfterIt() async throws {
    try await assertRun([3, 4, 5, 6], cancelAt: 1)
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
        + onlyWhenGrading([
          ChecksumScenario(checksums: (0..<66_000).map { UInt64($0) }, cancelAt: nil)
        ]),
      model: checksumModel,
      answer: checksumAnswer
    )
  }
}
