import ChildProcesses
import TestTooling
import Foundation
import XCTest

private let shell = URL(fileURLWithPath: "/bin/sh")

final class ChildProcessTests: XCTestCase {

  func test_run_capturesStdoutStderrAndExitStatus() async throws {
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "echo out; echo err >&2; echo \"$GREETING\"; exit 3"],
      environment: ["GREETING": "hello"],
      timeout: .seconds(60)
    )
    XCTAssertEqual(result.stdout, "out\nhello\n")
    XCTAssertEqual(result.stderr, "err\n")
    XCTAssertEqual(result.termination, .exited(3))
    XCTAssertEqual(result.termination.shellStatus, 3)
  }

  func test_run_reportsACrashBySignal_asAShellWould() async throws {
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "echo before; kill -SEGV $$"],
      timeout: .seconds(60)
    )
    XCTAssertEqual(result.stdout, "before\n")
    XCTAssertEqual(result.termination, .signalled(SIGSEGV))
    XCTAssertEqual(result.termination.shellStatus, 128 + SIGSEGV)
    XCTAssertEqual(result.termination.description, "crashed with SIGSEGV")
  }

  func test_run_callsThisMachinesTrapSignal_aRuntimeTrap() async throws {
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "kill -\(RuntimeTrap.signal) $$"],
      timeout: .seconds(60)
    )
    XCTAssertEqual(result.termination, .signalled(RuntimeTrap.signal))
    XCTAssertEqual(result.termination.description, "crashed (a runtime trap)")
  }

  func test_runtimeTrap_isTheSignalOfThisProcessor() {
    #if arch(x86_64)
    XCTAssertEqual(RuntimeTrap.signal, 4)  // SIGILL on x86_64
    #elseif arch(arm64)
    XCTAssertEqual(RuntimeTrap.signal, 5)  // SIGTRAP on arm64
    #endif
    XCTAssertEqual(Termination.signalName(RuntimeTrap.signal), RuntimeTrap.signalName)
  }

  func test_run_drainsLargeOutputOnBothPipes() async throws {
    // 1 MiB on each pipe: far more than a pipe holds, so undrained pipes would block the child.
    let result = try await ChildProcess.run(
      shell,
      arguments: [
        "-c", "head -c 1048576 /dev/zero | tr '\\0' a; head -c 1048576 /dev/zero | tr '\\0' b >&2",
      ],
      timeout: .seconds(60)
    )
    XCTAssertEqual(result.stdout.utf8.count, 1_048_576)
    XCTAssertEqual(result.stderr.utf8.count, 1_048_576)
    XCTAssertTrue(result.stdout.allSatisfy { $0 == "a" })
    XCTAssertEqual(result.termination, .exited(0))
  }

  func test_run_killsAChildThatOutlivesItsTimeout() async throws {
    let clock = ManualClock()
    let run = Task {
      try await ChildProcess.run(
        shell,
        arguments: ["-c", "echo started; exec sleep 600"],
        timeout: .seconds(10),
        clock: clock
      )
    }
    await clock.waitForSleepers(count: 1)  // the runner is now waiting on its deadline
    clock.advance(by: .seconds(10))
    let result = try await run.value
    XCTAssertEqual(result.termination, .timedOut)
    XCTAssertEqual(result.termination.description, "timed out")
  }

  func test_run_stopsAChild_atTheFirstLineItIsToStopAt_andKeepsWhatItWroteUpToThen() async throws {
    // Without the stop the child would sleep to the deadline and end as `.timedOut`.
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "echo one; echo stop; echo stop; exec sleep 600"],
      timeout: .seconds(600),
      stopAtLine: { $0 == "stop" }
    )
    XCTAssertEqual(result.termination, .stoppedAtLine("stop"))
    XCTAssertEqual(result.termination.shellStatus, 128 + SIGKILL)
    XCTAssertEqual(result.termination.description, #"was stopped after the line "stop""#)
    XCTAssertTrue(result.stdout.hasPrefix("one\nstop\n"), result.stdout)
  }

  func test_run_aChildThatNeverWritesTheLineToStopAt_endsByItself() async throws {
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "echo one; echo two"],
      timeout: .seconds(600),
      stopAtLine: { $0 == "stop" }
    )
    XCTAssertEqual(result.termination, .exited(0))
    XCTAssertEqual(result.stdout, "one\ntwo\n")
  }

  func test_run_killsAChildThatStalls_onceItHasWaitedTheStallLimit() async throws {
    #if os(Linux)
    let clock = ManualClock()
    let run = Task {
      try await ChildProcess.run(
        shell,
        arguments: ["-c", "exec sleep 600"],
        timeout: .seconds(60),
        stallLimit: .seconds(2),
        clock: clock
      )
    }
    // The deadline and the stall watch's sampling sleep; a sample every 250 ms.
    for _ in 0..<8 {
      await clock.waitForSleepers(count: 2)
      clock.advance(by: .milliseconds(250))
    }
    let result = try await run.value
    XCTAssertEqual(result.termination, .stalled(after: .seconds(2)))
    XCTAssertEqual(result.termination.description, "stalled for 2s")
    XCTAssertEqual(result.termination.shellStatus, 128 + SIGKILL)
    #else
    throw XCTSkip("a running child's processor time is read from /proc, on Linux only")
    #endif
  }

  func test_run_aChildThatFinishes_isNotReportedAsStalled() async throws {
    let clock = ManualClock()
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "exit 4"],
      timeout: .seconds(10),
      stallLimit: .seconds(2),
      clock: clock
    )
    XCTAssertEqual(result.termination, .exited(4))
    XCTAssertEqual(clock.sleeperCount, 0, "the deadline and the stall watch must be cancelled")
  }

  func test_run_aChildThatFinishesInTime_isNotReportedAsTimedOut() async throws {
    let clock = ManualClock()
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "exit 0"],
      timeout: .seconds(10),
      clock: clock
    )
    XCTAssertEqual(result.termination, .exited(0))
    XCTAssertEqual(clock.sleeperCount, 0, "the deadline sleep must be cancelled")
  }

  func test_run_aMissingProgram_throwsALaunchError() async {
    let missing = URL(fileURLWithPath: "/nonexistent/program")
    do {
      _ = try await ChildProcess.run(missing, timeout: .seconds(1))
      XCTFail("running a missing program must throw")
    } catch let error as ChildProcess.LaunchError {
      XCTAssertTrue(error.description.hasPrefix("could not start /nonexistent/program"))
    } catch {
      XCTFail("unexpected error \(error)")
    }
  }

  func test_run_returnsWhenTheChildExits_evenIfAGrandchildHoldsItsPipes() async throws {
    // The backgrounded sleep inherits stdout; it is killed with the child's process group.
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "sleep 600 & echo done"],
      timeout: .seconds(600)
    )
    XCTAssertEqual(result.stdout, "done\n")
    XCTAssertEqual(result.termination, .exited(0))
  }

  func test_run_childStartsWithNoBlockedSignals() async throws {
    // Spawned from a worker thread whose signals are blocked, the child must still die of TERM.
    let result = try await ChildProcess.run(
      shell,
      arguments: ["-c", "kill -TERM $$; echo survived"],
      timeout: .seconds(60)
    )
    XCTAssertEqual(result.termination, .signalled(SIGTERM), "stdout: \(result.stdout)")
    XCTAssertEqual(result.termination.description, "was stopped by SIGTERM")
  }

  func test_run_manyChildrenAtOnce_eachGetsItsOwnOutput() async throws {
    let results = try await withThrowingTaskGroup(of: (Int, ChildProcessResult).self) { group in
      for index in 0..<16 {
        group.addTask {
          let result = try await ChildProcess.run(
            shell,
            arguments: ["-c", "echo child \(index); echo err \(index) >&2"],
            timeout: .seconds(60)
          )
          return (index, result)
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for index in 0..<16 {
      XCTAssertEqual(results[index]?.stdout, "child \(index)\n")
      XCTAssertEqual(results[index]?.stderr, "err \(index)\n")
      XCTAssertEqual(results[index]?.termination, .exited(0))
    }
  }

  func test_run_measuresTheChildsProcessorTime() async throws {
    let busy = try await ChildProcess.run(
      shell,
      arguments: ["-c", "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done"],
      timeout: .seconds(60)
    )
    let idle = try await ChildProcess.run(
      shell,
      arguments: ["-c", "exit 0"],
      timeout: .seconds(60)
    )
    XCTAssertEqual(busy.termination, .exited(0))
    XCTAssertGreaterThan(busy.cpuTime, .zero)
    XCTAssertGreaterThan(busy.cpuTime, idle.cpuTime, "counting to 100,000 costs more than nothing")
  }
}
