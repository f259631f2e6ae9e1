import ChildProcesses
import Foundation
import TestTooling
import XCTest

@testable import Grade

/// `swift run Grade --hint` as a learner runs it, in a scratch package.
///
/// A plain `--hint` is about the exercise graded last, one level at a time. A stand-in plays the
/// tests: every exercise fails.
final class GradeHintTests: XCTestCase {
  private var package: URL!

  override func setUpWithError() throws {
    let scratch = try ScratchGradePackage("hint", for: self)
    package = scratch.folder
    try scratch.writeProgram(
      """
      #!/bin/sh
      class="${1#*.}"
      echo "Test Case '$class.test_a' started at x"
      echo "/x.swift:1: error: $class.test_a : XCTAssertTrue failed - not yet"
      echo "Test Case '$class.test_a' failed (0.0 seconds)"
      exit 1
      """,
      to: "tests"
    )
  }

  /// Runs Grade in the scratch package; returns its standard output's lines.
  private func grade(_ arguments: String...) async throws -> [String] {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", #"cd "$0" && exec "$@""#, package.path,
        try BuildProducts.executable(named: "Grade").path,
      ] + arguments,
      environment: [
        "TUTORIAL_GRADE_TESTS": package.appendingPathComponent("tests").path, "NO_COLOR": "1",
      ],
      timeout: .seconds(120)
    )
    XCTAssertEqual(result.termination, .exited(1), result.stdout + result.stderr)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  func test_aPlainHint_isAboutTheExerciseGradedLast_oneLevelAtATime() async throws {
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "1.2"))
    _ = try await grade("1.2")

    let first = try await grade("--hint")
    XCTAssertTrue(first.contains { $0.hasPrefix("  [!] 1.2  ") }, "\(first)")
    XCTAssertFalse(first.contains { $0.hasPrefix("  [!] 1.1  ") }, "only 1.2 is graded")
    XCTAssertEqual(
      first.filter { $0.hasPrefix("  Hint ") },
      ["  Hint 1 of 3 (new): \(exercise.hints[0])"]
    )

    let second = try await grade("--hint")
    XCTAssertEqual(
      second.filter { $0.hasPrefix("  Hint ") },
      ["  Hint 1 of 3: \(exercise.hints[0])", "  Hint 2 of 3 (new): \(exercise.hints[1])"]
    )

    let unasked = try await grade("1.2")
    XCTAssertEqual(unasked.filter { $0.hasPrefix("  Hint ") }, [], "not repeated unasked")
  }
}
