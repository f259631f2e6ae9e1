// `swift run Grade --watch`: grade where the learner stands, then grade an exercise again each
// time its file under Sources/Exercises is saved. On a terminal it takes keys, named in one line
// at the bottom; a pass waits for n, so that there is time to compare with the solution.
// Without a terminal (a pipe, a log) it takes no keys and moves on by itself after a pass.
import Foundation
import LessonSupport

struct WatchMode: Sendable {
  typealias Results = [(exercise: Exercise, verdict: Verdict)]

  let scope: [Exercise]
  /// The folder whose files are watched: the package's Sources/Exercises.
  let folder: URL
  let console: Console
  /// Builds, grades these exercises and prints the scoreboard; nil when nothing could be built.
  ///
  /// The flag is true for the first grading only.
  let grade: @Sendable ([Exercise], Bool) async -> Results?
  var clock: any Clock<Duration> = ContinuousClock()
  /// How often the files' modification times are read, and the keys typed.
  ///
  /// Polling needs no dependency and works with every editor, including those that save by
  /// writing a new file and renaming it; reading a few dozen files' attributes costs next to
  /// nothing, and a short interval keeps the wait after a save small.
  var pollInterval = Duration.milliseconds(50)
  /// The keys typed; nil when standard input is not a terminal.
  var keys: KeyInput? = nil
  /// The h key: reveals and prints the next hint of the exercise, for its latest verdict.
  var showNextHint: @Sendable (Exercise, Verdict?) -> Void = { _, _ in }
  /// The r key: what resetting the exercise would do (nil: its file is the original stub).
  var planReset: @Sendable (Exercise) async throws -> ExerciseReset.Plan? = { _ in nil }
  /// The r key, once the learner said yes.
  var applyReset: @Sendable (ExerciseReset.Plan) throws -> Void = { _ in }

  /// The line at the bottom while keys are taken.
  static func keyLine(watching exercise: Exercise) -> String {
    "Watching \(exercise.id): save to grade again · h hint · n next · l list · r reset · q quit"
  }

  /// What the watcher knows between two looks at the files.
  private final class Session {
    var verdicts: [String: Verdict] = [:]
    var current: Exercise
    /// A reset asked about, waiting for y (or any other key, for no).
    var askingToReset: ExerciseReset.Plan?

    init(current: Exercise) {
      self.current = current
    }

    func record(_ results: Results?) {
      for (exercise, verdict) in results ?? [] { verdicts[exercise.id] = verdict }
    }

    var currentIsDone: Bool {
      verdicts[current.id] == .done
    }
  }

  /// Runs until every exercise in scope is done (0), q (0 when all are done, else 1), or until
  /// the task is cancelled (1).
  func run() async -> Int32 {
    guard let first = scope.first else { return 0 }
    let session = Session(current: first)
    var saved = snapshot()
    // First where the learner stands: every exercise in scope.
    session.record(await grade(scope, true))
    guard let start = nextExercise(session) else { return finished() }
    session.current = start
    footer(session)
    while true {
      do {
        try await clock.sleep(for: pollInterval)
      } catch {
        return 1  // cancelled
      }
      while let key = keys?.next() {
        if let status = await handle(key, session) { return status }
      }
      let now = snapshot()
      guard now != saved else { continue }
      let changed = Set(saved.keys).union(now.keys).filter { saved[$0] != now[$0] }
      saved = now
      if let status = await gradeAgain(changed, session) { return status }
    }
  }

  /// A save: grades again the exercises whose files changed (the current one when the file is
  /// no exercise's), and says when one that was done is not any more.
  private func gradeAgain(_ changed: Set<String>, _ session: Session) async -> Int32? {
    var exercises = scope.filter { changed.contains("\($0.chapter.name)/\($0.stubFile)") }
    if exercises.isEmpty { exercises = [session.current] }
    let ids = exercises.map(\.id).joined(separator: ", ")
    if console.isTerminal {
      console.print("\u{1B}[2J\u{1B}[H")  // clear the screen: each report starts afresh
    } else {
      console.print()
      console.print("--- a file changed: grading \(ids) again ---")
    }
    let before = session.verdicts
    session.record(await grade(exercises, false))
    for exercise in exercises
    where before[exercise.id] == .done && session.verdicts[exercise.id] != .done {
      console.print()
      console.print(
        "\(exercise.id) was done, and is not any more: see its row above.",
        style: .failure
      )
    }
    return await afterGrading(session)
  }

  /// After a grading: a pass of the current exercise waits for n (or, for the last one in scope,
  /// for q), naming the solution to compare with; without keys it moves on at once.
  private func afterGrading(_ session: Session) async -> Int32? {
    while session.currentIsDone {
      let done = session.current
      guard let next = nextExercise(session) else {
        guard keys != nil else { return finished() }
        console.print()
        console.print(
          "\(done.id) is done, and so is every exercise in scope. Compare your answer with "
            + "\(done.solutionPath); press q to stop watching.",
          style: .success
        )
        break
      }
      console.print()
      if keys != nil {
        console.print(
          "\(done.id) is done. Compare your answer with \(done.solutionPath); "
            + "press n for the next exercise, \(next.id).",
          style: .success
        )
        break
      }
      console.print("\(done.id) is done. On to \(next.heading):", style: .success)
      session.current = next
      session.record(await grade([next], false))
    }
    footer(session)
    return nil
  }

  /// One key; a status ends the watch.
  private func handle(_ key: Character, _ session: Session) async -> Int32? {
    let exercise = session.current
    if let plan = session.askingToReset {
      session.askingToReset = nil
      if key == "y" || key == "Y" {
        do {
          try applyReset(plan)
          console.print("Put back the original stub of \(exercise.id) in \(exercise.stubPath).")
          console.print("Your version is in \(plan.backup); to bring it back:")
          console.print("  \(plan.bringBack)")
        } catch {
          console.print("Could not reset \(exercise.id): \(error)", style: .failure)
        }
      } else {
        console.print("Nothing changed.")
      }
      footer(session)
      return nil
    }
    switch key {
    case "h":
      showNextHint(exercise, session.verdicts[exercise.id])
    case "n":
      guard session.currentIsDone else {
        console.print()
        console.print("\(exercise.id) is not done yet: n moves on once it passes.")
        break
      }
      guard let next = nextExercise(session) else { return finished() }
      console.print()
      console.print("On to \(next.heading):", style: .bold)
      session.current = next
      session.record(await grade([next], false))
      return await afterGrading(session)
    case "l":
      printList(session)
    case "r":
      do {
        if let plan = try await planReset(exercise) {
          console.print()
          console.print(plan.question + " [y/N]")
          session.askingToReset = plan
          return nil
        }
        console.print()
        console.print("\(exercise.stubPath) is already the original stub; nothing to do.")
      } catch {
        console.print("Could not reset \(exercise.id): \(error)", style: .failure)
      }
    case "q":
      console.print()
      console.print("Stopped watching.")
      return scope.allSatisfy { session.verdicts[$0.id] == .done } ? 0 : 1
    default:
      return nil  // not a key of ours: nothing to say
    }
    footer(session)
    return nil
  }

  /// Every exercise in scope with its marker, and where the learner is.
  private func printList(_ session: Session) {
    console.print()
    let width = (scope.map(\.heading.count).max() ?? 0) + 2
    for exercise in scope {
      let mark = Scoreboard.mark(for: session.verdicts[exercise.id])
      let here = exercise == session.current ? "<- you are here" : ""
      let heading = exercise.heading.padding(toLength: width, withPad: " ", startingAt: 0)
      console.print("  \(mark) \(heading)\(here)".trimmingTrailingSpaces)
    }
  }

  private func footer(_ session: Session) {
    console.print()
    if keys != nil {
      console.print(Self.keyLine(watching: session.current), style: .dim)
    } else {
      console.print(
        "Watching Sources/Exercises: save a file to grade \(session.current.id) again. "
          + "Ctrl-C stops.",
        style: .dim
      )
    }
  }

  private func finished() -> Int32 {
    console.print()
    console.print("Every exercise in scope is done. Stopped watching.", style: .success)
    return 0
  }

  /// The first exercise not done, starting with the current one and going round the scope.
  private func nextExercise(_ session: Session) -> Exercise? {
    let start = scope.firstIndex(of: session.current) ?? 0
    let ordered = scope[start...] + scope[..<start]
    return ordered.first { session.verdicts[$0.id] != .done }
  }

  /// Every Swift file under the folder, with its modification time and size.
  func snapshot() -> [String: [Double]] {
    FileStamps.swiftFiles(under: folder)
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    String(reversed().drop { $0 == " " }.reversed())
  }
}
