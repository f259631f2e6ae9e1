import Foundation
import TestTooling
import XCTest

@testable import Grade

/// Hints come only when asked (`swift run Grade N.M --hint`): no docs page may show one, not
/// even folded, since an editor or a terminal shows a `<details>` block as plain text.
final class HintsStayOutOfTheDocsTests: XCTestCase {
  /// Every page under docs/, its text with runs of white space made one space.
  private func pages() throws -> [(name: String, text: String)] {
    let folder = repositoryRoot.appendingPathComponent("docs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    XCTAssertTrue(names.contains("Chapter01-Continuations.md"), "docs/ was not found")
    return try names.map { name in
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      return (name, squeezed(text))
    }
  }

  private func squeezed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A hint's sentences long enough to be its own words rather than a common phrase.
  private func sentences(of hint: String) -> [String] {
    squeezed(hint).components(separatedBy: ". ").filter { $0.count >= 40 }
  }

  func test_noPage_foldsHintsAway() throws {
    for page in try pages() {
      XCTAssertFalse(
        page.text.contains("<summary>Hints</summary>"),
        "docs/\(page.name) has a Hints block: hints are shown only by swift run Grade N.M --hint"
      )
    }
  }

  func test_noPage_quotesAHint() throws {
    let pages = try pages()
    var checked = 0
    for exercise in ExerciseCatalog.exercises {
      for hint in exercise.hints + exercise.mistakes.map(\.hint) {
        for sentence in sentences(of: hint) {
          checked += 1
          for page in pages where page.text.containsBytes(of: sentence) {
            XCTFail("docs/\(page.name) shows a hint of \(exercise.id): \"\(sentence)\"")
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 100, "the catalog's hints were not read")
  }

  /// The check itself: a page that quotes a hint is caught.
  func test_aQuotedHint_isFound() throws {
    let hint = try XCTUnwrap(ExerciseCatalog.exercises.first?.hints.last)
    let page = squeezed("Some text.\n\n<details>\n" + hint + "\n</details>")
    let sentence = try XCTUnwrap(sentences(of: hint).first)
    XCTAssertTrue(page.containsBytes(of: sentence))
    XCTAssertFalse(squeezed("Some text.").containsBytes(of: sentence))
  }
}
