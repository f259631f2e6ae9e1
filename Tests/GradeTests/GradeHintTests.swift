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
  private var scratch: ScratchGradePackage!
  private var package: URL!

  override func setUpWithError() throws {
    scratch = try ScratchGradePackage("hint", for: self)
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
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "1b"))
    _ = try await grade("1b")

    let first = try await grade("--hint")
    XCTAssertTrue(first.contains { $0.hasPrefix("  [!] 1b  ") }, "\(first)")
    XCTAssertFalse(first.contains { $0.hasPrefix("  [!] 1a  ") }, "only 1b is graded")
    XCTAssertEqual(
      first.filter { $0.hasPrefix("  Hint ") },
      ["  Hint 1 of 3 (new): \(exercise.hints[0])"]
    )

    let second = try await grade("--hint")
    XCTAssertEqual(
      second.filter { $0.hasPrefix("  Hint ") },
      ["  Hint 1 of 3: \(exercise.hints[0])", "  Hint 2 of 3 (new): \(exercise.hints[1])"]
    )

    let unasked = try await grade("1b")
    XCTAssertEqual(unasked.filter { $0.hasPrefix("  Hint ") }, [], "not repeated unasked")
  }

  func test_aHint_aboutAFileNotChangedSinceItsGrade_usesThatGrade_thenAnEditIsGradedAgain()
    async throws
  {
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "1b"))
    try scratch.write("// an answer\n", to: exercise.stubPath)
    // The stand-in tests, which also count their runs.
    try scratch.writeProgram(
      """
      #!/bin/sh
      echo run >> runs.txt
      class="${1#*.}"
      echo "Test Case '$class.test_a' started at x"
      echo "/x.swift:1: error: $class.test_a : XCTAssertTrue failed - not yet"
      echo "Test Case '$class.test_a' failed (0.0 seconds)"
      exit 1
      """,
      to: "tests"
    )
    func runs() throws -> Int {
      try String(contentsOf: package.appendingPathComponent("runs.txt"), encoding: .utf8)
        .split(separator: "\n").count
    }

    _ = try await grade("1b")
    XCTAssertEqual(try runs(), 1)
    let hint = try await grade("1b", "--hint")
    XCTAssertEqual(try runs(), 1, "the file has not changed since its grade: not graded again")
    XCTAssertTrue(hint.contains { $0.hasPrefix("1b: not changed since graded last") }, "\(hint)")
    XCTAssertTrue(hint.contains { $0.hasPrefix("  [!] 1b  ") }, "\(hint)")
    XCTAssertTrue(hint.contains("  not yet"), "the last grade's failure: \(hint)")
    XCTAssertEqual(
      hint.filter { $0.hasPrefix("  Hint ") },
      ["  Hint 1 of 3 (new): \(exercise.hints[0])"]
    )
    _ = try await grade("--hint")
    XCTAssertEqual(try runs(), 1, "a plain --hint is about 1b, unchanged too")

    try scratch.write("// an answer, edited\n", to: exercise.stubPath)
    let edited = try await grade("1b", "--hint")
    XCTAssertEqual(try runs(), 2, "an edited file is graded again")
    XCTAssertFalse(edited.contains { $0.contains("not changed since graded last") })
    XCTAssertTrue(edited.contains { $0.hasPrefix("  Hint 3 of 3 (new): ") }, "\(edited)")
  }
}
