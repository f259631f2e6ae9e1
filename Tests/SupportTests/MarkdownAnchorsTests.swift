import TestTooling
import LessonSupport
import XCTest

final class MarkdownAnchorsTests: XCTestCase {
  func test_anchors_followGitHubsRule_andSkipCodeBlocks() {
    let page = """
      # Chapter 01: Continuations
      ## 1.4 Checked vs unsafe, and callbacks that fire twice
      ```swift
      # not a heading
      ```
      ### Exercise 1a: Wrap a delegate API
      #hashtag is not a heading
      """
    XCTAssertEqual(
      MarkdownAnchors.anchors(in: page),
      [
        "chapter-01-continuations",
        "14-checked-vs-unsafe-and-callbacks-that-fire-twice",
        "exercise-1a-wrap-a-delegate-api",
      ]
    )
  }
}
