import Foundation
import TestTooling
import XCTest

/// Checks every Mermaid diagram of every docs page against the subset of Mermaid the pages use:
/// each line must be one the renderer reads, with no `;` in any label (Mermaid ends a statement
/// there) and no `#` in a sequence diagram's text (an entity code starts there), every arrow of
/// a sequence diagram between declared participants, and every class of a class diagram a type
/// the code declares.
final class DocsDiagramTests: XCTestCase {
  /// Types a class diagram may name that the standard library or Foundation declares.
  private let systemTypes: Set<String> = [
    "AsyncStream", "AsyncThrowingStream", "URLSession", "Task",
  ]

  func test_everyDiagramOfEveryPage_usesTheMermaidSubsetThePagesUse() throws {
    let docs = repositoryRoot.appendingPathComponent("docs")
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }
      .sorted()
    let code = try swiftSources()
    var diagrams = 0
    for page in pages {
      let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
      for diagram in mermaidBlocks(in: text) {
        diagrams += 1
        for problem in problems(in: diagram, code: code) {
          XCTFail("docs/\(page): \(problem)")
        }
      }
    }
    XCTAssertGreaterThan(diagrams, 10, "the pages have diagrams to check")
  }

  func test_theCheck_rejectsWhatBreaksARenderer() {
    let sequence = """
      sequenceDiagram
          participant A as one
          participant B as two
          A->>B: first; second
          A->>C: to nobody
          Note over A: issue #4
      """
    XCTAssertEqual(
      problems(in: sequence, code: ""),
      [
        "sequenceDiagram line 'A->>B: first; second': ';' in its text",
        "sequenceDiagram line 'A->>C: to nobody': 'C' is not a participant",
        "sequenceDiagram line 'Note over A: issue #4': '#' in its text",
      ]
    )
    let state = """
      stateDiagram-v2
          [*] --> Over: done; later
          Over -> [*]
      """
    XCTAssertEqual(
      problems(in: state, code: ""),
      [
        "stateDiagram-v2 line '[*] --> Over: done; later': ';' in its text",
        "stateDiagram-v2 line 'Over -> [*]': not a line of this diagram",
      ]
    )
    let classes = """
      classDiagram
          class Known {
              +run()
          }
          Known --> Unknown : calls
      """
    XCTAssertEqual(
      problems(in: classes, code: "struct Known {}"),
      ["classDiagram: 'Unknown' is no type the code declares"]
    )
  }

  // MARK: - The check

  private func mermaidBlocks(in page: String) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```mermaid" {
        current = []
      } else if let block = current, line == "```" {
        blocks.append(block.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    return blocks
  }

  private func problems(in diagram: String, code: String) -> [String] {
    let lines = diagram.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard let kind = lines.first else { return ["an empty diagram"] }
    let body = Array(lines.dropFirst())
    switch kind {
    case "sequenceDiagram": return sequenceProblems(body)
    case "stateDiagram-v2": return stateProblems(body)
    case "classDiagram": return classProblems(body, code: code)
    case "gantt":
      return linesNotMatching(
        body,
        kind: kind,
        [/(?:title|dateFormat|axisFormat|section) .+/, /[^:]+:\d+, \d+s/]
      )
    case _ where kind.hasPrefix("flowchart "):
      return linesNotMatching(
        body,
        kind: kind,
        [/\w+(?:\[[^\]]+\])? (?:--|-\.) .+ (?:-->|\.->) \w+(?:\[[^\]]+\])?/]
      )
    default: return ["'\(kind)' is not a diagram type the pages use"]
    }
  }

  private func sequenceProblems(_ lines: [String]) -> [String] {
    var participants: Set<String> = []
    var problems: [String] = []
    for line in lines {
      let problem: (String) -> Void = { problems.append("sequenceDiagram line '\(line)': \($0)") }
      var text: Substring
      if let match = line.wholeMatch(of: /participant (\w+)( as (.+))?/) {
        participants.insert(String(match.1))
        text = match.3 ?? ""
      } else if let match = line.wholeMatch(of: /(\w+)(->>|-->>|-x|--x|->|-->)(\w+): (.+)/) {
        for name in [match.1, match.3] where !participants.contains(String(name)) {
          problem("'\(name)' is not a participant")
        }
        text = match.4
      } else if let match = line.wholeMatch(of: /Note (over|left of|right of) ([\w, ]+): (.+)/) {
        for name in match.2.split(separator: ",") {
          let name = name.trimmingCharacters(in: .whitespaces)
          if !participants.contains(name) { problem("'\(name)' is not a participant") }
        }
        text = match.3
      } else if let match = line.wholeMatch(of: /(loop|alt|else|opt) (.+)/) {
        text = match.2
      } else if line == "end" {
        text = ""
      } else {
        problem("not a line of this diagram")
        continue
      }
      if text.contains(";") { problem("';' in its text") }
      if text.contains("#") { problem("'#' in its text") }
    }
    return problems
  }

  private func stateProblems(_ lines: [String]) -> [String] {
    lines.flatMap { line -> [String] in
      guard let match = line.wholeMatch(of: /(\[\*\]|\w+) --> (\[\*\]|\w+)( ?: (.+))?/) else {
        return ["stateDiagram-v2 line '\(line)': not a line of this diagram"]
      }
      let label = match.4 ?? ""
      return label.contains(";") ? ["stateDiagram-v2 line '\(line)': ';' in its text"] : []
    }
  }

  private func classProblems(_ lines: [String], code: String) -> [String] {
    var names: [String] = []
    var problems: [String] = []
    var inClass = false
    for line in lines {
      if inClass {
        if line == "}" { inClass = false }
        if line.contains(";") { problems.append("classDiagram line '\(line)': ';' in its text") }
      } else if let match = line.wholeMatch(of: /class (\w+) \{/) {
        names.append(String(match.1))
        inClass = true
      } else if let match = line.wholeMatch(
        of: /(\w+) (<\|\.\.|\.\.\|>|-->|\.\.>|<\|--) (\w+)( : (.+))?/
      ) {
        names += [String(match.1), String(match.3)]
        if (match.5 ?? "").contains(";") {
          problems.append("classDiagram line '\(line)': ';' in its text")
        }
      } else if line.wholeMatch(of: /direction (LR|RL|TB|BT)/) == nil {
        problems.append("classDiagram line '\(line)': not a line of this diagram")
      }
    }
    var reported: Set<String> = []
    for name in names where !systemTypes.contains(name) && !reported.contains(name) {
      reported.insert(name)
      let declared = ["class", "struct", "protocol", "enum", "actor", "typealias"].contains {
        code.containsBytes(of: "\($0) \(name) ") || code.containsBytes(of: "\($0) \(name):")
          || code.containsBytes(of: "\($0) \(name)<")
      }
      if !declared {
        problems.append("classDiagram: '\(name)' is no type the code declares")
      }
    }
    return problems
  }

  private func linesNotMatching(
    _ lines: [String],
    kind: String,
    _ patterns: [Regex<Substring>]
  ) -> [String] {
    lines.filter { line in !patterns.contains { line.wholeMatch(of: $0) != nil } }
      .map { "\(kind) line '\($0)': not a line of this diagram" }
  }

  /// Every Swift file under Sources and Chapters, joined.
  private func swiftSources() throws -> String {
    var text = ""
    for folder in ["Sources", "Chapters"] {
      let root = repositoryRoot.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
      for file in files where file.hasSuffix(".swift") {
        text += try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      }
    }
    return text
  }
}
