import XCTest

@testable import Grade

final class TestReportTests: XCTestCase {
  func test_linuxOutput_givesEachTestsStatusAndFailures() {
    let report = TestReport(
      xctestOutput: """
        Test Suite 'Selected tests' started at 2026-11-21 21:47:06.770
        Test Case 'Ex1_2Tests.test_a' started at 2026-11-21 21:47:06.771
        /work/Tests/Ex1_2Tests.swift:33: error: Ex1_2Tests.test_a : XCTAssertEqual failed: ("1") is not equal to ("2") - must be two
        Test Case 'Ex1_2Tests.test_a' failed (0.001 seconds)
        Test Case 'Ex1_2Tests.test_b' started at 2026-11-21 21:47:06.772
        Test Case 'Ex1_2Tests.test_b' passed (0.0 seconds)
        Test Case 'Ex1_2Tests.test_c' started at 2026-11-21 21:47:06.773
        """
    )
    XCTAssertEqual(report.failedTests, ["test_a"])
    XCTAssertEqual(report.passedCount, 1)
    XCTAssertEqual(report.unfinishedTest, "test_c")
    XCTAssertEqual(
      report.failures["test_a"],
      [#"XCTAssertEqual failed: ("1") is not equal to ("2") - must be two"#]
    )
    XCTAssertFalse(report.allPassed)
    XCTAssertEqual(report.firstFailureLocations["test_a"], "Tests/Ex1_2Tests.swift:33")
  }

  func test_failureLocation_isThePathFromTests_andNoneForAThrownError() {
    XCTAssertEqual(
      TestReport.location("/home/me/tutorial/Tests/ExerciseTests/Chapter01/X.swift:31"),
      "Tests/ExerciseTests/Chapter01/X.swift:31"
    )
    XCTAssertEqual(TestReport.location("/elsewhere/X.swift:7"), "/elsewhere/X.swift:7")
    XCTAssertNil(TestReport.location("<EXPR>:0"))
  }

  func test_macOSOutput_isReadTheSameWay() {
    let report = TestReport(
      xctestOutput: """
        Test Case '-[ExerciseTests.Ex1_2Tests test_a]' started.
        /work/Tests/Ex1_2Tests.swift:33: error: -[ExerciseTests.Ex1_2Tests test_a] : failed - nope
        Test Case '-[ExerciseTests.Ex1_2Tests test_a]' failed (0.001 seconds).
        """
    )
    XCTAssertEqual(report.failedTests, ["test_a"])
    XCTAssertEqual(report.failures["test_a"], ["failed - nope"])
    XCTAssertNil(report.unfinishedTest)
  }

  func test_allPassed_needsAtLeastOneTest() {
    XCTAssertFalse(TestReport(xctestOutput: "").allPassed)
    XCTAssertTrue(
      TestReport(
        xctestOutput:
          "Test Case 'T.test_a' started at x\nTest Case 'T.test_a' passed (0.0 seconds)\n"
      ).allPassed
    )
  }
}
