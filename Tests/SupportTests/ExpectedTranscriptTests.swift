import TestTooling
import LessonSupport
import XCTest

final class ExpectedTranscriptTests: XCTestCase {
  func test_exactLines_match_withOrWithoutAFinalNewline() throws {
    let expected = try ExpectedTranscript("a\nb\nc")
    XCTAssertNil(expected.mismatch(with: "a\nb\nc\n"))
    XCTAssertNil(expected.mismatch(with: "a\nb\nc"))
  }

  func test_changedLine_isReportedAsADiff() throws {
    let expected = try ExpectedTranscript("one\ntwo\nthree\n")
    let mismatch = try XCTUnwrap(expected.mismatch(with: "one\nTWO\nthree\n"))
    XCTAssertEqual(
      mismatch.description,
      """
      output differs from the expected transcript (- expected, + actual):
        one
      - two
      + TWO
        three
      """
    )
  }

  func test_missingAndExtraLines_doNotMatch() throws {
    let expected = try ExpectedTranscript("one\ntwo\n")
    XCTAssertNotNil(expected.mismatch(with: "one\n"))
    XCTAssertNotNil(expected.mismatch(with: "one\ntwo\nthree\n"))
    XCTAssertNotNil(expected.mismatch(with: ""))
  }

  func test_diff_showsOnlyContextAroundChanges() throws {
    let lines = (1...20).map { "line \($0)" }
    var changed = lines
    changed[9] = "changed"
    let mismatch = try XCTUnwrap(
      ExpectedTranscript(lines.joined(separator: "\n")).mismatch(
        with: changed.joined(separator: "\n")
      )
    )
    XCTAssertEqual(
      mismatch.description.split(separator: "\n").dropFirst().map(String.init),
      [
        "...", "  line 7", "  line 8", "  line 9", "- line 10", "+ changed", "  line 11",
        "  line 12",
        "  line 13", "...",
      ]
    )
  }

  func test_anyOrderBlock_matchesItsLinesInAnyOrder_butNotOutsideIt() throws {
    let expected = try ExpectedTranscript(
      """
      start
      [any order]
      child 1 done
      child 2 done
      child 3 done
      [end any order]
      end
      """
    )
    XCTAssertEqual(
      expected.blocks,
      [.line("start"), .anyOrder(["child 1 done", "child 2 done", "child 3 done"]), .line("end")]
    )
    XCTAssertNil(expected.mismatch(with: "start\nchild 3 done\nchild 1 done\nchild 2 done\nend\n"))
    XCTAssertNotNil(
      expected.mismatch(with: "child 1 done\nstart\nchild 3 done\nchild 2 done\nend\n")
    )
    XCTAssertNotNil(
      expected.mismatch(with: "start\nchild 3 done\nchild 1 done\nchild 1 done\nend\n")
    )
  }

  func test_anyOrderBlock_thatMatched_isNotShownAsADifference() throws {
    let expected = try ExpectedTranscript("[any order]\nb\na\n[end any order]\nlast\n")
    let mismatch = try XCTUnwrap(expected.mismatch(with: "a\nb\nLAST\n"))
    XCTAssertEqual(mismatch.expected, ["a", "b", "last"])
    XCTAssertFalse(mismatch.description.contains("- a"))
    XCTAssertTrue(mismatch.description.contains("- last"))
  }

  func test_unbalancedMarkers_areFormatErrors() {
    XCTAssertThrowsError(try ExpectedTranscript("[any order]\na\n"))
    XCTAssertThrowsError(try ExpectedTranscript("a\n[end any order]\n"))
    XCTAssertThrowsError(try ExpectedTranscript("[any order]\n[any order]\n[end any order]\n"))
  }

  func test_markdown_readsTheCodeBlockAfterTheMarker() throws {
    let page = """
      # Chapter

      ```text
      not this block
      ```

      <!-- transcript: Chapter09 --fast -->
      ```text
      line one
      line two
      ```
      """
    let transcript = try ExpectedTranscript(markdown: page, id: "Chapter09 --fast")
    XCTAssertEqual(transcript.blocks, [.line("line one"), .line("line two")])
    XCTAssertThrowsError(try ExpectedTranscript(markdown: page, id: "Chapter10 --fast"))
    XCTAssertThrowsError(try ExpectedTranscript(markdown: "<!-- transcript: x -->\ntext", id: "x"))
  }
}
