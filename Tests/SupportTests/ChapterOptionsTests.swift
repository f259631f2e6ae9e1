import TestTooling
import LessonSupport
import XCTest

final class ChapterOptionsTests: XCTestCase {
  // MARK: - Parsing

  func test_parse_noArguments_runsEverySectionAtRealPace() throws {
    XCTAssertEqual(try ChapterOptions.parse([]), ChapterOptions(action: .run(section: nil)))
  }

  func test_parse_fastAndSection_inAnyOrder() throws {
    let expected = ChapterOptions(action: .run(section: "delegate"), isFast: true)
    XCTAssertEqual(try ChapterOptions.parse(["--fast", "--section", "delegate"]), expected)
    XCTAssertEqual(try ChapterOptions.parse(["--section", "delegate", "--fast"]), expected)
  }

  func test_parse_listHelpAndDemo() throws {
    XCTAssertEqual(try ChapterOptions.parse(["--list"]).action, .list)
    XCTAssertEqual(try ChapterOptions.parse(["--help"]).action, .help)
    XCTAssertEqual(try ChapterOptions.parse(["-h"]).action, .help)
    XCTAssertEqual(
      try ChapterOptions.parse(["--demo", "x", "--fast"]),
      .init(action: .demo("x"), isFast: true)
    )
  }

  func test_parse_rejectsUnknownOptions_missingValues_andConflicts() {
    XCTAssertThrowsError(try ChapterOptions.parse(["--bogus"])) {
      XCTAssertEqual($0 as? ChapterOptions.ParseError, .unknownOption("--bogus"))
    }
    XCTAssertThrowsError(try ChapterOptions.parse(["--section"])) {
      XCTAssertEqual($0 as? ChapterOptions.ParseError, .missingValue("--section"))
    }
    XCTAssertThrowsError(try ChapterOptions.parse(["--section", "--fast"])) {
      XCTAssertEqual($0 as? ChapterOptions.ParseError, .missingValue("--section"))
    }
    XCTAssertThrowsError(try ChapterOptions.parse(["--list", "--section", "api"])) {
      XCTAssertEqual($0 as? ChapterOptions.ParseError, .conflicting("--list", "--section"))
    }
  }

  func test_usage_namesEveryOption() {
    let usage = ChapterOptions.usage(executable: "Chapter09")
    for option in ["swift run Chapter09", "--fast", "--section NAME", "--list", "--help"] {
      XCTAssertTrue(usage.contains(option), "usage lacks \(option)")
    }
    XCTAssertTrue(usage.contains("or its number (9.2)"), usage)
  }

  func test_usage_listsDemos_onlyForAChapterThatHasThem() {
    XCTAssertFalse(ChapterOptions.usage(executable: "Chapter09").contains("--demo"))
    let usage = ChapterOptions.usage(executable: "Chapter09", demos: ["crash", "leak"])
    XCTAssertTrue(usage.contains("--demo NAME"), usage)
    XCTAssertTrue(usage.contains("(demos: crash, leak)"), usage)
  }

  // MARK: - Running a chapter

  /// What a chapter's Main passes for `--fast`; these tests never need the real pace.
  private let fastClock: @Sendable (Bool) -> any Clock<Duration> = { _ in
    ScaledClock(speedup: 1000)
  }

  private func sampleChapter(ran: ConsoleRecorder) -> Chapter {
    let log = ran.console()
    return Chapter(
      executable: "Sample",
      title: "Sample chapter",
      sections: [
        LessonSection("one", title: "9.1 First") { _ in log.print("ran one") },
        LessonSection("two", title: "9.2 Second") { context in
          try await context.clock.sleep(for: .seconds(1))
          log.print("ran two")
        },
        LessonSection("fails", title: "9.3 Throws") { _ in throw CancellationError() },
      ],
      demos: ["crash": { _ in log.print("demo ran") }]
    )
  }

  func test_run_section_runsOnlyThatSection_byNameOrNumber() async {
    for name in ["two", "9.2"] {
      let ran = ConsoleRecorder()
      let output = ConsoleRecorder()
      let status = await sampleChapter(ran: ran).run(
        arguments: ["--fast", "--section", name],
        console: output.console(),
        errors: ConsoleRecorder().console(),
        clock: fastClock
      )
      XCTAssertEqual(status, 0)
      XCTAssertEqual(ran.lines, ["ran two"])
      XCTAssertEqual(output.lines, ["Sample chapter", "", "=== 9.2 Second ==="])
    }
  }

  func test_run_list_printsNamesAndTitles_withoutRunning() async {
    let ran = ConsoleRecorder()
    let output = ConsoleRecorder()
    let status = await sampleChapter(ran: ran).run(
      arguments: ["--list"],
      console: output.console(),
      errors: ConsoleRecorder().console(),
      clock: fastClock
    )
    XCTAssertEqual(status, 0)
    XCTAssertEqual(ran.lines, [])
    XCTAssertEqual(
      output.lines,
      ["one    9.1 First", "two    9.2 Second", "fails  9.3 Throws"]
    )
  }

  func test_run_list_keepsLongNamesWhole() async {
    let chapter = Chapter(
      executable: "Sample",
      title: "Sample chapter",
      sections: [
        LessonSection("a-long-section-name", title: "9.1 Long") { _ in },
        LessonSection("short", title: "9.2 Short") { _ in },
      ]
    )
    let output = ConsoleRecorder()
    _ = await chapter.run(
      arguments: ["--list"],
      console: output.console(),
      errors: ConsoleRecorder().console(),
      clock: fastClock
    )
    XCTAssertEqual(
      output.lines,
      ["a-long-section-name  9.1 Long", "short                9.2 Short"]
    )
  }

  func test_run_asksForTheClock_withWhetherFastWasGiven() async {
    for (arguments, expected) in [([String](), false), (["--fast"], true)] {
      let asked = Locked<[Bool]>([])
      let status = await sampleChapter(ran: ConsoleRecorder()).run(
        arguments: arguments + ["--section", "one"],
        console: ConsoleRecorder().console(),
        errors: ConsoleRecorder().console(),
        clock: { isFast in
          asked.withLock { $0.append(isFast) }
          return ScaledClock(speedup: 1000)
        }
      )
      XCTAssertEqual(status, 0)
      XCTAssertEqual(asked.withLock { $0 }, [expected], "\(arguments)")
    }
  }

  func test_run_badInput_exits64_withAMessageAndUsageOnStderr_withoutRunningAnything() async {
    let cases: [([String], String)] = [
      (["--bogus"], "Sample: unknown option '--bogus'"),
      (["--section", "nine"], "Sample: unknown section 'nine'; sections: one, two, fails"),
      (["--demo", "nothing"], "Sample: unknown demo 'nothing'; demos: crash"),
      (["--section"], "Sample: option '--section' needs a value"),
    ]
    for (arguments, message) in cases {
      let ran = ConsoleRecorder()
      let output = ConsoleRecorder()
      let errors = ConsoleRecorder()
      let status = await sampleChapter(ran: ran).run(
        arguments: arguments,
        console: output.console(),
        errors: errors.console(),
        clock: fastClock
      )
      XCTAssertEqual(status, 64, "\(arguments)")
      XCTAssertEqual(ran.lines, [], "\(arguments)")
      XCTAssertEqual(output.lines, [], "usage goes to stderr, not stdout: \(arguments)")
      XCTAssertEqual(errors.lines.first, message)
      XCTAssertTrue(errors.lines.contains("usage: swift run Sample [--fast] [--section NAME]"))
    }
  }

  func test_run_aSectionThatThrows_exits1_andSaysWhy() async {
    let errors = ConsoleRecorder()
    let status = await sampleChapter(ran: ConsoleRecorder()).run(
      arguments: ["--section", "fails"],
      console: ConsoleRecorder().console(),
      errors: errors.console(),
      clock: fastClock
    )
    XCTAssertEqual(status, 1)
    XCTAssertEqual(errors.lines, ["Sample: error: CancellationError()"])
  }

  func test_run_demo_runsTheNamedDemoWithoutBanners() async {
    let ran = ConsoleRecorder()
    let output = ConsoleRecorder()
    let status = await sampleChapter(ran: ran).run(
      arguments: ["--demo", "crash"],
      console: output.console(),
      errors: ConsoleRecorder().console(),
      clock: fastClock
    )
    XCTAssertEqual(status, 0)
    XCTAssertEqual(ran.lines, ["demo ran"])
    XCTAssertEqual(output.lines, [])
  }

  // MARK: - A chapter's own commands

  func test_parse_aCommandOption_onlyWhereTheChapterHasIt() throws {
    XCTAssertEqual(
      try ChapterOptions.parse(["--remote", "--fast"], commands: ["--remote"]),
      ChapterOptions(action: .command("--remote"), isFast: true)
    )
    XCTAssertThrowsError(try ChapterOptions.parse(["--remote"])) {
      XCTAssertEqual($0 as? ChapterOptions.ParseError, .unknownOption("--remote"))
    }
    XCTAssertThrowsError(try ChapterOptions.parse(["--remote", "--list"], commands: ["--remote"])) {
      XCTAssertEqual($0 as? ChapterOptions.ParseError, .conflicting("--remote", "--list"))
    }
  }

  func test_usage_listsTheChaptersCommands_withTheirHelp() {
    let usage = ChapterOptions.usage(
      executable: "Chapter09",
      commands: [("--remote", "use the public service")]
    )
    XCTAssertTrue(usage.contains("swift run Chapter09 --list | --help | --remote"), usage)
    XCTAssertTrue(usage.contains("  --remote          use the public service"), usage)
  }

  func test_run_aCommand_runsItAlone_andItsErrorIsOneLine_exit1() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "no network" }
    }
    let ran = ConsoleRecorder()
    let log = ran.console()
    let chapter = Chapter(
      executable: "Sample",
      title: "Sample chapter",
      sections: [LessonSection("one", title: "9.1 First") { _ in log.print("ran one") }],
      commands: [
        ChapterCommand("--works", help: "works") { _ in log.print("command ran") },
        ChapterCommand("--offline", help: "fails") { _ in throw Offline() },
      ]
    )
    let output = ConsoleRecorder()
    let works = await chapter.run(
      arguments: ["--works"],
      console: output.console(),
      errors: ConsoleRecorder().console(),
      clock: fastClock
    )
    XCTAssertEqual(works, 0)
    XCTAssertEqual(ran.lines, ["command ran"], "the command only, no section")
    XCTAssertEqual(output.lines, [])

    let errors = ConsoleRecorder()
    let offline = await chapter.run(
      arguments: ["--offline"],
      console: output.console(),
      errors: errors.console(),
      clock: fastClock
    )
    XCTAssertEqual(offline, 1)
    XCTAssertEqual(errors.lines, ["Sample: error: no network"])
  }
}
