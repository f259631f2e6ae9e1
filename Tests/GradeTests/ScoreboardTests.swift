import Foundation
import TestTooling
import XCTest

@testable import Grade

final class ScoreboardTests: XCTestCase {
  private let chapter01 = ExerciseCatalog.exercises(in: ExerciseCatalog.chapter01)

  /// A package root of its own for each test, so hint levels start at none.
  private func scratchRoot() throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("scoreboard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    return root
  }

  private func render(_ scoreboard: Scoreboard) -> [String] {
    let recorder = ConsoleRecorder()
    scoreboard.render(on: recorder.console())
    return recorder.lines
  }

  private func failing(_ message: String) -> Verdict {
    .failing(
      Failure(
        test: "test_x",
        location: "Tests/ExerciseTests/Chapter01/Ex1b_TranscribeTests.swift:31",
        message: message,
        details: []
      )
    )
  }

  func test_rows_nameEachExercisesSection_andADoneOneNamesItsReferenceSolution() throws {
    let scoreboard = Scoreboard(
      results: [(chapter01[0], .done), (chapter01[1], .notStarted)],
      scopeWord: nil,
      revealedHints: RevealedHints(packageRoot: try scratchRoot())
    )
    let lines = render(scoreboard)
    let done = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  [x] 1a  Wrap a delegate API") })
    XCTAssertTrue(lines[done].contains("(section 1.2)"), lines[done])
    XCTAssertTrue(lines[done].hasSuffix("done"), lines[done])
    XCTAssertEqual(
      lines[done + 1],
      "        compare with Sources/Solutions/Chapter01/Ex1a_ScannerService.swift"
    )
    XCTAssertTrue(lines.contains { $0.hasPrefix("  [ ] 1b  Wrap a callback API (section 1.3)") })
  }

  /// Watch mode offers the h key only where it takes keys (a terminal); in a pipe, the command.
  func test_inWatchMode_theHintIsOfferedAsAKey_onlyWhereKeysAreTaken() throws {
    for hintKey in [true, false] {
      var scoreboard = Scoreboard(
        results: [(chapter01[0], .notStarted)],
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: try scratchRoot())
      )
      scoreboard.watching = true
      scoreboard.hintKey = hintKey
      let offer =
        hintKey
        ? "  Stuck? Press h for hint 1 of 3."
        : "  Stuck? `swift run Grade 1a --hint` shows hint 1 of 3."
      XCTAssertTrue(render(scoreboard).contains(offer), "hintKey \(hintKey)")
    }
  }

  func test_aNotStartedExercise_showsNoHintUntilOneIsAskedFor() throws {
    let lines = render(
      Scoreboard(
        results: [(chapter01[0], .notStarted)],
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: try scratchRoot())
      )
    )
    XCTAssertTrue(
      lines.contains("Next exercise: 1a  Wrap a delegate API (section 1.2)"),
      "\(lines)"
    )
    XCTAssertFalse(lines.contains { $0.contains("Hint 1 of 3") }, "\(lines)")
    XCTAssertTrue(lines.contains("  Stuck? `swift run Grade 1a --hint` shows hint 1 of 3."))
    XCTAssertTrue(lines.contains("0 of 1 exercise done, 0 failing, 1 not started."), "\(lines)")
    XCTAssertTrue(
      lines.contains(
        "Next: write it in Sources/Exercises/Chapter01/Ex1a_ScannerService.swift, then run "
          + "`swift run Grade 1a`."
      ),
      "\(lines)"
    )
  }

  func test_eachHintRequest_revealsExactlyOneNewHint_thenSaysThereAreNoMore() throws {
    let root = try scratchRoot()
    let exercise = chapter01[1]
    for request in 1...4 {
      // As `swift run Grade --hint` does it: a fresh scoreboard reads the saved levels.
      var scoreboard = Scoreboard(
        results: [(chapter01[0], .done), (exercise, failing("must throw"))],
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: root)
      )
      try scoreboard.revealNextHint()
      let lines = render(scoreboard)
      let shown = lines.filter { $0.hasPrefix("  Hint ") }
      XCTAssertEqual(shown.count, min(request, 3), "request \(request): \(shown)")
      for (index, line) in shown.enumerated() {
        XCTAssertTrue(line.hasPrefix("  Hint \(index + 1) of 3"), line)
        XCTAssertTrue(line.hasSuffix(exercise.hints[index]), line)
      }
      XCTAssertEqual(
        lines.filter { $0.contains("(new)") },
        request <= 3 ? ["  Hint \(request) of 3 (new): \(exercise.hints[request - 1])"] : [],
        "request \(request)"
      )
      let last =
        "  No more hints: that was the last. Compare with the reference solution: "
        + "Sources/Solutions/Chapter01/Ex1b_Transcribe.swift"
      XCTAssertEqual(lines.contains(last), request == 4, "request \(request): \(lines)")
    }
  }

  func test_aFailure_showsItsTest_itsFileAndLine_andTheCommandForThatExercise() throws {
    let lines = render(
      Scoreboard(
        results: [(chapter01[1], failing("transcribe must throw the recognizer's error"))],
        scopeWord: "Chapter01",
        revealedHints: RevealedHints(packageRoot: try scratchRoot())
      )
    )
    let start = try XCTUnwrap(
      lines.firstIndex(of: "First failure: 1b  Wrap a callback API (section 1.3)")
    )
    XCTAssertEqual(
      Array(lines[start + 1...start + 3]),
      [
        "  in Ex1b_TranscribeTests.test_x",
        "  at Tests/ExerciseTests/Chapter01/Ex1b_TranscribeTests.swift:31",
        "  transcribe must throw the recognizer's error",
      ]
    )
    XCTAssertEqual(
      lines.last,
      "Next: edit Sources/Exercises/Chapter01/Ex1b_Transcribe.swift, then run "
        + "`swift run Grade 1b`."
    )
  }

  func test_everyFailure_showsEachFailingExercisesFailure_theFirstOneFirst() throws {
    let results: [(exercise: Exercise, verdict: Verdict)] = [
      (chapter01[0], failing("scan must return the document")),
      (chapter01[1], .done),
      (chapter01[2], failing("readBarcode must resume once")),
    ]
    let root = try scratchRoot()
    let first = render(
      Scoreboard(results: results, scopeWord: nil, revealedHints: RevealedHints(packageRoot: root))
    )
    XCTAssertFalse(first.contains { $0.hasPrefix("Also failing") }, "\(first)")
    XCTAssertFalse(first.contains("  readBarcode must resume once"), "\(first)")

    let lines = render(
      Scoreboard(
        results: results,
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: root),
        everyFailure: true
      )
    )
    let one = try XCTUnwrap(lines.firstIndex(of: "First failure: \(chapter01[0].heading)"))
    XCTAssertEqual(lines[one + 3], "  scan must return the document")
    let three = try XCTUnwrap(lines.firstIndex(of: "Also failing: \(chapter01[2].heading)"))
    XCTAssertGreaterThan(three, one)
    XCTAssertEqual(
      Array(lines[three + 1...three + 3]),
      [
        "  in \(chapter01[2].testClass).test_x",
        "  at Tests/ExerciseTests/Chapter01/Ex1b_TranscribeTests.swift:31",
        "  readBarcode must resume once",
      ]
    )
    XCTAssertEqual(lines[three + 4], "  Read: \(chapter01[2].docLink)")
    XCTAssertFalse(lines.contains { $0.hasSuffix(chapter01[1].heading) && $0.hasPrefix("Also") })
    XCTAssertEqual(
      lines.last,
      "Next: edit \(chapter01[0].stubPath), then run `swift run Grade 1a`."
    )
  }

  /// As `swift run Grade 1b --hint` does it: a fresh scoreboard reads what was seen, reveals
  /// one more for this verdict, and renders.
  private func ask(_ verdict: Verdict, root: URL) throws -> [String] {
    var scoreboard = Scoreboard(
      results: [(chapter01[1], verdict)],
      scopeWord: "1b",
      revealedHints: RevealedHints(packageRoot: root)
    )
    try scoreboard.revealNextHint()
    return render(scoreboard)
  }

  private func mistakeFailure(_ mistake: Mistake) -> Verdict {
    .failing(
      Failure(
        kind: mistake.kind ?? .failedTest,
        test: mistake.test,
        message: mistake.saying ?? "x",
        details: []
      )
    )
  }

  private func hintLines(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("  Hint ") || $0.hasPrefix("  About ") }
  }

  func test_hintNumbers_areTheSameWhateverTheFailure_andAMistakesHintIsAnExtraThatStays()
    throws
  {
    let root = try scratchRoot()
    let exercise = chapter01[1]
    let mistake = try XCTUnwrap(exercise.mistakes.first)
    let doesNotCompile = Verdict.failing(
      Failure(kind: .doesNotCompile, test: nil, message: "does not compile", details: [])
    )
    let general = exercise.hints

    XCTAssertEqual(
      hintLines(try ask(doesNotCompile, root: root)),
      ["  Hint 1 of 3 (new): \(general[0])"],
      "a compile error: the first general hint"
    )
    XCTAssertEqual(
      hintLines(try ask(mistakeFailure(mistake), root: root)),
      ["  About this mistake (new): \(mistake.hint)", "  Hint 1 of 3: \(general[0])"],
      "the known mistake: its own hint, outside the numbering"
    )
    XCTAssertEqual(
      hintLines(try ask(mistakeFailure(mistake), root: root)),
      [
        "  About this mistake: \(mistake.hint)", "  Hint 1 of 3: \(general[0])",
        "  Hint 2 of 3 (new): \(general[1])",
      ],
      "the same mistake again: the next general hint, still number 2"
    )
    XCTAssertEqual(
      hintLines(try ask(failing("another failure"), root: root)),
      [
        "  About a mistake made before (\(mistake.name)): \(mistake.hint)",
        "  Hint 1 of 3: \(general[0])", "  Hint 2 of 3: \(general[1])",
        "  Hint 3 of 3 (new): \(general[2])",
      ],
      "another failure: the mistake's hint stays available"
    )
    let last = try ask(.notStarted, root: root)
    XCTAssertEqual(hintLines(last).count, 4, "\(last)")
    XCTAssertTrue(
      last.contains(
        "  No more hints: that was the last. Compare with the reference solution: "
          + exercise.solutionPath
      ),
      "\(last)"
    )
  }

  func test_aScoreboard_doesNotRepeatTheHintsSeen_unlessAsked() throws {
    let root = try scratchRoot()
    _ = try ask(failing("not yet"), root: root)
    _ = try ask(failing("not yet"), root: root)
    let lines = render(
      Scoreboard(
        results: [(chapter01[0], .done), (chapter01[1], failing("not yet"))],
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: root)
      )
    )
    XCTAssertEqual(hintLines(lines), [], "\(lines)")
    XCTAssertTrue(
      lines.contains(
        "  Hints seen: 2 of 3. `swift run Grade 1b --hint` shows them again, and hint 3 of 3."
      ),
      "\(lines)"
    )
  }

  func test_aKnownMistake_offersItsOwnHint_whenTheGeneralOnesAreSeen() throws {
    let root = try scratchRoot()
    let exercise = chapter01[1]
    for _ in 1...3 { _ = try ask(failing("not a known mistake"), root: root) }
    let mistake = try XCTUnwrap(exercise.mistakes.first)
    let before = render(
      Scoreboard(
        results: [(exercise, mistakeFailure(mistake))],
        scopeWord: "1b",
        revealedHints: RevealedHints(packageRoot: root)
      )
    )
    XCTAssertEqual(hintLines(before), [], "\(before)")
    XCTAssertTrue(
      before.contains("  Stuck? `swift run Grade 1b --hint` shows a hint about this mistake."),
      "\(before)"
    )
    XCTAssertEqual(
      hintLines(try ask(mistakeFailure(mistake), root: root)).first,
      "  About this mistake (new): \(mistake.hint)"
    )
  }

  func test_aMistakeWithAKind_matchesOnlyAFailureOfThatKind() throws {
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "1c"))
    let race = try XCTUnwrap(exercise.mistakes.first { $0.kind == .dataRace })
    let raced = Failure(kind: .dataRace, test: race.test, message: "race", details: [])
    let failed = Failure(kind: .failedTest, test: race.test, message: "returned x", details: [])
    XCTAssertEqual(exercise.mistake(for: raced), race)
    XCTAssertNil(exercise.mistake(for: failed))
  }

  func test_theMarkers_areTheSameOnATerminal() throws {
    let recorder = ConsoleRecorder()
    let scoreboard = Scoreboard(
      results: [(chapter01[0], .done), (chapter01[1], failing("x")), (chapter01[2], .notStarted)],
      scopeWord: nil,
      revealedHints: RevealedHints(packageRoot: try scratchRoot())
    )
    scoreboard.render(on: recorder.console(isTerminal: true))
    let rows = recorder.lines.filter { $0.contains("(section ") && !$0.contains(":") }
    XCTAssertEqual(rows.count, 3, "\(recorder.lines)")
    for (row, mark) in zip(rows, ["[x]", "[!]", "[ ]"]) {
      XCTAssertTrue(row.contains(mark), row)
    }
  }
}
