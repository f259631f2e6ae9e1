import ChildProcesses
import TestTooling
import LessonSupport
import Foundation
import XCTest

/// Runs a built chapter with `--fast` and compares its stdout with the transcript its docs page
/// shows, so the page and the program cannot drift apart.
func assertTranscript(
  chapter: String,
  docsPage: String,
  file: StaticString = #filePath,
  line: UInt = #line
) async throws {
  let page = try String(
    contentsOf: repositoryRoot.appendingPathComponent("docs/\(docsPage)"),
    encoding: .utf8
  )
  let expected = try ExpectedTranscript(markdown: page, id: "\(chapter) --fast")
  let result = try await runChapter(chapter, arguments: ["--fast"])
  XCTAssertEqual(
    result.termination,
    .exited(0),
    "stderr:\n\(result.stderr)",
    file: file,
    line: line
  )
  if let mismatch = expected.mismatch(with: result.stdout) {
    XCTFail("\(chapter) --fast vs docs/\(docsPage):\n\(mismatch)", file: file, line: line)
  }
}

/// Runs a built chapter executable as a child process.
func runChapter(_ chapter: String, arguments: [String]) async throws -> ChildProcessResult {
  try await ChildProcess.run(
    try BuildProducts.executable(named: chapter),
    arguments: arguments,
    // As a learner's terminal would be, but with the runtime's crash message and no backtrace;
    // under the thread sanitizer, without its reports of a contended Mutex (see the file).
    environment: ["NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=no"].merging(
      ThreadSanitizer.isRunning
        ? ["TSAN_OPTIONS": "suppressions=" + threadSanitizerSuppressions.path] : [:]
    ) { _, suppressing in suppressing },
    timeout: .seconds(120)  // a safety net for a hung chapter, never reached by a passing one
  )
}

/// Checks that every section of `chapter` has its `## N.M Title` heading on the docs page.
func assertSectionsHaveDocsHeadings(
  _ chapter: Chapter,
  docsPage: String,
  file: StaticString = #filePath,
  line: UInt = #line
) throws {
  let page = try String(
    contentsOf: repositoryRoot.appendingPathComponent("docs/\(docsPage)"),
    encoding: .utf8
  )
  for section in chapter.sections {
    XCTAssertTrue(
      page.contains("\n## \(section.title)\n"),
      "no heading '## \(section.title)' in docs/\(docsPage)",
      file: file,
      line: line
    )
  }
}

/// The thread sanitizer's suppressions for the chapters it runs: races it reports in code a
/// `Mutex` guards, whose contended lock it cannot see on Linux.
let threadSanitizerSuppressions = repositoryRoot.appendingPathComponent(
  "Tests/ThreadSanitizerSuppressions.txt"
)
