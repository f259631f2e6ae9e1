/// The link anchors of a Markdown page's headings, as GitHub makes them.
///
/// ```swift
/// let anchors = MarkdownAnchors.anchors(in: "## 1.2 Wrapping a delegate API")
/// // anchors == ["12-wrapping-a-delegate-api"]
/// ```
///
/// Tests use it to prove that every `docs/Page.md#anchor` the code or the grader shows exists.
public enum MarkdownAnchors {
  /// The anchors of every heading (`#` to `######`) outside fenced code blocks, in order.
  public static func anchors(in markdown: String) -> [String] {
    var anchors: [String] = []
    var inFence = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let text = line.drop { $0 == "#" }
      guard text.hasPrefix(" ") else { continue }
      anchors.append(anchor(for: String(text.dropFirst())))
    }
    return anchors
  }

  /// GitHub's rule: lower case; drop punctuation but hyphens and underscores; spaces to hyphens.
  public static func anchor(for heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        if character.isLetter || character.isNumber || character == "-" || character == "_" {
          return character
        }
        return nil
      }
    )
  }
}
