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
  /// Writes text exactly as given, in one piece: whole lines, or a live redraw on a terminal.
  package let write: @Sendable (String) -> Void

  /// Creates a console that hands its output to `write`, one call per print.
  ///
  /// - Parameters:
  ///   - isTerminal: whether to style text with ANSI escape codes and draw live progress.
  ///   - write: receives text ending in a newline (or, on a terminal, a progress redraw).
  public init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.write = write
  }

  /// The process's standard output: styled on a terminal, plain in a pipe or with `NO_COLOR` set.
  public static let standard = Console(
    isTerminal: StandardOutput.isStyledTerminal,
    write: { StandardOutput.write($0) }
  )

  /// The process's standard error: plain text, for error messages and usage.
  public static let standardError = Console(
    isTerminal: false,
    write: { FileHandle.standardError.write(Data($0.utf8)) }
  )

  /// Prints `text` and a newline; text with newlines is several lines, written together.
  public func print(_ text: String = "") {
    write(text + "\n")
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
  // Thread safety: the lock keeps lines from different threads whole and in call order. A plain
  // NSLock: with `Locked(())` the thread sanitizer reported a "Swift access race" on the empty
  // state in about 1 run of Chapter03 in 40, although every access was under the lock.
  private static let lock = NSLock()

  static var isStyledTerminal: Bool {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
      && environment["TERM"] != "dumb"
  }

  static func write(_ text: String) {
    lock.withLock {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
}
