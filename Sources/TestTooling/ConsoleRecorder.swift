import LessonSupport

/// Collects what a `Console` prints, for tests and for capturing a lesson's output in memory.
///
/// ```swift
/// let recorder = ConsoleRecorder()
/// let context = LessonContext(console: recorder.console(), clock: ManualClock())
/// context.console.section("9.1 Hello")
/// XCTAssertEqual(recorder.lines, ["", "=== 9.1 Hello ==="])
/// ```
public final class ConsoleRecorder: Sendable {
  // Thread safety: every access to the text goes through the lock.
  private let recorded = Locked("")

  /// Creates an empty recorder.
  public init() {}

  /// A console that writes into this recorder.
  ///
  /// - Parameter isTerminal: pass `true` to record escape codes as a terminal would get them.
  /// - Returns: a console whose output ends up in `text` and `lines`.
  public func console(isTerminal: Bool = false) -> Console {
    Console(isTerminal: isTerminal) { text in
      self.recorded.withLock { $0 += text }
    }
  }

  /// Every line printed so far, in order, without their newlines.
  public var lines: [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }  // the text ends with a newline
    return lines
  }

  /// Everything written so far, exactly as written.
  public var text: String {
    recorded.withLock { $0 }
  }
}
