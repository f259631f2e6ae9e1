import Foundation
import TestTooling
import XCTest

/// Checks every relative link of the README and the docs pages: the file it names exists, and
/// the heading its `#anchor` names is on that page (GitHub's anchor rule, `MarkdownAnchors`).
final class DocsLinksTests: XCTestCase {
  func test_everyRelativeLink_namesAFileThatExists_andAHeadingOnIt() throws {
    let docs = repositoryRoot.appendingPathComponent("docs")
    let pages =
      ["README.md"]
      + (try FileManager.default.contentsOfDirectory(atPath: docs.path))
      .filter { $0.hasSuffix(".md") }
      .sorted()
      .map { "docs/\($0)" }
    var checked = 0
    for page in pages {
      let text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(page),
        encoding: .utf8
      )
      for target in relativeLinks(in: text) {
        checked += 1
        if let problem = problem(with: target, from: page) {
          XCTFail("\(page) links \(target): \(problem)")
        }
      }
    }
    XCTAssertGreaterThan(checked, 100, "the pages have relative links to check")
  }

  func test_theCheck_rejectsAMissingFileAndAMissingHeading() {
    let links = relativeLinks(
      in: """
        See [the server](../README.md#no-such-heading), [a page](Missing.md) and
        [a site](https://example.com).
        ```
        [in a code block](Ignored.md)
        ```
        """
    )
    XCTAssertEqual(links, ["../README.md#no-such-heading", "Missing.md"])
    XCTAssertEqual(
      problem(with: links[0], from: "docs/Chapter04-Networking.md"),
      "README.md has no heading with the anchor no-such-heading"
    )
    XCTAssertEqual(problem(with: links[1], from: "docs/Chapter04-Networking.md"), "no such file")
    XCTAssertNil(problem(with: "Contributing.md#the-local-http-server", from: "docs/X.md"))
  }

  /// The targets of the page's links that are not web addresses, outside code blocks.
  private func relativeLinks(in text: String) -> [String] {
    var inCode = false
    var targets: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inCode.toggle()
        continue
      }
      guard !inCode else { continue }
      for match in line.matches(of: /\]\(([^)\s]+)\)/) {
        let target = String(match.1)
        if !target.hasPrefix("http://") && !target.hasPrefix("https://") {
          targets.append(target)
        }
      }
    }
    return targets
  }

  /// What is wrong with `target`, linked from `page` (a path from the repository's root).
  private func problem(with target: String, from page: String) -> String? {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0].isEmpty ? page : "\(page)/../\(parts[0])"
    let file = repositoryRoot.appendingPathComponent(path).standardizedFileURL
    guard FileManager.default.fileExists(atPath: file.path) else { return "no such file" }
    guard parts.count == 2, file.pathExtension == "md" else { return nil }
    let anchor = String(parts[1])
    guard let text = try? String(contentsOf: file, encoding: .utf8),
      MarkdownAnchors.anchors(in: text).contains(anchor)
    else { return "\(file.lastPathComponent) has no heading with the anchor \(anchor)" }
    return nil
  }
}
