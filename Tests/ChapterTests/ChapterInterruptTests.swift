import ChildProcesses
import Foundation
import TestTooling
import XCTest

/// Ctrl-C (SIGINT) and SIGTERM stop a chapter, and every child process it started, at once.
final class ChapterInterruptTests: XCTestCase {
  func test_interrupt_whileADemoRunsInAChild_endsTheChapterByTheSignal_andTheChildWithIt()
    async throws
  {
    #if os(Linux)
    for (signal, shellStatus) in [(SIGINT, 130), (SIGTERM, 143)] {
      let run = try await InterruptedRun.start(
        try BuildProducts.executable(named: "Chapter01"),
        // At real pace, so the section is still running: its first demo starts a child process.
        arguments: ["--section", "misuse"],
        environment: ["NO_COLOR": "1"],
        interruptAfter: 1,
        with: signal
      )
      let name = Termination.signalName(signal)
      XCTAssertEqual(run.result.termination, .signalled(signal), "\(name): \(run.result.stderr)")
      XCTAssertEqual(run.result.termination.shellStatus, Int32(shellStatus), name)
      XCTAssertEqual(run.children.count, 1, name)
      XCTAssertEqual(run.survivors, [], "\(name): children left running")
      XCTAssertFalse(run.result.stdout.contains("the child"), "no report of the killed child")
    }
    #else
    throw XCTSkip("watching processes through pidfd is Linux only")
    #endif
  }
}
