import Foundation

/// Where lesson code prints: whole lines, in order, styled only when a person is watching.
///
/// ```swift
/// let console = Console.standard
/// console.section("1.1 The continuation API")
/// console.print("resumed with \(value)")
/// ```
///
/// Every call writes complete lines with one `write`, so output piped into a file or a test is
/// complete and never interleaved mid-line. Colour and symbols are used only on a terminal.
///
/// Do: pass a `Console` into lesson code. Not: call Swift's `print`, which buffers differently
/// when stdout is a pipe.
public struct Console: Sendable {
  /// Whether output goes to a terminal; when false, no escape codes are written.
  public let isTerminal: Bool
  private let writeLine: @Sendable (String) -> Void

  /// Creates a console that hands each finished line (without its newline) to `writeLine`.
  ///
  /// - Parameters:
  ///   - isTerminal: whether to style text with ANSI escape codes.
  ///   - writeLine: receives one line at a time, in order.
  public init(isTerminal: Bool, writeLine: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.writeLine = writeLine
  }

  /// The process's standard output: styled on a terminal, plain in a pipe or with `NO_COLOR` set.
  public static let standard = Console(
    isTerminal: StandardOutput.isStyledTerminal,
    writeLine: { StandardOutput.write($0 + "\n") }
  )

  /// The process's standard error: plain text, for error messages and usage.
  public static let standardError = Console(
    isTerminal: false,
    writeLine: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
  )

  /// Prints `text`; text with newlines is written as several lines, in order.
  public func print(_ text: String = "") {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      writeLine(String(line))
    }
  }

  /// Prints `text` in a style (plain text when not on a terminal).
  public func print(_ text: String, style: ConsoleStyle) {
    print(styled(text, style))
  }

  /// Prints a section banner preceded by a blank line: `=== 1.2 Wrapping a delegate API ===`.
  public func section(_ title: String) {
    print()
    print("=== \(title) ===", style: .heading)
  }

  /// Returns `text` wrapped in the escape codes for `style`, or unchanged when not a terminal.
  public func styled(_ text: String, _ style: ConsoleStyle) -> String {
    guard isTerminal, style != .plain else { return text }
    return "\u{1B}[\(style.escapeCode)m\(text)\u{1B}[0m"
  }
}

/// A text style for terminal output.
public enum ConsoleStyle: Sendable {
  /// No styling.
  case plain
  /// Section banners.
  case heading
  /// Emphasis.
  case bold
  /// Asides and explanations.
  case dim
  /// Something that worked.
  case success
  /// Something that failed, or a runtime error message.
  case failure

  var escapeCode: String {
    switch self {
    case .plain: "0"
    case .heading: "1;36"
    case .bold: "1"
    case .dim: "2"
    case .success: "32"
    case .failure: "31"
    }
  }
}

/// Whole-line writes to file descriptor 1.
enum StandardOutput {
  // Thread safety: the lock keeps lines from different threads whole and in call order.
  private static let lock = Locked(())

  static var isStyledTerminal: Bool {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
      && environment["TERM"] != "dumb"
  }

  static func write(_ text: String) {
    lock.withLock { _ in
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
}
