import ChildProcesses
import Foundation
import TestTooling
import XCTest

@testable import Grade

/// Ctrl-C (SIGINT) and SIGTERM while an exercise hangs: Grade says so, grades nothing more, and
/// leaves no test process behind.
final class GradeInterruptTests: XCTestCase {
  /// A stand-in for the test program whose exercise never finishes; it starts a grandchild too.
  private func hangingTests() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("grade-interrupt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("hanging-tests")
    try """
    #!/bin/sh
    sleep 600 &
    echo "$$ started $!" >> "$TUTORIAL_CHILD_LOG"
    wait
    """.write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return script
  }

  func test_interrupt_whileAnExerciseHangs_saysInterrupted_andLeavesNoProcess() async throws {
    #if os(Linux)
    let tests = try hangingTests()
    for (signal, shellStatus) in [(SIGINT, 130), (SIGTERM, 143)] {
      let run = try await InterruptedRun.start(
        try BuildProducts.executable(named: "Grade"),
        environment: ["TUTORIAL_GRADE_TESTS": tests.path, "NO_COLOR": "1"],
        interruptAfter: 2,  // the test program, and the sleep it started
        with: signal
      )
      let name = Termination.signalName(signal)
      let output = run.result.stdout + run.result.stderr
      XCTAssertEqual(run.result.termination, .signalled(signal), "\(name): \(output)")
      XCTAssertEqual(run.result.termination.shellStatus, Int32(shellStatus), name)
      XCTAssertEqual(
        run.result.stderr,
        "\nGrade: interrupted while grading 1a Wrap a delegate API; nothing after it was "
          + "graded.\n",
        name
      )
      XCTAssertFalse(output.contains("crash"), "\(name): an interrupt is not a crash: \(output)")
      XCTAssertFalse(output.contains("exercises done"), "\(name): no scoreboard after it")
      XCTAssertEqual(run.children.count, 2, name)
      XCTAssertEqual(run.survivors, [], "\(name): processes left running")
    }
    #else
    throw XCTSkip("watching processes through pidfd is Linux only")
    #endif
  }

  func test_missingTestProgram_messageNamesItsPath() {
    let program = URL(fileURLWithPath: "/tmp/build/ConcurrencyTutorialPackageTests.xctest")
    XCTAssertEqual(
      TestBinary.notBuiltMessage(program),
      "no built tests at /tmp/build/ConcurrencyTutorialPackageTests.xctest; "
        + "run 'swift build --build-tests'"
    )
  }
}
