// Long lines on a terminal: a failure's message, details and hints are broken between words to
// the terminal's width, rather than by the terminal in the middle of a word. In a pipe (a log, a
// test, CI) each stays one line.
import Foundation

enum TextWrap {
  /// The columns of the terminal standard output writes to; nil when it writes to no terminal.
  static var terminalColumns: Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Breaks `line` between words into lines of at most `width` characters.
  ///
  /// Each line after the first is indented as `line` is, plus `hanging` spaces; spaces within a
  /// line are kept as they are. A word longer than a line keeps a line of its own. With no
  /// width, `line` alone.
  static func lines(_ line: String, width: Int?, hanging: Int = 0) -> [String] {
    guard let width, line.count > width else { return [line] }
    let indent = String(line.prefix { $0 == " " })
    let continuation = indent + String(repeating: " ", count: hanging)
    // An empty "word" is a second space in a row: kept, and never a place to break.
    let words = line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false)
    var lines: [String] = []
    var current = indent
    var hasWord = false
    for word in words {
      if hasWord, !word.isEmpty, current.count + 1 + word.count > width {
        while current.hasSuffix(" ") { current.removeLast() }
        lines.append(current)
        current = continuation
        hasWord = false
      }
      current += (hasWord ? " " : "") + word
      hasWord = hasWord || !word.isEmpty
    }
    lines.append(current)
    return lines
  }
}
