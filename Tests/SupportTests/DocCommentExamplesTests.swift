import ChildProcesses
import DownloadStreams
import Foundation
import LessonSupport
import TestTooling
import XCTest

@testable import HTTPFixtures

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The doc-comment examples under Sources, compiled.
///
/// Every ```swift example in a `///` comment is copied into a test, word for word, or begins
/// with "// Fragment" to say it is a sketch. The functions below are compiled, not run, unless a
/// test calls them; their parameters are what each example assumes.
final class DocCommentExamplesTests: XCTestCase {
  func test_everyDocCommentExample_isCompiledInATest_orMarkedAsAFragment() throws {
    let testText = Array(
      try swiftFiles(under: "Tests").map(normalizedLines).joined(separator: ["\u{0}"])
    )
    var missing: [String] = []
    for file in try swiftFiles(under: "Sources") {
      for (line, example) in docCommentExamples(in: try String(contentsOf: file, encoding: .utf8))
      where !(example.first ?? "").hasPrefix("// Fragment") {
        if !contains(testText, example) {
          missing.append(
            "\(file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")):\(line)"
          )
        }
      }
    }
    XCTAssertEqual(missing, [], "examples not compiled in any test: copy them into one")
  }

  func test_consoleRecorderExample() {
    let recorder = ConsoleRecorder()
    let context = LessonContext(console: recorder.console(), clock: ManualClock())
    context.console.section("9.1 Hello")
    XCTAssertEqual(recorder.lines, ["", "=== 9.1 Hello ==="])
  }

  func test_manualClockExample() async throws {
    let clock = ManualClock()
    let task = Task {
      try await clock.sleep(for: .seconds(3))
      return "woke"
    }
    await clock.waitForSleepers(count: 1)  // the task is now suspended in sleep
    clock.advance(by: .seconds(3))  // ... and this wakes it
    let woke = try await task.value
    XCTAssertEqual(woke, "woke")
  }

  func test_eventQueueExample() async {
    let events = EventQueue()
    Thread { events.note("started") }.start()
    let first = await events.next()  // "started", once the thread has said so
    XCTAssertEqual(first, "started")
  }

  func test_lockedExample() {
    let lines = Locked<[String]>([])
    lines.withLock { $0.append("hello") }
    let count = lines.withLock { $0.count }
    XCTAssertEqual(count, 1)
  }

  func test_chapterOptionsExample() throws {
    let options = try ChapterOptions.parse(["--fast", "--section", "delegate"])
    // options.action == .run(section: "delegate"), options.isFast == true
    XCTAssertEqual(options, ChapterOptions(action: .run(section: "delegate"), isFast: true))
  }

  func test_markdownAnchorsExample() {
    let anchors = MarkdownAnchors.anchors(in: "## 1.2 Wrapping a delegate API")
    // anchors == ["12-wrapping-a-delegate-api"]
    XCTAssertEqual(anchors, ["12-wrapping-a-delegate-api"])
  }

  func test_childProcessExample() async throws {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "echo hello; exit 3"],
      timeout: .seconds(10)
    )
    print(result.stdout, result.termination)  // "hello", "exited with status 3"
    XCTAssertEqual(result.stdout, "hello\n")
    XCTAssertEqual("\(result.termination)", "exited with status 3")
  }

  // MARK: - Compiled, not run

  private func runtimeTrapExample(result: ChildProcessResult) {
    if result.termination == .signalled(RuntimeTrap.signal) { print("a runtime trap") }
  }

  private func runInChildProcessExample(context: LessonContext) async throws {
    let result = try await context.runInChildProcess(demo: "sensor-double-resume")
    context.console.print("the child \(result.termination)")  // "crashed (a runtime trap)"
  }

  private func downloadExamples(server: FixtureServer) async throws {
    let download = try await HTTPDownload.start(URLRequest(url: server.url("/files/small.bin")))
    print(download.response.statusCode, download.expectedLength ?? -1)
    for try await chunk in download.chunks {  // or download.bytes, one UInt8 at a time
      print("received \(chunk.count) bytes")
    }

    var count = 0
    for try await _ in download.bytes { count += 1 }
    print(count)
  }

  private func fixtureExamples() async throws {
    let file = FixtureFile.named("large.bin")  // 32 MiB
    let bytes = file?.contents  // generated once, then cached
    print(bytes?.count ?? 0)

    let server = try FixtureServer.start()  // port 0: the system picks a free port
    let (data, _) = try await URLSession.shared.data(from: server.url("/users"))
    server.stop()
    print(data.count)
  }

  private func chapterExample() async {
    let chapter = Chapter(
      executable: "Chapter09",
      title: "Chapter 09: An example",
      sections: [LessonSection("hello", title: "9.1 Hello") { $0.console.print("hello") }]
    )
    // In the chapter's @main type; the clock a run waits on is chosen here, in plain sight:
    await chapter.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }

  private func consoleExample(value: Int) {
    let console = Console.standard
    console.section("1.1 The continuation API")
    console.print("resumed with \(value)")
  }

  private func scaledClockExample() async throws {
    let clock = ScaledClock(speedup: 1000)
    try await clock.sleep(for: .seconds(2))  // about 2 ms of real time
  }

  private func repositoryRootExample() {
    let page = repositoryRoot.appendingPathComponent("docs/Chapter01-Continuations.md")
    print(page)
  }

  private func testToolingExamples(page: String, result: ChildProcessResult) throws {
    let chapter = try BuildProducts.executable(named: "Chapter01")
    print(chapter)

    let expected = try ExpectedTranscript(markdown: page, id: "Chapter01 --fast")
    if let mismatch = expected.mismatch(with: result.stdout) { XCTFail("\(mismatch)") }
  }

  #if os(Linux)
  private func interruptedRunExample(chapter: URL) async throws {
    let run = try await InterruptedRun.start(
      chapter,
      arguments: ["--section", "misuse"],
      interruptAfter: 1,
      with: SIGINT
    )
    XCTAssertEqual(run.result.termination, .signalled(SIGINT))
    XCTAssertEqual(run.survivors, [])
  }
  #endif

  // MARK: - Reading the examples

  private func swiftFiles(under folder: String) throws -> [URL] {
    let root = repositoryRoot.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }

  /// Each example's line number and lines, without the `/// ` and leading spaces.
  private func docCommentExamples(in source: String) -> [(Int, [String])] {
    var examples: [(Int, [String])] = []
    var current: (Int, [String])?
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text == "/// ```swift" {
        current = (index + 1, [])
      } else if text == "/// ```", let example = current {
        examples.append(example)
        current = nil
      } else if current != nil {
        current?.1.append(normalized(text.dropFirst(3)))
      }
    }
    return examples
  }

  /// Lines without their indentation, runs of spaces as one (the formatter aligns comments).
  private func normalizedLines(of file: URL) -> [String] {
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(normalized)
  }

  private func normalized(_ line: some StringProtocol) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  private func contains(_ lines: [String], _ example: [String]) -> Bool {
    guard !example.isEmpty, lines.count >= example.count else { return false }
    return (0...(lines.count - example.count)).contains { start in
      lines[start] == example[0] && lines[start..<start + example.count].elementsEqual(example)
    }
  }
}
