/// The expected console output of a chapter, compared line by line with a real run.
///
/// Lines must match exactly and in order, except inside a block marked
/// `[any order]` ... `[end any order]`, whose lines may come in any order (for output from
/// concurrent work whose order the lesson says is unspecified).
///
/// ```swift
/// let expected = try ExpectedTranscript(markdown: page, id: "Chapter01 --fast")
/// if let mismatch = expected.mismatch(with: result.stdout) { XCTFail("\(mismatch)") }
/// ```
public struct ExpectedTranscript: Equatable, Sendable {
  /// The marker line that opens a block of lines in any order.
  public static let anyOrderStart = "[any order]"
  /// The marker line that closes it.
  public static let anyOrderEnd = "[end any order]"

  /// A piece of the transcript.
  public enum Block: Equatable, Sendable {
    /// One line that must appear exactly here.
    case line(String)
    /// Lines that must all appear here, in any order.
    case anyOrder([String])
  }

  /// The blocks, in order.
  public let blocks: [Block]

  /// A transcript that cannot be read.
  public struct FormatError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
  }

  /// Reads a transcript from text with optional `[any order]` markers.
  ///
  /// - Parameter text: the transcript; a final newline is optional.
  /// - Throws: `FormatError` for unbalanced markers.
  public init(_ text: String) throws(FormatError) {
    var blocks: [Block] = []
    var unordered: [String]?
    for line in Self.lines(of: text) {
      switch (line, unordered) {
      case (Self.anyOrderStart, nil):
        unordered = []
      case (Self.anyOrderStart, _):
        throw FormatError(description: "'\(Self.anyOrderStart)' inside another block")
      case (Self.anyOrderEnd, let block?):
        blocks.append(.anyOrder(block))
        unordered = nil
      case (Self.anyOrderEnd, nil):
        throw FormatError(description: "'\(Self.anyOrderEnd)' without '\(Self.anyOrderStart)'")
      case (_, var block?):
        block.append(line)
        unordered = block
      case (_, nil):
        blocks.append(.line(line))
      }
    }
    if unordered != nil {
      throw FormatError(description: "'\(Self.anyOrderStart)' is never closed")
    }
    self.blocks = blocks
  }

  /// Reads the transcript a docs page shows after `<!-- transcript: ID -->`, in the next
  /// fenced code block.
  ///
  /// - Parameters:
  ///   - markdown: the whole page.
  ///   - id: the marker's text, such as "Chapter01 --fast".
  /// - Throws: `FormatError` when the marker or its code block is missing.
  public init(markdown: String, id: String) throws(FormatError) {
    let lines = Self.lines(of: markdown)
    let marker = "<!-- transcript: \(id) -->"
    guard let markerIndex = lines.firstIndex(of: marker) else {
      throw FormatError(description: "no line '\(marker)' in the page")
    }
    let afterMarker = lines[(markerIndex + 1)...]
    guard let open = afterMarker.firstIndex(where: { $0.hasPrefix("```") }),
      let close = afterMarker[(open + 1)...].firstIndex(of: "```")
    else {
      throw FormatError(description: "no fenced code block after '\(marker)'")
    }
    try self.init(afterMarker[(open + 1)..<close].joined(separator: "\n"))
  }

  /// Compares `actual` output with this transcript.
  ///
  /// - Parameter actual: the whole output; a final newline is optional.
  /// - Returns: `nil` when it matches, otherwise a mismatch with a readable diff.
  public func mismatch(with actual: String) -> TranscriptMismatch? {
    let actualLines = Self.lines(of: actual)
    // The expected lines, with each matching any-order block rewritten in the actual order, so
    // the diff shows only real differences.
    var expectedLines: [String] = []
    var position = 0
    var matches = true
    for block in blocks {
      switch block {
      case .line(let line):
        expectedLines.append(line)
        matches = matches && position < actualLines.count && actualLines[position] == line
        position += 1
      case .anyOrder(let block):
        let end = min(position + block.count, actualLines.count)
        let candidate = Array(actualLines[min(position, end)..<end])
        if candidate.sorted() == block.sorted() {
          expectedLines += candidate
        } else {
          expectedLines += block
          matches = false
        }
        position += block.count
      }
    }
    if matches && position == actualLines.count { return nil }
    return TranscriptMismatch(expected: expectedLines, actual: actualLines)
  }

  static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// The difference between expected and actual output.
public struct TranscriptMismatch: Error, CustomStringConvertible, Sendable {
  /// The expected lines (any-order blocks that matched are shown in the actual order).
  public let expected: [String]
  /// The actual lines.
  public let actual: [String]

  /// A unified diff: `-` expected only, `+` actual only, with three lines of context.
  public var description: String {
    "output differs from the expected transcript (- expected, + actual):\n"
      + LineDiff(expected, actual).unified(context: 3)
  }
}
