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
        location: "Tests/ExerciseTests/Chapter01/Ex1_2_TranscribeTests.swift:31",
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
    let done = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  [x] 1.1  Wrap a delegate API") })
    XCTAssertTrue(lines[done].contains("(section 1.2)"), lines[done])
    XCTAssertTrue(lines[done].hasSuffix("done"), lines[done])
    XCTAssertEqual(
      lines[done + 1],
      "        compare with Sources/Solutions/Chapter01/Ex1_1_ScannerService.swift"
    )
    XCTAssertTrue(lines.contains { $0.hasPrefix("  [ ] 1.2  Wrap a callback API (section 1.3)") })
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
      lines.contains("Next exercise: 1.1  Wrap a delegate API (section 1.2)"),
      "\(lines)"
    )
    XCTAssertFalse(lines.contains { $0.contains("Hint 1 of 3") }, "\(lines)")
    XCTAssertTrue(lines.contains("  Stuck? `swift run Grade 1.1 --hint` shows hint 1 of 3."))
    XCTAssertTrue(lines.contains("0 of 1 exercise done, 0 failing, 1 not started."), "\(lines)")
    XCTAssertTrue(
      lines.contains(
        "Next: write it in Sources/Exercises/Chapter01/Ex1_1_ScannerService.swift, then run "
          + "`swift run Grade 1.1`."
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
        + "Sources/Solutions/Chapter01/Ex1_2_Transcribe.swift"
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
      lines.firstIndex(of: "First failure: 1.2  Wrap a callback API (section 1.3)")
    )
    XCTAssertEqual(
      Array(lines[start + 1...start + 3]),
      [
        "  in Ex1_2_TranscribeTests.test_x",
        "  at Tests/ExerciseTests/Chapter01/Ex1_2_TranscribeTests.swift:31",
        "  transcribe must throw the recognizer's error",
      ]
    )
    XCTAssertEqual(
      lines.last,
      "Next: edit Sources/Exercises/Chapter01/Ex1_2_Transcribe.swift, then run "
        + "`swift run Grade 1.2`."
    )
  }

  func test_aFailureThatNamesAKnownMistake_revealsThatMistakesHintFirst() throws {
    let root = try scratchRoot()
    let exercise = chapter01[1]
    let mistake = try XCTUnwrap(exercise.mistakes.first)
    let verdict = Verdict.failing(
      Failure(kind: mistake.kind ?? .failedTest, test: mistake.test, message: "x", details: [])
    )
    var first = Scoreboard(
      results: [(exercise, verdict)],
      scopeWord: nil,
      revealedHints: RevealedHints(packageRoot: root)
    )
    try first.revealNextHint()
    XCTAssertTrue(
      render(first).contains("  Hint 1 of 4 (new): \(mistake.hint)"),
      "\(render(first))"
    )

    // The next hint is the general first one; a failure in another test gets no mistake hint.
    var second = Scoreboard(
      results: [(exercise, verdict)],
      scopeWord: nil,
      revealedHints: RevealedHints(packageRoot: root)
    )
    try second.revealNextHint()
    XCTAssertTrue(render(second).contains("  Hint 2 of 4 (new): \(exercise.hints[0])"))
    let other = Scoreboard(
      results: [(exercise, failing("some other test"))],
      scopeWord: nil,
      revealedHints: RevealedHints(packageRoot: root)
    )
    XCTAssertEqual(
      render(other).filter { $0.hasPrefix("  Hint ") },
      ["  Hint 1 of 3: \(exercise.hints[0])"],
      "the mistake's hint is for that mistake only"
    )
  }

  func test_hintsSeenBeforeAMistakeShows_stayShown_andItsHintComesOnlyWhenAskedFor() throws {
    let root = try scratchRoot()
    let exercise = chapter01[1]
    for _ in 1...3 {
      var scoreboard = Scoreboard(
        results: [(exercise, failing("not a known mistake"))],
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: root)
      )
      try scoreboard.revealNextHint()
    }
    let mistake = try XCTUnwrap(exercise.mistakes.first)
    let verdict = Verdict.failing(
      Failure(kind: mistake.kind ?? .failedTest, test: mistake.test, message: "x", details: [])
    )
    let before = render(
      Scoreboard(
        results: [(exercise, verdict)],
        scopeWord: nil,
        revealedHints: RevealedHints(packageRoot: root)
      )
    )
    XCTAssertEqual(
      before.filter { $0.hasPrefix("  Hint ") },
      (0..<3).map { "  Hint \($0 + 1) of 4: \(exercise.hints[$0])" }
    )
    XCTAssertTrue(before.contains("  Stuck? `swift run Grade 1.2 --hint` shows hint 4 of 4."))
    var asked = Scoreboard(
      results: [(exercise, verdict)],
      scopeWord: nil,
      revealedHints: RevealedHints(packageRoot: root)
    )
    try asked.revealNextHint()
    XCTAssertEqual(
      render(asked).filter { $0.hasPrefix("  Hint ") }.last,
      "  Hint 4 of 4 (new): \(mistake.hint)"
    )
  }

  func test_aMistakeWithAKind_matchesOnlyAFailureOfThatKind() throws {
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "1.3"))
    let race = try XCTUnwrap(exercise.mistakes.first { $0.kind == .dataRace })
    let raced = Failure(kind: .dataRace, test: race.test, message: "race", details: [])
    let failed = Failure(kind: .failedTest, test: race.test, message: "returned x", details: [])
    XCTAssertEqual(exercise.hints(for: raced), [race.hint] + exercise.hints)
    XCTAssertEqual(exercise.hints(for: failed), exercise.hints)
  }
}
