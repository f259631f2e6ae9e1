// Code that crashes or hangs on purpose runs in a child process: `Chapter01 --demo NAME`. The
// chapter then prints what the child wrote, and the runtime's own words from its stderr.
import ChildProcesses
import LessonSupport
import Foundation

/// Runs one of the chapter's demos in a child process and reports what happened.
///
/// - Parameters:
///   - showingHowItEnded: false where how the child ends is undefined and changes between runs.
///   - timeout: a safety net for a child that hangs.
func runDemoInChildProcess(
  _ name: String,
  context: LessonContext,
  showingHowItEnded: Bool = true,
  timeout: Duration = .seconds(60)
) async throws {
  let console = context.console
  let result = try await context.runInChildProcess(demo: name, timeout: timeout)
  if showingHowItEnded {
    for line in result.stdout.split(separator: "\n") {
      console.print("  child   | \(line)")
    }
  }
  let runtimeLines = runtimeMessages(in: result.stderr)
  if runtimeLines.isEmpty {
    console.print("  runtime | (no continuation-misuse message)")
  }
  for line in runtimeLines {
    console.print("  runtime | \(line)", style: .failure)
  }
  if showingHowItEnded {
    // A trap is SIGILL on x86_64 and SIGTRAP on arm64: the words hold on every machine.
    console.print("  the child \(result.termination)")
  }
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

/// Runs a leak demo's call, which never returns, and ends the process once the classifier's only
/// callback has run and been released and the call has suspended: a checked continuation reports
/// its leak when the last of those two lets go of it.
///
/// The call and the watcher that ends the process share one serial executor, so the watcher runs
/// only after the call's turn, its continuation's body included, is over.
func callThatNeverReturns(
  after scheduler: CallbackScheduler,
  console: Console,
  _ call: @escaping @Sendable () async throws -> Void
) async throws {
  let oneQueue = OneQueueExecutor()
  Task.detached(executorPreference: oneQueue) {
    await scheduler.waitUntilDelivered(count: 1)
    console.print("the classifier called back with .failure; the caller is still suspended")
    exit(0)
  }
  try await withTaskExecutorPreference(oneQueue, operation: call)
}

/// Runs the jobs given to it one at a time, in order, on one dispatch queue.
private final class OneQueueExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "leak demo")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
