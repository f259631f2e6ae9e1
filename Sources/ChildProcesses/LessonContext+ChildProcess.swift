import Foundation
import LessonSupport

extension LessonContext {
  /// Runs one of the chapter's demos, code that crashes or hangs on purpose, in a child process:
  /// this same program, started again as `CHAPTER --demo NAME` (with `--fast` if this run has
  /// it), so the crash ends the child and the lesson goes on to report it.
  ///
  /// ```swift
  /// let result = try await context.runInChildProcess(demo: "sensor-double-resume")
  /// context.console.print("the child \(result.termination)")  // "crashed (a runtime trap)"
  /// ```
  ///
  /// - Parameters:
  ///   - name: a key of the chapter's `demos`.
  ///   - timeout: a safety net; a demo should end by itself.
  /// - Returns: what the child printed and how it ended.
  /// - Throws: `ChildProcess.LaunchError` if the program cannot be started again.
  public func runInChildProcess(
    demo name: String,
    timeout: Duration = .seconds(60)
  ) async throws -> ChildProcessResult {
    let program = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return try await ChildProcess.run(
      program,
      arguments: ["--demo", name] + (isFast ? ["--fast"] : []),
      // The runtime's one-line message, without the page of backtrace it adds by default.
      environment: ["SWIFT_BACKTRACE": "enable=no"],
      timeout: timeout
    )
  }
}
