import ChildProcesses
import Foundation
import TestTooling
import XCTest

@testable import Grade

/// `swift run Grade --jobs 2`: two exercises' tests run at once, and the report is the same.
///
/// A stand-in plays the tests: 1a's waits on a named pipe until 1b's writes to it, and 1b's
/// cannot write until 1a's reads. Graded one after the other, both hang; at once, both pass.
final class GradeJobsTests: XCTestCase {
  func test_twoJobs_runTwoExercisesAtOnce_andReportThemInOrder() async throws {
    let scratch = try ScratchGradePackage("jobs", for: self)
    let meet = scratch.folder.appendingPathComponent("meet")
    XCTAssertEqual(mkfifo(meet.path, 0o600), 0, "mkfifo \(meet.path)")
    try scratch.writeProgram(
      """
      #!/bin/sh
      class="${1#*.}"
      echo "Test Case '$class.test_a' started at x"
      # Only in the plain runs: the sanitizer's run of an exercise that passed is one at a time.
      if [ -z "${TSAN_OPTIONS:-}" ]; then
        case "$class" in
          Ex1_1*) read line < "\(meet.path)" ;;
          Ex1_2*) echo met > "\(meet.path)" ;;
        esac
      fi
      echo "Test Case '$class.test_a' passed (0.0 seconds)"
      exit 0
      """,
      to: "tests"
    )
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: [
        "-c", #"cd "$0" && exec "$@""#, scratch.folder.path,
        try BuildProducts.executable(named: "Grade").path, "1a", "1b", "--jobs", "2",
      ],
      environment: [
        "TUTORIAL_GRADE_TESTS": scratch.folder.appendingPathComponent("tests").path,
        "NO_COLOR": "1",
      ],
      timeout: .seconds(120)
    )
    XCTAssertEqual(result.termination, .exited(0), result.stdout + result.stderr)
    let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  [") }
    XCTAssertEqual(rows.map { $0.prefix(10) }, ["  [x] 1a  ", "  [x] 1b  "], result.stdout)
  }

  func test_jobs_isANumberFrom1To16_and1WhenNotGiven() throws {
    XCTAssertEqual(try GradeOptions.parse([]).jobs, 1)
    XCTAssertEqual(try GradeOptions.parse(["--jobs", "2", "1a"]).jobs, 2)
    let cases: [([String], String)] = [
      (["--jobs"], "option '--jobs' needs a number"),
      (["--jobs", "0"], "'--jobs 0': give a whole number from 1 to 16"),
      (["--jobs", "many"], "'--jobs many': give a whole number from 1 to 16"),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try GradeOptions.parse(arguments)) {
        XCTAssertEqual("\($0)", message)
      }
    }
  }
}
