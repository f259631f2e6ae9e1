import ChildProcesses
import XCTest

@testable import Grade

final class VerdictTests: XCTestCase {
  private func run(
    _ stdout: String,
    stderr: String = "",
    _ termination: Termination = .exited(1),
    cpuTime: Duration = .zero
  ) -> ChildProcessResult {
    ChildProcessResult(stdout: stdout, stderr: stderr, termination: termination, cpuTime: cpuTime)
  }

  private let started = "Test Case 'T.test_a' started at x\n"

  func test_everyTestPassed_isDone() {
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    XCTAssertEqual(Verdict.judge(run(output, .exited(0)), timeoutSeconds: 10), .done)
  }

  func test_onlyNotImplementedErrors_isNotStarted() {
    let output =
      started + #"<EXPR>:0: error: T.test_a : threw error "exercise 1a is not implemented yet""#
      + "\nTest Case 'T.test_a' failed (0.0 seconds)\n"
    XCTAssertEqual(Verdict.judge(run(output), timeoutSeconds: 10), .notStarted)
  }

  func test_anAssertion_teachesWithItsOwnMessage_andShowsTheComparison() {
    let output =
      started
      + #"/x.swift:9: error: T.test_a : XCTAssertNil failed: "" - cancel must resume with nil"#
      + "\nTest Case 'T.test_a' failed (0.0 seconds)\n"
    XCTAssertEqual(
      Verdict.judge(run(output), timeoutSeconds: 10),
      .failing(
        Failure(
          test: "test_a",
          location: "/x.swift:9",
          message: "cancel must resume with nil",
          details: [#"XCTAssertNil failed: """#]
        )
      )
    )
  }

  func test_aCrash_namesTheRunningTest_andQuotesTheRuntime() {
    let stderr =
      "_Concurrency/CheckedContinuation.swift:169: Fatal error: SWIFT TASK CONTINUATION MISUSE: "
      + "scan() tried to resume its continuation more than once, returning nil!\n"
    let verdict = Verdict.judge(
      run(started, stderr: stderr, .signalled(RuntimeTrap.signal)),
      timeoutSeconds: 10
    )
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .crashed)
    XCTAssertEqual(failure.test, "test_a")
    XCTAssertTrue(failure.message.hasPrefix("a continuation was resumed twice"), failure.message)
    XCTAssertEqual(
      failure.details,
      [
        "Fatal error: SWIFT TASK CONTINUATION MISUSE: scan() tried to resume its continuation "
          + "more than once, returning nil!"
      ]
    )
  }

  func test_aTestThatFailedBeforeAHangOrACrash_isTheFailureTold_andTheEndFollows() {
    let output =
      started + "/x/T.swift:3: error: T.test_a : failed - a page of 5 users: got 4\n"
      + "Test Case 'T.test_a' failed (0.0 seconds)\n" + "Test Case 'T.test_b' started at x\n"
    for (termination, after) in [
      (Termination.timedOut, "after it, test_b did not finish, and the tests were stopped"),
      (.stalled(after: .seconds(2)), "after it, test_b did not finish, and the tests were stopped"),
      (
        .signalled(SIGSEGV),
        "after it, the tests crashed in test_b (\(Termination.signalled(SIGSEGV)))"
      ),
    ] {
      let verdict = Verdict.judge(run(output, termination, cpuTime: .seconds(9)), timeoutSeconds: 5)
      guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
      XCTAssertEqual(failure.kind, .failedTest, "\(termination)")
      XCTAssertEqual(failure.test, "test_a", "\(termination)")
      XCTAssertEqual(failure.message, "a page of 5 users: got 4", "\(termination)")
      XCTAssertEqual(failure.details, [after], "\(termination)")
    }
  }

  func test_aFailedForceCast_isTheRuntimesReason_withoutTheTypesAddresses() {
    let stderr =
      "Could not cast value of type 'Foundation.URLResponse' (0x7fa2addd7ca0) to "
      + "'Foundation.HTTPURLResponse' (0x7fa2addda698).\n"
    let verdict = Verdict.judge(
      run(started, stderr: stderr, .signalled(SIGABRT)),
      timeoutSeconds: 5
    )
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .crashed)
    XCTAssertEqual(failure.message, "the tests crashed; the runtime said why:")
    XCTAssertEqual(
      failure.details,
      [
        "Could not cast value of type 'Foundation.URLResponse' to "
          + "'Foundation.HTTPURLResponse'."
      ]
    )
  }

  func test_aRunStoppedAtItsFirstFailure_isThatFailure_andTheNextTestStartedIsNoCrash() {
    let output =
      started + "/x/T.swift:3: error: T.test_a : failed - a page of 5 users: got 4\n"
      + "Test Case 'T.test_a' failed (0.0 seconds)\n" + "Test Case 'T.test_b' started at x\n"
    let stop = Termination.stoppedAtLine("Test Case 'T.test_a' failed (0.0 seconds)")
    let verdict = Verdict.judge(run(output, stop), timeoutSeconds: 5)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .failedTest)
    XCTAssertEqual(failure.test, "test_a")
    XCTAssertEqual(failure.message, "a page of 5 users: got 4")
    XCTAssertEqual(failure.details, [])
  }

  func test_stopAtFirstFailure_stopsAtAFailedTest_butNotAtOneThatIsNotImplemented() {
    let stop = StopAtFirstFailure()
    let lines = [
      "Test Case 'T.test_a' started at 2026-11-30 00:00:00.000",
      #"<EXPR>:0: error: T.test_a : threw error "exercise 4a is not implemented yet""#,
      "Test Case 'T.test_a' failed (0.001 seconds)",
      "Test Case 'T.test_b' started at 2026-11-30 00:00:00.001",
      "Test Case 'T.test_b' passed (0.001 seconds)",
      "Test Case 'T.test_c' started at 2026-11-30 00:00:00.002",
      "/x/T.swift:3: error: T.test_c : failed - got 4",
      "Test Case 'T.test_c' failed (0.001 seconds)",
    ]
    XCTAssertEqual(
      lines.map { stop.isStopLine($0[...]) },
      Array(repeating: false, count: 7) + [true]
    )
    // macOS writes a test's name in brackets and ends the line with a period.
    XCTAssertTrue(
      StopAtFirstFailure().isStopLine(
        "Test Case '-[ExerciseTests.T test_c]' failed (0.001 seconds)."
      )
    )
  }

  func test_anXCTFailMessageThatHoldsADash_isShownWhole() {
    let message = "the numbers in 0..<3; receive(_:) returns .max(Int.max - 1): got 0, 1"
    let output =
      started + "/x/T.swift:3: error: T.test_a : failed - \(message)\n"
      + "Test Case 'T.test_a' failed (0.0 seconds)\n"
    guard case .failing(let failure) = Verdict.judge(run(output), timeoutSeconds: 5) else {
      return XCTFail("a failed test must fail")
    }
    XCTAssertEqual(failure.message, message)
  }

  func test_aCrashWithNoMessage_bySIGSEGV_pointsToMemoryTwoThreadsShare() {
    let verdict = Verdict.judge(run(started, .signalled(SIGSEGV)), timeoutSeconds: 5)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .crashed)
    XCTAssertEqual(
      failure.message,
      "the tests crashed with SIGSEGV, and the runtime gave no reason: memory was used where it "
        + "must not be. Most often that is state two threads change at once with nothing (a lock, "
        + "an actor) to put them in order, an object used after it was freed, or calls that nest "
        + "in each other until the stack runs out (a function that calls itself, through others, "
        + "again and again)."
    )
    let other = Verdict.judge(run(started, .signalled(SIGFPE)), timeoutSeconds: 5)
    guard case .failing(let plain) = other else { return XCTFail("\(other)") }
    XCTAssertEqual(plain.message, "the tests crashed (the runtime gave no reason).")
  }

  func test_aCrashOrAHang_inGeneratedScenarios_namesTheLastScenarioAnnounced() {
    let stderr =
      "graded scenario: the numbers in 0..<2\ngraded scenario: the numbers in 0..<3; cancel()\n"
    for termination in [Termination.signalled(RuntimeTrap.signal), .timedOut] {
      let verdict = Verdict.judge(run(started, stderr: stderr, termination), timeoutSeconds: 10)
      guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
      XCTAssertEqual(
        failure.details.first,
        "in the generated scenario: the numbers in 0..<3; cancel()",
        "\(termination)"
      )
    }
    // A round of a test on two threads is named as a round, not as a generated scenario.
    let round = run(started, stderr: "graded scenario: round 9 of 600: two threads\n", .timedOut)
    guard case .failing(let inARound) = Verdict.judge(round, timeoutSeconds: 10) else {
      return XCTFail("a hang in a round is not failing")
    }
    XCTAssertEqual(inARound.details.first, "in round 9 of 600: two threads")
    // A scenario cleared (its test ended) is not named for a crash in a later test.
    let cleared = run(started, stderr: "graded scenario: one\ngraded scenario: \n", .timedOut)
    guard case .failing(let afterTheEnd) = Verdict.judge(cleared, timeoutSeconds: 10) else {
      return XCTFail("a hang after a cleared scenario is not failing")
    }
    XCTAssertEqual(afterTheEnd.details, [])
    // With no scenario announced, nothing is said of one.
    let verdict = Verdict.judge(run(started, .timedOut), timeoutSeconds: 10)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.details, [])
  }

  func test_theLastScenario_amongThousands_andTheRuntimesLineAfterThem_areBothFound() {
    let many = (0..<5_000).map { "graded scenario: scan \($0)\n" }.joined()
    let stderr = many + "Swift/x.swift:9: Fatal error: Index out of range\ngraded scenario: last"
    let verdict = Verdict.judge(
      run(started, stderr: stderr, .signalled(RuntimeTrap.signal)),
      timeoutSeconds: 10
    )
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    // The last one, though no newline ends it; the runtime's line, though thousands came before.
    XCTAssertEqual(
      failure.details,
      ["in the generated scenario: last", "Fatal error: Index out of range"]
    )
    XCTAssertEqual(Verdict.lastScenario(in: "graded scenario: only\n"), "only")
    XCTAssertNil(Verdict.lastScenario(in: "nothing\nannounced\n"))
    XCTAssertNil(Verdict.lastScenario(in: ""))
  }

  func test_anXCTFail_showsItsMessage_withoutTheWordFailedAsADetail() {
    let output =
      started + "/x.swift:9: error: T.test_a : failed - the scenario: got 0; the statement gives 1"
      + "\nTest Case 'T.test_a' failed (0.0 seconds)\n"
    guard case .failing(let failure) = Verdict.judge(run(output), timeoutSeconds: 10) else {
      return XCTFail("not failing")
    }
    XCTAssertEqual(failure.message, "the scenario: got 0; the statement gives 1")
    XCTAssertEqual(failure.details, [])
  }

  func test_aCrashInTheLearnersFile_saysWhere_andOneInTheRuntimesDoesNot() {
    let stderr =
      "Chapter04Exercises/Ex4a_MakeRequest.swift:13: Fatal error: Unexpectedly found nil while "
      + "unwrapping an Optional value\n"
      + "Swift/ContiguousArrayBuffer.swift:690: Fatal error: Index out of range\n"
    XCTAssertEqual(
      Verdict.runtimeLines(in: stderr),
      [
        "Fatal error: Unexpectedly found nil while unwrapping an Optional value (at "
          + "Chapter04Exercises/Ex4a_MakeRequest.swift:13)",
        "Fatal error: Index out of range",
      ]
    )
  }

  func test_aFailedPreconditionInTheLearnersFile_isShown() {
    let stderr =
      "Chapter06Exercises/Ex6a_ByteAccumulator.swift:21: Precondition failed: size >= 0\n"
      + "Chapter06Exercises/Ex6a_ByteAccumulator.swift:30: Assertion failed\n"
    XCTAssertEqual(
      Verdict.runtimeLines(in: stderr),
      [
        "Precondition failed: size >= 0 (at Chapter06Exercises/Ex6a_ByteAccumulator.swift:21)",
        "Assertion failed (at Chapter06Exercises/Ex6a_ByteAccumulator.swift:30)",
      ]
    )
  }

  func test_aCrashAfterEveryTestPassed_isStillACrash() {
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    let stderr =
      "Fatal error: SWIFT TASK CONTINUATION MISUSE: "
      + "readBarcodeOnce(with:) tried to resume its continuation more than once, throwing x!\n"
    let verdict = Verdict.judge(
      run(output, stderr: stderr, .signalled(RuntimeTrap.signal)),
      timeoutSeconds: 10
    )
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .crashed)
    XCTAssertNil(failure.test, "no test was running")
    XCTAssertTrue(failure.message.hasPrefix("a continuation was resumed twice"), failure.message)
  }

  func test_aTimeout_isAHang_withTheLeakTheRuntimeReported() {
    let stderr =
      "SWIFT TASK CONTINUATION MISUSE: f() leaked its continuation without resuming it. This may "
      + "cause tasks waiting on it to remain suspended forever."
    let verdict = Verdict.judge(run(started, stderr: stderr, .timedOut), timeoutSeconds: 7)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .hung)
    XCTAssertEqual(failure.test, "test_a")
    XCTAssertTrue(
      failure.message.hasPrefix("did not finish in 7 s. Is a continuation never resumed?")
    )
    XCTAssertEqual(failure.details, [stderr])
  }

  func test_aStall_isAHang_thatSaysHowLongTheTestsWaited() {
    let verdict = Verdict.judge(run(started, .stalled(after: .seconds(2))), timeoutSeconds: 7)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .hung)
    XCTAssertEqual(failure.test, "test_a")
    XCTAssertTrue(
      failure.message.hasPrefix(
        "did not finish: the tests waited 2 s with nothing running, and were stopped. Is a "
          + "continuation never resumed?"
      ),
      failure.message
    )
  }

  func test_aTimeoutSpentOnTheProcessor_isABusyLoop_notAHang() {
    let busy = run(started, .timedOut, cpuTime: .milliseconds(9_600))
    guard case .failing(let failure) = Verdict.judge(busy, timeoutSeconds: 10) else {
      return XCTFail("a busy loop must fail")
    }
    XCTAssertEqual(failure.kind, .busy)
    XCTAssertEqual(failure.test, "test_a")
    XCTAssertTrue(
      failure.message.hasPrefix(
        "did not finish in 10 s, and kept the processor busy all along (9.6 s of CPU time): "
          + "a loop that never ends?"
      ),
      failure.message
    )

    let idle = run(started, .timedOut, cpuTime: .milliseconds(40))
    guard case .failing(let hang) = Verdict.judge(idle, timeoutSeconds: 10) else {
      return XCTFail("a hang must fail")
    }
    XCTAssertEqual(hang.kind, .hung)

    // A hang after a test that spins on purpose (1c's racing callbacks, on a busy machine).
    let afterSpinning = run(started, .timedOut, cpuTime: .milliseconds(3_200))
    guard case .failing(let later) = Verdict.judge(afterSpinning, timeoutSeconds: 10) else {
      return XCTFail("a hang must fail")
    }
    XCTAssertEqual(later.kind, .hung)
  }

  func test_aFailedAssertion_givesItsFileAndLine() {
    let output =
      started + "/w/Tests/ExerciseTests/Chapter01/T.swift:42: error: T.test_a : failed - wrong\n"
      + "Test Case 'T.test_a' failed (0.0 seconds)\n"
    guard case .failing(let failure) = Verdict.judge(run(output), timeoutSeconds: 10) else {
      return XCTFail("a failed assertion must fail")
    }
    XCTAssertEqual(failure.location, "Tests/ExerciseTests/Chapter01/T.swift:42")
    XCTAssertEqual(failure.message, "wrong")
  }

  func test_noTestsRan_isAFailureThatSaysSo() {
    let verdict = Verdict.judge(
      run("", stderr: "error: no tests found", .exited(1)),
      timeoutSeconds: 10
    )
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertTrue(failure.message.hasPrefix("the tests did not run"), failure.message)
  }

  /// The shape of a real report (Swift 6.3, Linux x86_64), with the symbols shortened.
  private let sanitizerReport = """
    ==================
    WARNING: ThreadSanitizer: data race (pid=19181)
      Read of size 1 at 0x720800006070 by thread T8:
        #0 $s9Exercises15readBarcodeOnce /work/main/Sources/Exercises/Chapter01/Ex1_3.swift:9:14 (x+0x2c1aa9)
        #1 $s9Exercises15readBarcodeOnceTA /<compiler-generated> (x+0x2c1cb7)

      Previous write of size 1 at 0x720800006070 by thread T7:
        #0 $s9Exercises15readBarcodeOnce /work/main/Sources/Exercises/Chapter01/Ex1_3.swift:10:15 (x+0x2c1b02)

      Location is heap block of size 17 at 0x720800006060 allocated by thread T1:
        #0 malloc /home/build-user/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:686:5

    SUMMARY: ThreadSanitizer: data race /work/main/Sources/Exercises/Chapter01/Ex1_3.swift:9:14 in $s9Exercises
    ==================
    """

  func test_aSanitizerReport_isADataRace_inTheRunningTest_atTheRacingLine() throws {
    let verdict = Verdict.judge(
      run(started, stderr: sanitizerReport, .exited(66)),
      timeoutSeconds: 10
    )
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .dataRace)
    XCTAssertEqual(failure.test, "test_a")
    XCTAssertEqual(failure.location, "Sources/Exercises/Chapter01/Ex1_3.swift:9:14")
    XCTAssertTrue(failure.message.hasPrefix("a data race: two threads"), failure.message)
    XCTAssertEqual(
      failure.details,
      [
        "read by thread T8 at Sources/Exercises/Chapter01/Ex1_3.swift:9:14",
        "write by thread T7 at Sources/Exercises/Chapter01/Ex1_3.swift:10:15 "
          + "(the access just before)",
      ]
    )
  }

  func test_aCleanSanitizerRun_isDone() {
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    let quiet = "ThreadSanitizer: nothing to report"  // only the words "data race" count
    XCTAssertEqual(Verdict.judge(run(output, stderr: quiet, .exited(0)), timeoutSeconds: 10), .done)
  }

  func test_aHang_afterAFailedAssertion_showsThatAssertionToo() throws {
    let output =
      started
      + #"/x/Tests/T.swift:12: error: T.test_a : XCTAssertEqual failed: ("nil") is not equal to "#
      + #"("Optional(second)") - the new scan must get its own document"#
    let verdict = Verdict.judge(run(output, .timedOut), timeoutSeconds: 10)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .hung)
    XCTAssertEqual(failure.location, "Tests/T.swift:12")
    XCTAssertEqual(
      failure.details.first,
      #"before that, an assertion failed: XCTAssertEqual failed: ("nil") is not equal to "#
        + #"("Optional(second)") - the new scan must get its own document"#
    )
  }

  func test_aSwiftAccessRace_isADataRace_tooEvenWithoutALineNumber() throws {
    let report = """
      WARNING: ThreadSanitizer: Swift access race (pid=17616)
        Modifying access of Swift variable at 0x720800008090 by thread T8:
          #0 $s9Exercises15readBarcodeOnce /w/Sources/Exercises/Chapter01/Ex1_3.swift (x+0x2db09b)

        Previous write of size 1 at 0x720800008090 by thread T9:
          #0 $s9Exercises15readBarcodeOnce /w/Sources/Exercises/Chapter01/Ex1_3.swift (x+0x2db09b)

      SUMMARY: ThreadSanitizer: Swift access race /w/Sources/Exercises/Chapter01/Ex1_3.swift in $s9
      """
    let verdict = Verdict.judge(run(started, stderr: report, .exited(66)), timeoutSeconds: 10)
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .dataRace)
    XCTAssertEqual(failure.location, "Sources/Exercises/Chapter01/Ex1_3.swift")
    XCTAssertEqual(
      failure.details,
      [
        "modifying access by thread T8 at Sources/Exercises/Chapter01/Ex1_3.swift",
        "write by thread T9 at Sources/Exercises/Chapter01/Ex1_3.swift (the access just before)",
      ]
    )
  }

  /// An answer that keeps its state in a `Mutex`: lines 6 to 8 and 11 are inside `withLock`.
  private let mutexAnswer = """
    import Synchronization
    final class Race: Sendable {
      let state = Mutex<Int?>(nil)
      var count = 0
      func take() -> Int? {
        state.withLock { state in  // line 6
          state.take()
        }
      }
      func keep(_ value: Int) {
        state.withLock { $0 = value }  // line 11
      }
    }
    """

  /// A report the sanitizer gives for two threads that contend for a `Mutex` (on Linux it does not
  /// see the lock's order): the modifying access in a closure with no line, called from line 6.
  private func mutexReport(_ first: String, _ second: String) -> String {
    """
    ==================
    WARNING: ThreadSanitizer: Swift access race (pid=20790)
      Modifying access of Swift variable at 0x720c00025970 by thread T7:
        #0 $s9Exercises4RaceC4takeSiSgyFAqD5StateVzYuYTXEfU_ /w/Sources/Exercises/Chapter01/\(first) (x+0x1f6422)
        #1 $s9Exercises4RaceC4takeSiSgyF /w/Sources/Exercises/Chapter01/Ex1c.swift:6:11 (x+0x1f90ed)

      Previous write of size 8 at 0x720c00025970 by thread T1:
        #0 $s9Exercises4RaceC4keepyySiFyAD5StateVzYuYTXEfU_ /w/Sources/Exercises/Chapter01/\(second) (x+0x1f6821)

    SUMMARY: ThreadSanitizer: Swift access race /w/Sources/Exercises/Chapter01/Ex1c.swift in $s9
    ==================
    """
  }

  /// The verdict on `run` of an answer that is `mutexAnswer`, in Ex1c.swift.
  private func judgedWithTheMutexAnswer(_ run: ChildProcessResult) -> Verdict {
    Verdict.judge(
      run,
      timeoutSeconds: 10,
      mutexGuarded: (
        "Sources/Exercises/Chapter01/Ex1c.swift", MutexGuardedLines.lines(in: mutexAnswer)
      )
    )
  }

  func test_mutexGuardedLines_areTheLinesOfTheClosuresPassedToWithLock() {
    XCTAssertEqual(MutexGuardedLines.lines(in: mutexAnswer), [6, 7, 8, 11])
    let withNSLock = mutexAnswer.replacingOccurrences(of: "Mutex<Int?>(nil)", with: "NSLock()")
      .replacingOccurrences(of: "import Synchronization", with: "import Foundation  // no Mutex")
    XCTAssertEqual(MutexGuardedLines.lines(in: withNSLock), [], "the sanitizer sees an NSLock")
  }

  func test_aRaceOnAGlobal_isStillADataRace_evenInsideAMutexsClosures() {
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    let onAGlobal = mutexReport("Ex1c.swift", "Ex1c.swift:11:50")
      .replacingOccurrences(
        of: "SUMMARY:",
        with: "  Location is global 'count' of size 8\n\nSUMMARY:"
      )
    let verdict = judgedWithTheMutexAnswer(run(output, stderr: onAGlobal, .exited(0)))
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .dataRace)
  }

  func test_aRaceOnAGlobalMutex_isLeftOut_evenWithAnAccessOfNoLine() {
    // The sanitizer's report for four threads counting under one global Mutex (a program of its
    // own, on this toolchain): the global's mangled name gives its type.
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    let onAGlobalMutex = mutexReport("Ex1c.swift", "Ex1c.swift")
      .replacingOccurrences(
        of: "SUMMARY:",
        with: "  Location is global '$s9Exercises7answers33_FDCF2F22B6202DAAB0DA911E195E435DLL"
          + "15Synchronization5MutexVySiGvp' of size 16\n\nSUMMARY:"
      )
    let verdict = judgedWithTheMutexAnswer(run(output, stderr: onAGlobalMutex, .exited(0)))
    XCTAssertEqual(verdict, .done)
    let onAGlobalInt = onAGlobalMutex.replacingOccurrences(
      of: "15Synchronization5MutexVySiGvp",
      with: "Sivp"
    )
    let racy = judgedWithTheMutexAnswer(run(output, stderr: onAGlobalInt, .exited(0)))
    guard case .failing(let failure) = racy else { return XCTFail("\(racy)") }
    XCTAssertEqual(failure.kind, .dataRace, "a global Int is no Mutex")
  }

  func test_aRaceBetweenAMutexsLockedClosures_isLeftOut_soTheAnswerIsDone() {
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    let verdict = judgedWithTheMutexAnswer(
      run(output, stderr: mutexReport("Ex1c.swift", "Ex1c.swift:11:50"), .exited(0))
    )
    XCTAssertEqual(verdict, .done)
  }

  func test_aRaceWithOneAccessOutsideTheMutex_isStillADataRace() throws {
    let output = started + "Test Case 'T.test_a' passed (0.0 seconds)\n"
    // The Mutex's false report first, then one whose earlier write is on line 4, unlocked.
    // The tests name each test on stderr as it starts: the run went on past the races.
    let reports =
      "graded test: test_a\n" + mutexReport("Ex1c.swift", "Ex1c.swift:11:50")
      + "\ngraded test: test_b\n" + mutexReport("Ex1c.swift", "Ex1c.swift:4:7")
    let verdict = judgedWithTheMutexAnswer(run(output, stderr: reports, .exited(0)))
    guard case .failing(let failure) = verdict else { return XCTFail("\(verdict)") }
    XCTAssertEqual(failure.kind, .dataRace)
    XCTAssertEqual(failure.test, "test_b", "the test named last before the race counted")
    XCTAssertEqual(
      failure.details.last,
      "write by thread T1 at Sources/Exercises/Chapter01/Ex1c.swift:4:7 (the access just before)"
    )
  }
}
