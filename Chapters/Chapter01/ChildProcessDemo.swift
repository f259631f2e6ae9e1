// Code that crashes or hangs on purpose runs in a child process: `Chapter01 --demo NAME`. The
// chapter then prints what the child wrote, and the runtime's own words from its stderr.
import ChildProcesses
import LessonSupport
import Foundation

/// Runs one of `misuseDemos` in a child process and reports what happened.
func runDemoInChildProcess(_ name: String, context: LessonContext) async throws {
  let console = context.console
  let result = try await context.runInChildProcess(demo: name)
  for line in result.stdout.split(separator: "\n") {
    console.print("  child   | \(line)")
  }
  let runtimeLines = runtimeMessages(in: result.stderr)
  if runtimeLines.isEmpty {
    console.print("  runtime | (nothing on stderr)")
  }
  for line in runtimeLines {
    console.print("  runtime | \(line)", style: .failure)
  }
  // A trap is SIGILL on x86_64 and SIGTRAP on arm64: the words hold on every machine.
  console.print("  the child \(result.termination)")
}

/// The continuation-misuse lines of a child's stderr, without the source-file prefix the runtime
/// puts before "Fatal error" (it changes between toolchains).
func runtimeMessages(in stderr: String) -> [String] {
  stderr.split(separator: "\n").compactMap { line in
    guard line.contains("SWIFT TASK CONTINUATION MISUSE") else { return nil }
    if let fatal = line.range(of: "Fatal error: ") {
      return String(line[fatal.lowerBound...])
    }
    return line.range(of: "SWIFT TASK").map { String(line[$0.lowerBound...]) }
  }
}
