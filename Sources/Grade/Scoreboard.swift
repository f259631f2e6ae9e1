// The grader's report: each exercise's state, totals, the first problem, and what to do next.
import Foundation
import LessonSupport

struct Scoreboard {
  let results: [(exercise: Exercise, verdict: Verdict)]
  /// The word that grades the same scope again ("1b", "Chapter01"), or nil for everything.
  let scopeWord: String?
  var revealedHints: RevealedHints
  /// What `--hint` revealed, or nil when it was not given: hints seen before are shown only
  /// when asked for.
  var hintRequest: RevealedHints.Reveal? = nil
  /// The compiler's warnings in the learner's files of the chapters graded.
  var warnings: [CompilerDiagnostic] = []
  /// Files outside the scope that do not compile, graded around with the original stubs.
  var standIns: [String] = []
  /// In `--watch` mode, a save grades again: the next step says so instead of naming a command.
  var watching = false
  /// In `--watch` mode on a terminal the h key shows the next hint; in a pipe there are no keys,
  /// and the hint is offered as a command.
  var hintKey = false
  /// `--every-failure`: each failing exercise's failure is shown, the first one first.
  var everyFailure = false
  /// The terminal's width, to which a failure's lines and the hints are wrapped; nil in a pipe.
  var width: Int? = nil

  func render(on console: Console) {
    // One column for every exercise heading, so the states line up across chapters.
    let width = (ExerciseCatalog.exercises.map(\.heading.count).max() ?? 0) + 2
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
        let heading = exercise.heading.padding(toLength: width, withPad: " ", startingAt: 0)
        console.print(
          "  \(mark(for: verdict, on: console)) \(heading)\(state(of: verdict, on: console))"
        )
        if verdict == .done {
          console.print("        compare with \(exercise.solutionPath)", style: .dim)
        }
      }
    }

    let done = results.filter { $0.verdict == .done }.count
    let failing = results.filter { if case .failing = $0.verdict { true } else { false } }.count
    console.print()
    console.print(
      "\(done) of \(results.count) \(results.count == 1 ? "exercise" : "exercises") done, "
        + "\(failing) failing, \(results.count - done - failing) not started."
    )

    printCompilerNotes(on: console)

    if let (exercise, failure) = firstFailure {
      printFailure(of: exercise, failure, title: "First failure", on: console)
      for case (let other, .failing(let failure)) in results where everyFailure && other != exercise
      {
        printFailure(of: other, failure, title: "Also failing", on: console)
      }
      printNext(
        watching
          ? "edit \(exercise.stubPath) and save it: it is graded again at once"
          : "edit \(exercise.stubPath), then run `swift run Grade \(exercise.id)`",
        on: console
      )
    } else if let exercise = firstNotStarted {
      console.print()
      console.print("Next exercise: \(exercise.heading)", style: .bold)
      printHints(for: exercise, failure: nil, on: console)
      printNext(
        watching
          ? "write it in \(exercise.stubPath) and save it: it is graded at once"
          : "write it in \(exercise.stubPath), then run `swift run Grade \(exercise.id)`",
        on: console
      )
    } else {
      // In --watch mode the watcher says what comes next.
      if !watching {
        console.print()
        console.print("Every exercise here is done.", style: .success)
      }
      if scopeWord != nil, !watching {
        console.print("Next: run `swift run Grade` to see every chapter.")
      }
    }
  }

  /// `--hint`: one more hint for the exercise named next, started or not.
  mutating func revealNextHint() throws {
    guard let exercise = nextExercise else { return }
    let failure = firstFailure.flatMap { $0.0 == exercise ? $0.1 : nil }
    hintRequest = try revealedHints.revealNext(of: exercise, failure: failure)
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

  /// One failing exercise: its test, place, message and details, then its hints.
  private func printFailure(
    of exercise: Exercise,
    _ failure: Failure,
    title: String,
    on console: Console
  ) {
    console.print()
    console.print("\(title): \(exercise.heading)", style: .bold)
    if let test = failure.test { printWrapped("  in \(exercise.testClass).\(test)", on: console) }
    if let location = failure.location { console.print("  at \(location)") }
    printWrapped("  " + failure.message, style: .failure, on: console)
    for detail in failure.details {
      // The compiler's excerpts line a caret up under the source: never broken.
      if failure.kind == .doesNotCompile {
        console.print("    " + detail)
      } else {
        printWrapped("    " + detail, on: console)
      }
    }
    printHints(for: exercise, failure: failure, on: console)
  }

  /// The hints asked for (only when asked), the section to read, and how to get more.
  private func printHints(for exercise: Exercise, failure: Failure?, on console: Console) {
    let hints = HintLines(
      exercise: exercise,
      failure: failure,
      seen: revealedHints.seen(of: exercise),
      request: hintRequest,
      watching: hintKey
    )
    for line in hints.lines { printWrapped(line, hanging: 2, on: console) }
  }

  /// Prints `line`, broken between words to `width` when there is one.
  private func printWrapped(
    _ line: String,
    style: ConsoleStyle = .plain,
    hanging: Int = 0,
    on console: Console
  ) {
    for part in TextWrap.lines(line, width: width, hanging: hanging) {
      console.print(part, style: style)
    }
  }

  /// Warnings in the learner's files (each with the compiler's excerpt), and the files outside
  /// this run that do not compile.
  private func printCompilerNotes(on console: Console) {
    if !warnings.isEmpty {
      console.print()
      let count = warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"
      console.print("The compiler has \(count) about your files:", style: .bold)
      for line in warnings.prefix(5).flatMap(\.text) { console.print("  " + line) }
      if warnings.count > 5 { console.print("  ... and \(warnings.count - 5) more.") }
    }
    if !standIns.isEmpty {
      console.print()
      let (files, them) =
        standIns.count == 1
        ? (standIns[0], "it")
        : (
          standIns.joined(separator: ", "), "them"
        )
      console.print(
        "Not compiling, and not graded in this run: \(files). The original stub stood in for "
          + "\(them), so that the rest could be graded.",
        style: .dim
      )
    }
  }

  private func printNext(_ action: String, on console: Console) {
    console.print()
    printWrapped("Next: \(action).", style: .bold, hanging: 2, on: console)
  }

  private func mark(for verdict: Verdict, on console: Console) -> String {
    switch verdict {
    case .done: console.styled(Self.mark(for: verdict), .success)
    case .failing: console.styled(Self.mark(for: verdict), .failure)
    case .notStarted: Self.mark(for: verdict)
    }
  }

  /// The one set of markers, on a terminal as in a log, in the scoreboard as in watch mode.
  static func mark(for verdict: Verdict?) -> String {
    switch verdict {
    case .done: "[x]"
    case .failing: "[!]"
    case .notStarted, nil: "[ ]"
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
      case .busy: console.styled("failing: busy forever", .failure)
      case .dataRace: console.styled("failing: data race", .failure)
      case .doesNotCompile: console.styled("failing: does not compile", .failure)
      }
    case .notStarted: console.styled("not started", .dim)
    }
  }
}
