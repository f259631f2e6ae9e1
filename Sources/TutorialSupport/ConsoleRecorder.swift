/// Collects what a `Console` prints, for tests and for capturing a lesson's output in memory.
///
/// ```swift
/// let recorder = ConsoleRecorder()
/// await runDelegateWrapping(LessonContext(console: recorder.console, clock: ManualClock()))
/// XCTAssertEqual(recorder.lines, ["...", "..."])
/// ```
public final class ConsoleRecorder: Sendable {
  // Thread safety: every access to the lines goes through the lock.
  private let recorded = Locked<[String]>([])

  /// Creates an empty recorder.
  public init() {}

  /// A console that writes into this recorder.
  ///
  /// - Parameter isTerminal: pass `true` to record escape codes as a terminal would get them.
  /// - Returns: a console whose lines end up in `lines`.
  public func console(isTerminal: Bool = false) -> Console {
    Console(isTerminal: isTerminal) { line in
      self.recorded.withLock { $0.append(line) }
    }
  }

  /// Every line printed so far, in order.
  public var lines: [String] {
    recorded.withLock { $0 }
  }

  /// Every line printed so far, joined with newlines and ending in one.
  public var text: String {
    lines.map { $0 + "\n" }.joined()
  }
}
