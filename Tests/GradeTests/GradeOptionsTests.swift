import TestTooling
import XCTest

@testable import Grade

final class GradeOptionsTests: XCTestCase {
  func test_chapter_acceptsItsNameOrNumber() throws {
    for word in ["Chapter01", "chapter01", "01", "1"] {
      XCTAssertEqual(try GradeOptions.parse([word]).chapter, ExerciseCatalog.chapter01, word)
    }
    XCTAssertNil(try GradeOptions.parse([]).chapter)
  }

  func test_hintTimeoutListAndHelp() throws {
    let options = try GradeOptions.parse(["--hint", "--timeout", "3", "1"])
    XCTAssertTrue(options.nextHint)
    XCTAssertEqual(options.timeoutSeconds, 3)
    XCTAssertEqual(try GradeOptions.parse(["--list"]).action, .list)
    XCTAssertEqual(try GradeOptions.parse(["--help"]).action, .help)
    XCTAssertEqual(try GradeOptions.parse([]).timeoutSeconds, 10)
  }

  func test_badArguments_sayWhatIsWrong() {
    let cases: [([String], String)] = [
      (["Chapter09"], "unknown chapter 'Chapter09'; chapters with exercises: Chapter01, Chapter02"),
      (["--bogus"], "unknown option '--bogus'"),
      (["--timeout"], "option '--timeout' needs a number of seconds"),
      (["--timeout", "soon"], "'--timeout soon': give a whole number of seconds from 1 to 3600"),
      (["1", "1"], "give at most one chapter (got '1' as well)"),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try GradeOptions.parse(arguments)) {
        XCTAssertEqual("\($0)", message)
      }
    }
  }

  func test_badArguments_exit64_withUsageOnStderr() async {
    let output = ConsoleRecorder()
    let errors = ConsoleRecorder()
    let status = await GradeCommand.run(
      arguments: ["--bogus"],
      console: output.console(),
      errors: errors.console()
    )
    XCTAssertEqual(status, 64)
    XCTAssertEqual(output.lines, [])
    XCTAssertEqual(errors.lines.first, "Grade: unknown option '--bogus'")
    XCTAssertTrue(errors.lines.contains { $0.hasPrefix("usage: swift run Grade") })
  }
}
