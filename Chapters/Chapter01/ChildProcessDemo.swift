// Code that crashes or hangs on purpose runs in a child process: `Chapter01 --demo NAME`. The
// chapter then prints what the child wrote, and the runtime's own words from its stderr.
import Foundation
import TutorialSupport

/// Runs one of `misuseDemos` in a child process and reports what happened.
func runDemoInChildProcess(_ name: String, context: LessonContext) async throws {
  let console = context.console
  let executable = try BuildProducts.executable(named: "Chapter01")
  let result = try await ChildProcess.run(
    executable,
    arguments: ["--demo", name] + (context.isFast ? ["--fast"] : []),
    environment: ["SWIFT_BACKTRACE": "enable=no"],  // the message, without a page of backtrace
    timeout: .seconds(60)  // a safety net only: every demo ends by itself
  )
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
  var ending = "  the child \(result.termination)"
  if case .signalled = result.termination {
    ending += " (exit status \(result.termination.shellStatus) in a shell)"
  }
  console.print(ending)
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
