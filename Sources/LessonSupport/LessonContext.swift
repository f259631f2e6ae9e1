import Foundation

/// What a lesson section gets to work with: where to print, and the clock to wait on.
public struct LessonContext: Sendable {
  /// Where the lesson prints.
  public let console: Console
  /// Every pause in the lesson goes through this clock.
  public let clock: any Clock<Duration>
  /// Whether the chapter runs with `--fast`; passed on to child processes it starts.
  public let isFast: Bool

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - console: where the lesson prints.
  ///   - clock: the clock for every pause (a `ManualClock` in tests).
  ///   - isFast: whether child processes should also run fast.
  public init(console: Console, clock: any Clock<Duration>, isFast: Bool = true) {
    self.console = console
    self.clock = clock
    self.isFast = isFast
  }
}
