import Foundation
import LessonSupport
import TestTooling
import XCTest

@testable import Grade

/// `--watch` in virtual time: the test saves a file in a scratch folder, moves the clock past
/// one poll, and sees the exercise graded again; when it passes, the next one is graded.
///
/// The watcher going back to sleep on the manual clock is the sign that it has done all it will
/// do for a poll, so a test never waits for something that may not come.
final class WatchModeTests: XCTestCase {
  private let exercises = Array(ExerciseCatalog.exercises(in: ExerciseCatalog.chapter01).prefix(2))

  private struct Harness {
    let watch: WatchMode
    let clock: ManualClock
    let recorder: ConsoleRecorder
    /// The ids of each grading the watcher asked for, in order.
    let gradings: Locked<[[String]]>
    let folder: URL
    let keys: KeyInput
    /// The exercises the h key asked a hint for, and the resets done, in order.
    let asked: Locked<[String]>

    /// Moves the clock past one poll, then waits until the watcher sleeps again.
    func poll() async {
      clock.advance(by: watch.pollInterval)
      await clock.waitForSleepers(count: 1)
    }

    /// Types keys, then lets the watcher take them at its next poll.
    func type(_ text: String) async {
      keys.type(text)
      await poll()
    }

    /// "Saves" an exercise's file; a file that says SOLVED passes.
    func save(_ exercise: Exercise, _ text: String) throws {
      try text.write(
        to: folder.appendingPathComponent("\(exercise.chapter.name)/\(exercise.stubFile)"),
        atomically: true,
        encoding: .utf8
      )
    }
  }

  /// A watcher of the first two exercises, with keys when `withKeys` (as on a terminal).
  private func harness(withKeys: Bool = false) throws -> Harness {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watch-\(UUID().uuidString)")
    let chapter = folder.appendingPathComponent("Chapter01")
    try FileManager.default.createDirectory(at: chapter, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for exercise in exercises {
      try "stub".write(
        to: chapter.appendingPathComponent(exercise.stubFile),
        atomically: true,
        encoding: .utf8
      )
    }
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let gradings = Locked<[[String]]>([])
    let asked = Locked<[String]>([])
    let keys = KeyInput()
    let console = recorder.console()
    var watch = WatchMode(
      scope: exercises,
      folder: folder,
      console: console,
      grade: { exercises, _ in
        let results = exercises.map { exercise -> (exercise: Exercise, verdict: Verdict) in
          let text = try? String(
            contentsOf: chapter.appendingPathComponent(exercise.stubFile),
            encoding: .utf8
          )
          return (exercise, text == "SOLVED" ? .done : .notStarted)
        }
        console.print("graded \(exercises.map(\.id))")
        gradings.withLock { $0.append(exercises.map(\.id)) }
        return results
      },
      clock: clock
    )
    if withKeys { watch.keys = keys }
    watch.showNextHint = { exercise, _ in asked.withLock { $0.append("hint \(exercise.id)") } }
    watch.planReset = { exercise in
      ExerciseReset.Plan(exercise: exercise, original: "stub", current: "x", backup: "kept.swift")
    }
    watch.applyReset = { plan in asked.withLock { $0.append("reset \(plan.exercise.id)") } }
    return Harness(
      watch: watch,
      clock: clock,
      recorder: recorder,
      gradings: gradings,
      folder: folder,
      keys: keys,
      asked: asked
    )
  }

  func test_aSave_regradesTheCurrentExercise_andAPassMovesOnToTheNext() async throws {
    let h = try harness()
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    XCTAssertEqual(h.gradings.withLock { $0 }, [["1a", "1b"]], "first, the whole scope")

    await h.poll()
    XCTAssertEqual(h.gradings.withLock { $0.count }, 1, "no save, no grading")

    try h.save(exercises[0], "still wrong")
    await h.poll()
    XCTAssertEqual(h.gradings.withLock { $0.last }, ["1a"], "a save grades the watched one")

    try h.save(exercises[0], "SOLVED")
    await h.poll()
    XCTAssertEqual(
      h.gradings.withLock { $0.suffix(2) },
      [["1a"], ["1b"]],
      "1a passes, so 1b is graded next"
    )

    try h.save(exercises[1], "SOLVED")
    h.clock.advance(by: h.watch.pollInterval)
    let status = await run.value
    XCTAssertEqual(status, 0, "everything done: watching ends")
    XCTAssertEqual(
      h.gradings.withLock { $0 },
      [["1a", "1b"], ["1a"], ["1a"], ["1b"], ["1b"]]
    )

    let lines = h.recorder.lines
    XCTAssertTrue(lines.contains("--- a file changed: grading 1a again ---"), "\(lines)")
    XCTAssertTrue(lines.contains("1a is done. On to 1b  Wrap a callback API (section 1.3):"))
    XCTAssertTrue(
      lines.contains("Watching Sources/Exercises: save a file to grade 1b again. Ctrl-C stops.")
    )
    XCTAssertEqual(lines.last, "Every exercise in scope is done. Stopped watching.")
  }

  func test_cancellingWhileWatching_endsTheRunQuietly() async throws {
    let h = try harness()
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    run.cancel()
    let status = await run.value
    XCTAssertEqual(status, 1)
    XCTAssertFalse(h.recorder.text.contains("done"), h.recorder.text)
  }

  func test_withKeys_aPassWaitsForN_andNamesTheSolution() async throws {
    let h = try harness(withKeys: true)
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    XCTAssertEqual(h.recorder.lines.last, WatchMode.keyLine(watching: exercises[0]))

    await h.type("n")
    XCTAssertTrue(h.recorder.lines.contains("1a is not done yet: n moves on once it passes."))
    XCTAssertEqual(h.gradings.withLock { $0.count }, 1, "n before a pass grades nothing")

    try h.save(exercises[0], "SOLVED")
    await h.poll()
    XCTAssertEqual(h.gradings.withLock { $0 }, [["1a", "1b"], ["1a"]], "no move on its own")
    XCTAssertTrue(
      h.recorder.lines.contains(
        "1a is done. Compare your answer with Sources/Solutions/Chapter01/"
          + "Ex1a_ScannerService.swift; press n for the next exercise, 1b."
      ),
      h.recorder.text
    )

    await h.type("l")
    let list = h.recorder.lines.suffix(4)
    XCTAssertTrue(list.contains("  [x] 1a  Wrap a delegate API (section 1.2)  <- you are here"))
    XCTAssertTrue(list.contains("  [ ] 1b  Wrap a callback API (section 1.3)"), "\(list)")

    await h.type("n")
    XCTAssertEqual(h.gradings.withLock { $0.last }, ["1b"])
    XCTAssertTrue(h.recorder.lines.contains("On to 1b  Wrap a callback API (section 1.3):"))
    XCTAssertEqual(h.recorder.lines.last, WatchMode.keyLine(watching: exercises[1]))

    await h.type("h")
    XCTAssertEqual(h.asked.withLock { $0 }, ["hint 1b"], "h asks for the watched one's hint")

    h.keys.type("q")  // the watcher ends: it does not sleep again
    h.clock.advance(by: h.watch.pollInterval)
    let status = await run.value
    XCTAssertEqual(status, 1, "quit with 1b not done")
    XCTAssertEqual(h.recorder.lines.last, "Stopped watching.")
  }

  func test_aSaveOfAnotherExercise_gradesThatOne_andAFinishedOneBrokenAgainShows() async throws {
    let h = try harness(withKeys: true)
    try h.save(exercises[0], "SOLVED")
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    XCTAssertEqual(h.recorder.lines.last, WatchMode.keyLine(watching: exercises[1]))

    try h.save(exercises[0], "broken again")
    await h.poll()
    XCTAssertEqual(h.gradings.withLock { $0.last }, ["1a"], "the file saved is graded")
    XCTAssertTrue(
      h.recorder.lines.contains("1a was done, and is not any more: see its row above."),
      h.recorder.text
    )
    await h.type("l")
    XCTAssertTrue(h.recorder.lines.contains("  [ ] 1a  Wrap a delegate API (section 1.2)"))
    run.cancel()
    _ = await run.value
  }

  func test_withKeys_theLastPassWaitsForQ_andABreakAfterItShows() async throws {
    let h = try harness(withKeys: true)
    try h.save(exercises[0], "SOLVED")
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)

    try h.save(exercises[1], "SOLVED")
    h.clock.advance(by: h.watch.pollInterval)
    await h.clock.waitForASleeper(orTheEndOf: run)
    guard !h.recorder.text.contains("Stopped watching") else {
      return XCTFail("the last pass in scope ended the watch; expected it to wait for q")
    }
    XCTAssertTrue(
      h.recorder.lines.contains(
        "1b is done, and so is every exercise in scope. Compare your answer with "
          + "Sources/Solutions/Chapter01/Ex1b_Transcribe.swift; press q to stop watching."
      ),
      h.recorder.text
    )
    XCTAssertEqual(h.recorder.lines.last, WatchMode.keyLine(watching: exercises[1]))

    try h.save(exercises[1], "broken again")
    await h.poll()
    XCTAssertTrue(
      h.recorder.lines.contains("1b was done, and is not any more: see its row above."),
      h.recorder.text
    )
    try h.save(exercises[1], "SOLVED")
    await h.poll()

    h.keys.type("q")
    h.clock.advance(by: h.watch.pollInterval)
    let status = await run.value
    XCTAssertEqual(status, 0, "quit with every exercise done")
    XCTAssertEqual(h.gradings.withLock { $0 }, [["1a", "1b"], ["1b"], ["1b"], ["1b"]])
  }

  func test_r_asksFirst_andOnlyYResets() async throws {
    let h = try harness(withKeys: true)
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    let question =
      "Put back the original stub of 1a in Sources/Exercises/Chapter01/"
      + "Ex1a_ScannerService.swift? Your version will be kept in kept.swift. [y/N]"

    await h.type("r")
    XCTAssertEqual(h.recorder.lines.last, question)
    await h.type("h")
    XCTAssertEqual(h.recorder.lines.suffix(3).first, "Nothing changed.")
    XCTAssertEqual(h.asked.withLock { $0 }, [], "the answer is not taken as a key too")

    await h.type("ry")
    XCTAssertEqual(h.asked.withLock { $0 }, ["reset 1a"])
    XCTAssertTrue(h.recorder.lines.contains("Your version is in kept.swift; to bring it back:"))
    XCTAssertTrue(
      h.recorder.lines.contains(
        "  cp kept.swift Sources/Exercises/Chapter01/Ex1a_ScannerService.swift"
      )
    )
    run.cancel()
    _ = await run.value
  }

  func test_withoutKeys_typedLettersDoNothing() async throws {
    let h = try harness()
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    let before = h.recorder.lines
    await h.type("hnlrq")
    XCTAssertEqual(h.recorder.lines, before)
    XCTAssertEqual(h.asked.withLock { $0 }, [])
    run.cancel()
    let status = await run.value
    XCTAssertEqual(status, 1)
  }
}
