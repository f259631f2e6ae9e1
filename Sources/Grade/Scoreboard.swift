// The grader's report: each exercise's state, totals, the first problem, and what to do next.
import LessonSupport
import Foundation

struct Scoreboard {
  let results: [(exercise: Exercise, verdict: Verdict)]
  /// The chapter asked for on the command line, if any, for the next command.
  let chapter: ChapterInfo?
  let hintLevels: HintLevels

  func render(on console: Console) {
    for chapter in ExerciseCatalog.chapters {
      let rows = results.filter { $0.exercise.chapter == chapter }
      guard !rows.isEmpty else { continue }
      let done = rows.filter { $0.verdict == .done }.count
      console.print()
      console.print(
        "\(chapter.name): \(chapter.title)  (\(done) of \(rows.count) done)",
        style: .bold
      )
      for (exercise, verdict) in rows {
        let title = "\(exercise.id)  \(exercise.title)".padding(
          toLength: 40,
          withPad: " ",
          startingAt: 0
        )
        console.print(
          "  \(mark(for: verdict, on: console)) \(title) \(state(of: verdict, on: console))"
        )
      }
    }

    let done = results.filter { $0.verdict == .done }.count
    let failing = results.filter { if case .failing = $0.verdict { true } else { false } }.count
    console.print()
    console.print(
      "\(done) of \(results.count) exercises done, \(failing) failing, "
        + "\(results.count - done - failing) not started."
    )

    if let (exercise, failure) = firstFailure {
      console.print()
      console.print("First failure: \(exercise.id) \(exercise.title)", style: .bold)
      if let test = failure.test { console.print("  in \(exercise.testClass).\(test)") }
      console.print("  " + failure.message, style: .failure)
      for detail in failure.details { console.print("    " + detail) }
      printHints(for: exercise, on: console)
      printNext("edit \(exercise.stubPath)", on: console)
    } else if let exercise = firstNotStarted {
      console.print()
      console.print("Next exercise: \(exercise.id) \(exercise.title)", style: .bold)
      console.print("  Read: \(exercise.docLink)")
      printNext("write it in \(exercise.stubPath)", on: console)
    } else {
      console.print()
      console.print("Every exercise here is done.", style: .success)
      if chapter != nil {
        console.print("Next: run `swift run Grade` to see every chapter.")
      }
    }
  }

  /// The exercise the learner should work on next: the first failing one, else the first not
  /// started.
  var nextExercise: Exercise? {
    firstFailure?.0 ?? firstNotStarted
  }

  private var firstFailure: (Exercise, Failure)? {
    for (exercise, verdict) in results {
      if case .failing(let failure) = verdict { return (exercise, failure) }
    }
    return nil
  }

  private var firstNotStarted: Exercise? {
    results.first { $0.verdict == .notStarted }?.exercise
  }

  private func printHints(for exercise: Exercise, on console: Console) {
    let level = hintLevels.level(of: exercise)
    for index in 0..<level {
      console.print("  Hint \(index + 1) of \(exercise.hints.count): \(exercise.hints[index])")
    }
    console.print("  Read: \(exercise.docLink)")
    if level < exercise.hints.count {
      console.print("  Stuck? `swift run Grade --hint` shows the next hint.")
    }
  }

  private func printNext(_ action: String, on console: Console) {
    let command = chapter.map { "swift run Grade \($0.name)" } ?? "swift run Grade"
    console.print()
    console.print("Next: \(action), then run `\(command)`.", style: .bold)
  }

  private func mark(for verdict: Verdict, on console: Console) -> String {
    switch verdict {
    case .done: console.styled(console.isTerminal ? "✓" : "[x]", .success)
    case .failing: console.styled(console.isTerminal ? "✗" : "[!]", .failure)
    case .notStarted: console.isTerminal ? "·" : "[ ]"
    }
  }

  private func state(of verdict: Verdict, on console: Console) -> String {
    switch verdict {
    case .done: console.styled("done", .success)
    case .failing(let failure):
      switch failure.kind {
      case .failedTest: console.styled("failing", .failure)
      case .crashed: console.styled("failing: crashed", .failure)
      case .hung: console.styled("failing: did not finish", .failure)
      }
    case .notStarted: console.styled("not started", .dim)
    }
  }
}
