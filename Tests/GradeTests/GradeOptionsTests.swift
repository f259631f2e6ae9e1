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

  func test_anExerciseId_gradesThatExerciseOnly() throws {
    let options = try GradeOptions.parse(["1b"])
    XCTAssertEqual(options.exercise?.id, "1b")
    XCTAssertNil(options.chapter)
    XCTAssertEqual(options.scope.map(\.id), ["1b"])
    XCTAssertEqual(options.scopeWord, "1b")
    XCTAssertEqual(try GradeOptions.parse(["1B"]).exercise?.id, "1b", "a capital letter too")
    XCTAssertEqual(try GradeOptions.parse(["2"]).scope.map(\.id), ["2a", "2b", "2c"])
    XCTAssertEqual(try GradeOptions.parse([]).scope, ExerciseCatalog.exercises)
  }

  func test_severalChaptersAndExercises_gradeEachOnce_inTheCatalogsOrder() throws {
    let options = try GradeOptions.parse(["4b", "1", "1c", "4a", "--every-failure"])
    XCTAssertEqual(options.scope.map(\.id), ["1a", "1b", "1c", "4a", "4b"])
    XCTAssertEqual(options.scopeWord, "Chapter01 4b 1c 4a")
    XCTAssertNil(options.exercise)
    XCTAssertNil(options.chapter)
    XCTAssertTrue(options.everyFailure)
    XCTAssertFalse(try GradeOptions.parse(["1"]).everyFailure)
    XCTAssertThrowsError(try GradeOptions.parse(["--reset", "1b", "1c"])) {
      XCTAssertEqual("\($0)", "'--reset' needs one exercise, such as: --reset 1b")
    }
  }

  func test_hintTimeoutListAndHelp() throws {
    let options = try GradeOptions.parse(["--hint", "--timeout", "3", "1"])
    XCTAssertTrue(options.nextHint)
    XCTAssertEqual(options.timeoutSeconds, 3)
    XCTAssertEqual(try GradeOptions.parse(["--list"]).action, .list)
    XCTAssertEqual(try GradeOptions.parse(["--help"]).action, .help)
    XCTAssertNil(try GradeOptions.parse([]).timeoutSeconds)
    XCTAssertTrue(try GradeOptions.parse(["--watch", "1b"]).watch)
    XCTAssertFalse(try GradeOptions.parse([]).watch)
  }

  func test_help_namesEveryExerciseTheSanitizerChecks() {
    XCTAssertEqual(
      GradeOptions.sanitizedExercises,
      "1b, 1c, 2b, 2c, 5b, 5c, 7c, 8b and 8c"
    )
    XCTAssertTrue(GradeOptions.usage.contains("those exercises are\n1b, 1c, 2b,"))
  }

  func test_eachExercise_hasAHangLimitOfItsOwn_andTimeoutOverridesIt() throws {
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "3a"))
    XCTAssertEqual(
      try GradeOptions.parse([]).timeoutSeconds(for: exercise),
      exercise.hangLimitSeconds
    )
    XCTAssertEqual(try GradeOptions.parse(["--timeout", "3"]).timeoutSeconds(for: exercise), 3)
    for exercise in ExerciseCatalog.exercises {
      XCTAssertGreaterThanOrEqual(exercise.hangLimitSeconds, HangLimit.floorSeconds, exercise.id)
    }
    let ids = Set(ExerciseCatalog.exercises.map(\.id))
    for id in HangLimit.figures.keys {
      XCTAssertTrue(ids.contains(id), "HangLimits.swift has a figure for \(id), not an exercise")
    }
  }

  func test_aHangLimit_isThreeTimesTheReference_neverUnder5Seconds_norUnderItsOwnFloor() {
    XCTAssertEqual(HangLimit(reference: 0.2).seconds, 5)
    XCTAssertEqual(HangLimit(reference: 2.1).seconds, 7)
    XCTAssertEqual(HangLimit(reference: 0.2, atLeast: 10).seconds, 10)
    XCTAssertEqual(HangLimit(reference: 4.4, atLeast: 10).seconds, 14)
  }

  func test_badArguments_sayWhatIsWrong() {
    let cases: [([String], String)] = [
      (
        ["Chapter09"],
        "unknown chapter 'Chapter09'; chapters with exercises: Chapter01, Chapter02, Chapter03, Chapter04, Chapter05, Chapter06, Chapter07, Chapter08"
      ),
      (["--bogus"], "unknown option '--bogus'"),
      (["--timeout"], "option '--timeout' needs a number of seconds"),
      (["--timeout", "soon"], "'--timeout soon': give a whole number of seconds from 1 to 3600"),
      (
        ["9z"],
        "no exercise '9z': an exercise is its chapter's number and a letter (1a, 1b, 1c, 2a, "
          + "2b, 2c, 3a, 3b, 3c, 4a, 4b, 4c, 4d, 5a, 5b, 5c, 6a, 6b, 6c, 7a, 7b, 7c, 8a, 8b, 8c)"
      ),
      (
        ["3.1"],
        "no exercise '3.1': an exercise is its chapter's number and a letter (1a, 1b, 1c, 2a, "
          + "2b, 2c, 3a, 3b, 3c, 4a, 4b, 4c, 4d, 5a, 5b, 5c, 6a, 6b, 6c, 7a, 7b, 7c, 8a, 8b, 8c); "
          + "3.1 is a section's number"
      ),
      (
        ["nonsense"],
        "no exercise 'nonsense': an exercise is its chapter's number and a letter (1a, 1b, 1c, "
          + "2a, 2b, 2c, 3a, 3b, 3c, 4a, 4b, 4c, 4d, 5a, 5b, 5c, 6a, 6b, 6c, 7a, 7b, 7c, 8a, 8b, "
          + "8c)"
      ),
    ]
    for (arguments, message) in cases {
      XCTAssertThrowsError(try GradeOptions.parse(arguments)) {
        XCTAssertEqual("\($0)", message)
      }
    }
  }

  func test_badArguments_exit64_withTheProblemAndWhereTheUsageIs_onStderr() async {
    let output = ConsoleRecorder()
    let errors = ConsoleRecorder()
    let status = await GradeCommand.run(
      arguments: ["--bogus"],
      console: output.console(),
      errors: errors.console()
    )
    XCTAssertEqual(status, 64)
    XCTAssertEqual(output.lines, [])
    XCTAssertEqual(
      errors.lines,
      ["Grade: unknown option '--bogus'", "The usage: swift run Grade --help"]
    )
  }
}
