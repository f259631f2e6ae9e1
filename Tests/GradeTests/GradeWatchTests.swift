import ChildProcesses
import Foundation
import TestTooling
import XCTest

@testable import Grade

/// `swift run Grade --watch` as a learner runs it, in a scratch package.
///
/// A save while it watches grades the exercise again, a pass ends the watch when nothing is
/// left, and Ctrl-C leaves cleanly. A stand-in plays the tests: it passes once the exercise file
/// says SOLVED.
final class GradeWatchTests: XCTestCase {
  private var package: URL!

  override func setUpWithError() throws {
    let scratch = try ScratchGradePackage("watch", for: self)
    package = scratch.folder
    try scratch.write("stub", to: "Sources/Exercises/Chapter01/Ex1a_ScannerService.swift")
    // With SAVE_WHILE_GRADING set, its first run saves a right answer, as a learner would.
    try scratch.writeProgram(
      """
      #!/bin/sh
      file="$PWD/Sources/Exercises/Chapter01/Ex1a_ScannerService.swift"
      class="${1#*.}"
      echo "Test Case '$class.test_a' started at x"
      if grep -q SOLVED "$file"; then
        echo "Test Case '$class.test_a' passed (0.0 seconds)"
        exit 0
      fi
      [ -n "${SAVE_WHILE_GRADING:-}" ] && printf SOLVED > "$file"
      echo "/x.swift:1: error: $class.test_a : XCTAssertTrue failed - not yet"
      echo "Test Case '$class.test_a' failed (0.0 seconds)"
      exit 1
      """,
      to: "tests"
    )
  }

  /// `sh -c 'cd PACKAGE && exec Grade --watch 1a'`: Grade finds its package from where it runs.
  private func watchArguments() throws -> [String] {
    let grade = try BuildProducts.executable(named: "Grade").path
    return ["-c", #"cd "$0" && exec "$1" --watch 1a"#, package.path, grade]
  }

  private var environment: [String: String] {
    ["TUTORIAL_GRADE_TESTS": package.appendingPathComponent("tests").path, "NO_COLOR": "1"]
  }

  func test_aSaveWhileWatching_isGradedAgain_andThePassEndsTheWatch() async throws {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: try watchArguments(),
      environment: environment.merging(["SAVE_WHILE_GRADING": "1"]) { $1 },
      timeout: .seconds(60)
    )
    let output = result.stdout + result.stderr
    XCTAssertEqual(result.termination, .exited(0), output)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let order = [
      "  [!] 1a  Wrap a delegate API (section 1.2) ",
      "Next: edit Sources/Exercises/Chapter01/Ex1a_ScannerService.swift and save it: it is "
        + "graded again at once.",
      "Watching Sources/Exercises: save a file to grade 1a again. Ctrl-C stops.",
      "--- a file changed: grading 1a again ---",
      "  [x] 1a  Wrap a delegate API (section 1.2) ",
      "Every exercise in scope is done. Stopped watching.",
    ].map { line in lines.firstIndex { $0.hasPrefix(line) } }
    XCTAssertFalse(order.contains(nil), "missing lines: \(order)\n\(output)")
    XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), output)
  }

  func test_ctrlCWhileWatching_stopsCleanly() async throws {
    #if os(Linux)
    let run = try await InterruptedRun.start(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: try watchArguments(),
      environment: environment,
      interruptAfter: 1,  // the first grading's test run
      with: SIGINT
    )
    XCTAssertEqual(run.result.termination, .signalled(SIGINT), run.result.stderr)
    XCTAssertEqual(run.result.stderr, "\nGrade: stopped watching.\n")
    XCTAssertEqual(run.survivors, [])
    #else
    throw XCTSkip("watching processes through pidfd is Linux only")
    #endif
  }
}
