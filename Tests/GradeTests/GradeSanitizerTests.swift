import ChildProcesses
import Foundation
import TestTooling
import XCTest

@testable import Grade

/// Where a data race is the mistake, a passing answer is run again under the thread sanitizer.
///
/// Stand-in test programs play both runs, so no sanitizer build is needed here; CI's
/// `racy-flag` fixture is the real thing.
final class GradeSanitizerTests: XCTestCase {
  private var scratch: ScratchGradePackage!
  private var folder: URL { scratch.folder }

  override func setUpWithError() throws {
    scratch = try ScratchGradePackage("sanitizer", isPackage: false, for: self)
  }

  /// A stand-in test program: logs how it was called, then prints `body`'s output.
  private func program(_ name: String, passing: Bool, race: Bool = false) throws -> URL {
    let report = """
      WARNING: ThreadSanitizer: data race (pid=1)
        Write of size 1 at 0x1 by thread T2:
          #0 f /x/Sources/Exercises/Chapter01/Ex1c_ReadBarcodeOnce.swift:10:15 (x+0x1)

      SUMMARY: ThreadSanitizer: data race /x/Sources/Exercises/Chapter01/Ex1c_ReadBarcodeOnce.swift:10:15 in f
      """
    return try scratch.writeProgram(
      """
      #!/bin/sh
      echo "\(name) $1 ${TSAN_OPTIONS:-}" >> "\(folder.path)/runs.log"
      echo "Test Case '${1#*.}.test_a' started at x"
      \(race ? "cat >&2 <<'EOF'\n\(report)\nEOF\nexit 66" : "")
      echo "Test Case '${1#*.}.test_a' \(passing ? "passed" : "failed") (0.0 seconds)"
      exit \(passing ? 0 : 1)
      """,
      to: name
    )
  }

  private func grade(plain: URL, sanitized: URL) async throws -> (String, [String]) {
    let result = try await ChildProcess.run(
      try BuildProducts.executable(named: "Grade"),
      arguments: ["Chapter01"],
      environment: [
        "TUTORIAL_GRADE_TESTS": plain.path, "TUTORIAL_GRADE_SANITIZED_TESTS": sanitized.path,
        "NO_COLOR": "1",
      ],
      timeout: .seconds(60)
    )
    let log = try String(contentsOf: folder.appendingPathComponent("runs.log"), encoding: .utf8)
    return (result.stdout + result.stderr, log.split(separator: "\n").map(String.init))
  }

  func test_onlyAPassingThreadSafetyExercise_isRunAgain_andARaceFailsIt() async throws {
    let (output, runs) = try await grade(
      plain: try program("plain", passing: true),
      sanitized: try program("sanitized", passing: false, race: true)
    )
    XCTAssertEqual(
      runs,
      [
        "plain ExerciseTests.Ex1a_ScannerServiceTests ",
        "plain ExerciseTests.Ex1b_TranscribeTests ",
        "plain ExerciseTests.Ex1c_ReadBarcodeOnceTests ",
        "sanitized ExerciseTests.Ex1b_TranscribeTests halt_on_error=1",
        "sanitized ExerciseTests.Ex1c_ReadBarcodeOnceTests halt_on_error=1",
      ]
    )
    XCTAssertTrue(output.contains("[x] 1a  Wrap a delegate API"), output)
    XCTAssertTrue(output.contains("[!] 1c  First callback or timeout"), output)
    XCTAssertTrue(output.contains("failing: data race"), output)
    XCTAssertTrue(
      output.contains("  at Sources/Exercises/Chapter01/Ex1c_ReadBarcodeOnce.swift:10:15"),
      output
    )
    XCTAssertTrue(output.contains("  a data race: two threads used the same memory"), output)
  }

  func test_aCleanSanitizerRun_isDone_andAPlainFailureIsNotRunAgain() async throws {
    let (clean, cleanRuns) = try await grade(
      plain: try program("plain", passing: true),
      sanitized: try program("sanitized", passing: true)
    )
    XCTAssertTrue(clean.contains("3 of 3 exercises done"), clean)
    XCTAssertEqual(
      cleanRuns.last,
      "sanitized ExerciseTests.Ex1c_ReadBarcodeOnceTests halt_on_error=1"
    )

    try FileManager.default.removeItem(at: folder.appendingPathComponent("runs.log"))
    let (_, failingRuns) = try await grade(
      plain: try program("failing", passing: false),
      sanitized: try program("sanitized", passing: true)
    )
    XCTAssertFalse(failingRuns.contains { $0.hasPrefix("sanitized") }, "\(failingRuns)")
  }
}
