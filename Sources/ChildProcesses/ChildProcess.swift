import Foundation
import LessonSupport

/// How a child process ended.
public enum Termination: Sendable, Equatable, CustomStringConvertible {
  /// It exited by itself with this status.
  case exited(Int32)
  /// It was killed by this signal (`RuntimeTrap.signal` for a Swift runtime trap).
  case signalled(Int32)
  /// It was still running at the deadline and was killed.
  case timedOut
  /// It used next to no processor time for this long, waiting for something that never came,
  /// and was killed (see `ChildProcess.run`'s `stallLimit`).
  case stalled(after: Duration)
  /// It wrote a line of standard output it was to be stopped at, and was killed (see
  /// `ChildProcess.run`'s `stopAtLine`).
  case stoppedAtLine(String)

  /// The status a shell would show: the exit status, or 128 + the signal number.
  public var shellStatus: Int32 {
    switch self {
    case .exited(let status): status
    case .signalled(let signal): 128 + signal
    case .timedOut, .stalled, .stoppedAtLine: 128 + SIGKILL
    }
  }

  /// A short human phrase: "exited with status 0", "crashed (a runtime trap)", "crashed with
  /// SIGSEGV", "was stopped by SIGTERM", "timed out", "stalled for 2 s", "was stopped after
  /// the line ...".
  public var description: String {
    switch self {
    case .exited(let status): "exited with status \(status)"
    case .signalled(RuntimeTrap.signal): "crashed (a runtime trap)"
    case .signalled(let signal) where [SIGINT, SIGTERM, SIGKILL, SIGHUP].contains(signal):
      "was stopped by \(Self.signalName(signal))"
    case .signalled(let signal): "crashed with \(Self.signalName(signal))"
    case .timedOut: "timed out"
    case .stalled(let limit): "stalled for \(limit.formatted(.units(width: .narrow)))"
    case .stoppedAtLine(let line): "was stopped after the line \"\(line)\""
    }
  }

  /// The conventional name of a signal number, such as "SIGSEGV".
  public static func signalName(_ signal: Int32) -> String {
    var names: [Int32: String] = [
      SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
      SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE",
      SIGTERM: "SIGTERM",
    ]
    names[RuntimeTrap.signal] = RuntimeTrap.signalName
    return names[signal] ?? "signal \(signal)"
  }
}

/// What a finished child process wrote and how it ended.
public struct ChildProcessResult: Sendable {
  /// Everything written to standard output, decoded as UTF-8.
  public let stdout: String
  /// Everything written to standard error, decoded as UTF-8.
  public let stderr: String
  /// How the process ended.
  public let termination: Termination
  /// The processor time the child used, user and system: near zero for a child that waited
  /// the whole time, near its run time for one that looped.
  public let cpuTime: Duration

  /// Creates a result, as `ChildProcess.run` does (tests make their own).
  public init(stdout: String, stderr: String, termination: Termination, cpuTime: Duration = .zero) {
    self.stdout = stdout
    self.stderr = stderr
    self.termination = termination
    self.cpuTime = cpuTime
  }
}

/// Runs a program to completion, capturing its output, with a deadline.
///
/// ```swift
/// let result = try await ChildProcess.run(
///   URL(fileURLWithPath: "/bin/sh"),
///   arguments: ["-c", "echo hello; exit 3"],
///   timeout: .seconds(10)
/// )
/// print(result.stdout, result.termination)  // "hello", "exited with status 3"
/// ```
///
/// Both pipes are drained while the child runs, so a chatty child never blocks on a full pipe.
/// The deadline is measured on `clock`: tests pass a `ManualClock` and never wait for real.
///
/// Each child runs in a process group of its own, so a timeout kills whatever it started too.
/// Ctrl-C (SIGINT) or SIGTERM sent to this process kills every child's group, then ends this
/// process by the same signal (see `Interrupts`); `run` then never returns, so nothing reports a
/// child that was killed on the way out as crashed.
public enum ChildProcess {
  /// Errors starting a child.
  public struct LaunchError: Error, CustomStringConvertible {
    /// The program that could not be started.
    public let executable: URL
    /// Why it could not be started.
    public let reason: String

    /// A message naming the program and the reason.
    public var description: String {
      "could not start \(executable.path): \(reason)"
    }
  }

  /// Runs `executable` and returns once it has ended and both pipes are closed.
  ///
  /// - Parameters:
  ///   - executable: the program to run.
  ///   - arguments: its arguments.
  ///   - environment: variables added to (or replacing) this process's environment.
  ///   - timeout: how long the child may run before it is killed with `SIGKILL`.
  ///   - stallLimit: if given, a child that uses next to no processor time for this long is
  ///     killed too, as `.stalled` (on Linux, where its processor time can be read while it
  ///     runs; elsewhere only `timeout` applies).
  ///   - stopAtLine: if given, called with each line of the child's standard output, in order,
  ///     on a thread that reads it; the first line it returns true for stops the child, killed
  ///     as `.stoppedAtLine` (what it wrote up to then is kept).
  ///   - clock: the clock that measures `timeout` and `stallLimit`.
  /// - Returns: the captured output and how the child ended.
  /// - Throws: `LaunchError` when the program cannot be started.
  public static func run(
    _ executable: URL,
    arguments: [String] = [],
    environment: [String: String] = [:],
    timeout: Duration,
    stallLimit: Duration? = nil,
    stopAtLine: (@Sendable (Substring) -> Bool)? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) async throws -> ChildProcessResult {
    let child: SpawnedChild
    do {
      child = try SpawnedChild(
        executable: executable,
        arguments: arguments,
        environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
        stopAtLine: stopAtLine
      )
    } catch is Interrupts.ProcessIsEnding {
      await Interrupts.waitForTheEnd()
    }
    // Set before the kill, so the verdict cannot depend on which of the tasks ends first.
    let stopped = Locked<Termination?>(nil)
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        _ = await child.exit.wait()
      }
      group.addTask {
        do {
          try await clock.sleep(for: timeout)
        } catch {
          return  // cancelled because the child exited first
        }
        stopped.withLock { $0 = $0 ?? .timedOut }
        child.killGroup()
      }
      if stopAtLine != nil {
        group.addTask {
          // Cancelled with the others when the child ends first: then there is no line.
          let line = await withTaskCancellationHandler {
            await child.stdout.stopLine.wait()
          } onCancel: {
            child.stdout.stopLine.fire(nil)
          }
          guard let line else { return }
          stopped.withLock { $0 = $0 ?? .stoppedAtLine(line) }
          child.killGroup()
        }
      }
      if let stallLimit, let start = child.cpuTimeSoFar() {
        group.addTask {
          guard await stalls(child, from: start, limit: stallLimit, clock: clock) else { return }
          stopped.withLock { $0 = $0 ?? .stalled(after: stallLimit) }
          child.killGroup()
        }
      }
      await group.next()
      group.cancelAll()
    }
    let exit = await child.exit.wait()
    // Whatever the child left running in its process group would keep the pipes open.
    child.killGroup()
    // After Ctrl-C the child was killed on the way out: that is not a result to report.
    if Interrupts.hasBeenInterrupted { await Interrupts.waitForTheEnd() }
    child.forget()
    return ChildProcessResult(
      stdout: String(decoding: await child.stdout.wait(), as: UTF8.self),
      stderr: String(decoding: await child.stderr.wait(), as: UTF8.self),
      termination: stopped.withLock { $0 } ?? exit.termination,
      cpuTime: exit.cpuTime
    )
  }
}

/// Whether `child` stalls: true once it has (see `StallWatch`), false once cancelled.
///
/// Its processor time, `start` when the watch begins, is sampled eight times per `limit`. Cancelled, the child exited first. A
/// child whose time can no longer be read is not called stalled: it is left to the timeout.
private func stalls(
  _ child: SpawnedChild,
  from start: Duration,
  limit: Duration,
  clock: any Clock<Duration>
) async -> Bool {
  var watch = StallWatch(limit: limit)
  var elapsed = Duration.zero
  _ = watch.record(elapsed: .zero, cpu: start)
  while true {
    do {
      try await clock.sleep(for: limit / 8)
    } catch {
      return false
    }
    elapsed += limit / 8
    guard let cpu = child.cpuTimeSoFar() else {
      await waitUntilCancelled()
      return false
    }
    if watch.record(elapsed: elapsed, cpu: cpu) { return true }
  }
}

/// Suspends until the task is cancelled.
private func waitUntilCancelled() async {
  let never = AsyncStream<Never> { _ in }
  for await _ in never {}
}
