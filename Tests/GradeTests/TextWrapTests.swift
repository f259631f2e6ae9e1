import Foundation
import TestTooling
import XCTest

@testable import Grade

/// On a terminal, a failure's lines and the hints break between words at its width; in a pipe
/// each stays one line.
final class TextWrapTests: XCTestCase {
  private let sentence =
    "  did not finish in 5 s: is a continuation never resumed? Or a stream never finished?"

  func test_withoutAWidth_orWithinIt_aLineStaysWhole() {
    XCTAssertEqual(TextWrap.lines(sentence, width: nil), [sentence])
    XCTAssertEqual(TextWrap.lines(sentence, width: sentence.count), [sentence])
  }

  func test_aLongLine_breaksBetweenWords_keepingItsIndent_andItsWords() {
    let lines = TextWrap.lines(sentence, width: 30)
    XCTAssertEqual(
      lines,
      [
        "  did not finish in 5 s: is a",
        "  continuation never resumed?",
        "  Or a stream never finished?",
      ]
    )
    XCTAssertTrue(lines.allSatisfy { $0.count <= 30 })
    let words = lines.flatMap { $0.split(separator: " ") }
    XCTAssertEqual(words, sentence.split(separator: " "), "the same words, in the same order")
  }

  func test_continuationLines_mayHangUnderTheFirst() {
    XCTAssertEqual(
      TextWrap.lines("  Hint 1 of 3: wait on the clock given", width: 20, hanging: 2),
      ["  Hint 1 of 3: wait", "    on the clock", "    given"]
    )
  }

  func test_aWordLongerThanALine_keepsALineOfItsOwn_andRunsOfSpacesStay() {
    XCTAssertEqual(
      TextWrap.lines("  in Ex7c_PrefetchingBridgeTests.test_aVeryLongName now", width: 12),
      ["  in", "  Ex7c_PrefetchingBridgeTests.test_aVeryLongName", "  now"]
    )
    XCTAssertEqual(
      TextWrap.lines("a  b c", width: 4),
      ["a  b", "c"]
    )
  }

  func test_theScoreboard_wrapsAFailure_andItsHints_butNotTheCompilersExcerpts() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("wrap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    let exercises = ExerciseCatalog.exercises(in: ExerciseCatalog.chapter01)
    let message = String(repeating: "a message longer than the terminal is wide ", count: 4)
    let excerpt = "   26 |     takeContinuation()?.resume(returnin: document) // " + message
    let results: [(exercise: Exercise, verdict: Verdict)] = [
      (exercises[0], .failing(Failure(test: "test_x", message: message, details: [message]))),
      (
        exercises[1],
        .failing(
          Failure(kind: .doesNotCompile, test: nil, message: "does not compile", details: [excerpt])
        )
      ),
    ]
    for width in [nil, 60] {
      let recorder = ConsoleRecorder()
      Scoreboard(
        results: results,
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: root),
        everyFailure: true,
        width: width
      ).render(on: recorder.console())
      let lines = recorder.lines
      if let width {
        let failure = lines.drop { !$0.hasPrefix("First failure: ") }.prefix { $0 != "" }
        XCTAssertGreaterThan(failure.count, 6, "\(lines)")
        for line in failure {
          // Only a word longer than a line (a link) may pass the width, on a line of its own.
          let oneWord = !line.drop { $0 == " " }.contains(" ")
          XCTAssertTrue(line.count <= width || oneWord, line)
        }
      } else {
        XCTAssertTrue(lines.contains("  " + message), "\(lines)")
        XCTAssertTrue(lines.contains("    " + message), "\(lines)")
      }
      XCTAssertTrue(lines.contains("    " + excerpt), "never broken: \(lines)")
    }
  }
}
