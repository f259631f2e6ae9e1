import TestTooling
import Foundation
import XCTest

/// Checks that every `<!-- snippet: NAME -->` code block of a docs page is, line for line, the
/// region between `// snippet.NAME` and `// snippet.end` in the chapter's sources (dedented), so
/// code shown in the docs is code that compiles and runs.
func assertDocsSnippetsMatchCode(
  chapterFolder: String,
  docsPage: String,
  file: StaticString = #filePath,
  line: UInt = #line
) throws {
  let folder = repositoryRoot.appendingPathComponent(chapterFolder)
  var regions: [String: [String]] = [:]
  for name in try swiftFiles(in: folder) {
    let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    var current: String?
    for sourceLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = sourceLine.trimmingCharacters(in: .whitespaces)
      if trimmed == "// snippet.end" {
        current = nil
      } else if trimmed.hasPrefix("// snippet.") {
        current = String(trimmed.dropFirst("// snippet.".count))
        regions[current ?? ""] = []
      } else if let current {
        regions[current, default: []].append(String(sourceLine))
      }
    }
  }

  let page = try String(
    contentsOf: repositoryRoot.appendingPathComponent("docs/\(docsPage)"),
    encoding: .utf8
  )
  let pageLines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  var checked = 0
  for (index, pageLine) in pageLines.enumerated() where pageLine.hasPrefix("<!-- snippet: ") {
    let name = String(pageLine.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
    guard let region = regions[name] else {
      XCTFail(
        "docs/\(docsPage) shows snippet '\(name)', which no file marks",
        file: file,
        line: line
      )
      continue
    }
    let block = pageLines[(index + 2)...].prefix { $0 != "```" }
    XCTAssertEqual(
      Array(block),
      dedent(region),
      "snippet '\(name)' in docs/\(docsPage) differs from \(chapterFolder)",
      file: file,
      line: line
    )
    checked += 1
  }
  XCTAssertGreaterThan(checked, 0, "docs/\(docsPage) shows no snippets", file: file, line: line)
}

private func dedent(_ lines: [String]) -> [String] {
  let indent =
    lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    .map { $0.prefix { $0 == " " }.count }
    .min() ?? 0
  return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
}

/// Checks that every `docs/Page.md#anchor` written in the Swift files of `folders` names a page
/// that exists and a heading on it.
func assertDocsLinksExist(
  in folders: [String],
  file: StaticString = #filePath,
  line: UInt = #line
) throws {
  let link = /docs\/([A-Za-z0-9-]+\.md)#([a-z0-9_-]+)/
  var checked = 0
  for folder in folders {
    let url = repositoryRoot.appendingPathComponent(folder)
    for name in try swiftFiles(in: url) {
      let source = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
      for match in source.matches(of: link) {
        let page = try String(
          contentsOf: repositoryRoot.appendingPathComponent("docs/\(match.1)"),
          encoding: .utf8
        )
        XCTAssertTrue(
          MarkdownAnchors.anchors(in: page).contains(String(match.2)),
          "\(folder)/\(name) links docs/\(match.1)#\(match.2), which has no such heading",
          file: file,
          line: line
        )
        checked += 1
      }
    }
  }
  XCTAssertGreaterThan(checked, 0, "no docs links found", file: file, line: line)
}

/// The Swift files in `folder` and the folders below it (a chapter's StandIns/, say), as paths
/// relative to `folder`.
private func swiftFiles(in folder: URL) throws -> [String] {
  guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
    throw CocoaError(.fileReadNoSuchFile)
  }
  return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
}
