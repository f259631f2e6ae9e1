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

    /// Moves the clock past one poll, then waits until the watcher sleeps again.
    func poll() async {
      clock.advance(by: watch.pollInterval)
      await clock.waitForSleepers(count: 1)
    }

    /// "Saves" an exercise's file; a file that says SOLVED passes.
    func save(_ exercise: Exercise, _ text: String) throws {
      try text.write(
        to: folder.appendingPathComponent(exercise.stubFile),
        atomically: true,
        encoding: .utf8
      )
    }
  }

  private func harness() throws -> Harness {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for exercise in exercises {
      try "stub".write(
        to: folder.appendingPathComponent(exercise.stubFile),
        atomically: true,
        encoding: .utf8
      )
    }
    let clock = ManualClock()
    let recorder = ConsoleRecorder()
    let gradings = Locked<[[String]]>([])
    let console = recorder.console()
    let watch = WatchMode(
      scope: exercises,
      folder: folder,
      console: console,
      grade: { exercises, _ in
        let results = exercises.map { exercise -> (exercise: Exercise, verdict: Verdict) in
          let text = try? String(
            contentsOf: folder.appendingPathComponent(exercise.stubFile),
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
    return Harness(
      watch: watch,
      clock: clock,
      recorder: recorder,
      gradings: gradings,
      folder: folder
    )
  }

  func test_aSave_regradesTheCurrentExercise_andAPassMovesOnToTheNext() async throws {
    let h = try harness()
    let run = Task { await h.watch.run() }
    await h.clock.waitForSleepers(count: 1)
    XCTAssertEqual(h.gradings.withLock { $0 }, [["1.1", "1.2"]], "first, the whole scope")

    await h.poll()
    XCTAssertEqual(h.gradings.withLock { $0.count }, 1, "no save, no grading")

    try h.save(exercises[0], "still wrong")
    await h.poll()
    XCTAssertEqual(h.gradings.withLock { $0.last }, ["1.1"], "a save grades the watched one")

    try h.save(exercises[0], "SOLVED")
    await h.poll()
    XCTAssertEqual(
      h.gradings.withLock { $0.suffix(2) },
      [["1.1"], ["1.2"]],
      "1.1 passes, so 1.2 is graded next"
    )

    try h.save(exercises[1], "SOLVED")
    h.clock.advance(by: h.watch.pollInterval)
    let status = await run.value
    XCTAssertEqual(status, 0, "everything done: watching ends")
    XCTAssertEqual(
      h.gradings.withLock { $0 },
      [["1.1", "1.2"], ["1.1"], ["1.1"], ["1.2"], ["1.2"]]
    )

    let lines = h.recorder.lines
    XCTAssertTrue(lines.contains("--- a file changed: grading 1.1 again ---"), "\(lines)")
    XCTAssertTrue(lines.contains("1.1 is done. On to 1.2  Wrap a callback API (section 1.3):"))
    XCTAssertTrue(
      lines.contains("Watching Sources/Exercises: save a file to grade 1.2 again. Ctrl-C stops.")
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
}
