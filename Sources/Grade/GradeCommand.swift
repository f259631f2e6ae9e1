// `swift run Grade`: build the tests once, run each exercise's tests in a child process with a
// time limit, then print the scoreboard.
import ChildProcesses
import LessonSupport
import LiveProgress
import Foundation

enum GradeCommand {
  /// Runs the grader and returns its exit status: 0 all done, 1 otherwise, 64 bad arguments.
  static func run(arguments: [String], console: Console, errors: Console) async -> Int32 {
    let options: GradeOptions
    do {
      options = try GradeOptions.parse(arguments)
    } catch {
      // The one line that says what is wrong, not buried under the whole usage.
      errors.print("Grade: \(error)")
      errors.print("The usage: swift run Grade --help")
      return 64
    }
    switch options.action {
    case .help:
      console.print(GradeOptions.usage)
      return 0
    case .list:
      printList(on: console)
      return 0
    case .reset, .grade:
      break
    }

    guard let root = packageRoot() else {
      errors.print(
        "Grade: run me from the ConcurrencyTutorial folder (no Package.swift found here)."
      )
      return 1
    }
    if options.action == .reset, let exercise = options.exercise {
      return await reset(exercise, in: root, console: console, errors: errors)
    }
    var scope = options.scope
    var scopeWord = options.scopeWord
    // A plain `--hint` is about the exercise graded last (or watched), not the scoreboard's next.
    if options.nextHint, !options.watch, options.exercises.isEmpty, options.chapters.isEmpty,
      let last = RevealedHints(packageRoot: root).lastGraded.flatMap(ExerciseCatalog.exercise(id:))
    {
      scope = [last]
      scopeWord = last.id
    }

    // Ctrl-C: kill the test run in progress, say so, grade nothing more (exit 130; 143 for TERM).
    let activity = Locked("starting")
    Interrupts.setLastWords {
      "\nGrade: interrupted while \(activity.withLock { $0 }); nothing after it was graded."
    }
    Interrupts.install()

    if options.watch {
      activity.withLock { $0 = "watching" }
      let keys = TerminalKeys.start()
      defer { TerminalKeys.restore() }
      Interrupts.setLastWords {
        TerminalKeys.restore()
        return "\nGrade: stopped watching."
      }
      var watch = WatchMode(
        scope: scope,
        folder: root.appendingPathComponent("Sources/Exercises"),
        console: console
      ) { exercises, isFirst in
        await gradeAndReport(
          exercises,
          scopeWord: exercises.count == 1 ? exercises[0].id : options.scopeWord,
          options: options,
          root: root,
          console: console,
          errors: errors,
          activity: activity,
          revealHint: isFirst && options.nextHint,
          watching: true,
          hintKey: keys != nil
        )
      }
      watch.keys = keys
      watch.showNextHint = { exercise, verdict in
        do {
          try HintLines.revealAndPrint(
            for: exercise,
            verdict: verdict,
            root: root,
            on: console,
            width: TextWrap.terminalColumns
          )
        } catch {
          errors.print("Grade: could not save the hint level: \(error)")
        }
      }
      watch.planReset = { exercise in try await ExerciseReset.plan(exercise, in: root) }
      watch.applyReset = { plan in _ = try ExerciseReset.apply(plan, in: root) }
      return await watch.run()
    }
    // `--hint` about files not changed since their last grade: that grade, without a new one.
    if options.nextHint, !options.watch,
      let last = LastGrades(packageRoot: root).unchanged(scope, in: root)
    {
      let words = scopeWord ?? "every exercise"
      console.print(
        "\(words): not changed since graded last, so that grade stands (no new grade).",
        style: .dim
      )
      let results = last.map { (exercise: $0.exercise, verdict: $0.grade.verdict) }
      report(
        results,
        scope: scope,
        scopeWord: scopeWord,
        warnings: last.flatMap(\.grade.warnings),
        standIns: [],
        options: options,
        root: root,
        console: console,
        errors: errors,
        revealHint: true,
        watching: false
      )
      return results.allSatisfy { $0.verdict == .done } ? 0 : 1
    }

    guard
      let results = await gradeAndReport(
        scope,
        scopeWord: scopeWord,
        options: options,
        root: root,
        console: console,
        errors: errors,
        activity: activity,
        revealHint: options.nextHint
      )
    else { return 1 }
    return results.allSatisfy { $0.verdict == .done } ? 0 : 1
  }

  /// Builds the tests, grades `scope` and prints the scoreboard.
  ///
  /// - Returns: each exercise's verdict, or nil when nothing could be built (having said why).
  static func gradeAndReport(
    _ scope: [Exercise],
    scopeWord: String?,
    options: GradeOptions,
    root: URL,
    console: Console,
    errors: Console,
    activity: Locked<String>,
    revealHint: Bool,
    watching: Bool = false,
    hintKey: Bool = false
  ) async -> [(exercise: Exercise, verdict: Verdict)]? {
    // The files as they are graded: one saved during the build is graded next time.
    let fingerprints = scope.map { LastGrades.fingerprint(of: $0, in: root) }
    let build: TestBuild
    if let standIn = TestBinary.standIn(sanitized: false) {
      build = TestBuild(tests: standIn, builtFrom: root)
    } else {
      activity.withLock { $0 = "building the tests" }
      console.print("Building the tests (swift build --build-tests) ...", style: .dim)
      let started = ContinuousClock.now
      do {
        build = try await TestBuild.make(packageRoot: root, scope: scope) { status in
          console.print(status + " ...", style: .dim)
        }
        noteTime(of: "build", since: started)
      } catch {
        for line in error.lines { errors.print(line) }
        return nil
      }
    }

    // On a terminal, one live line says which exercise is running (a hang takes its timeout).
    let board = console.isTerminal ? ProgressBoard(console: console) : nil
    let row = board?.addRow("")
    // Up to `--jobs` exercises' tests at once; the results keep the scope's order.
    var verdicts = [Verdict?](repeating: nil, count: scope.count)
    await withTaskGroup(of: (Int, Verdict).self) { group in
      var running = 0
      for (number, exercise) in scope.enumerated() {
        if let failure = build.broken[exercise.id] {
          verdicts[number] = .failing(failure)
          continue
        }
        guard let tests = build.tests else { continue }
        if running == options.jobs, let (done, verdict) = await group.next() {
          verdicts[done] = verdict
          running -= 1
        }
        activity.withLock { $0 = "grading \(exercise.id) \(exercise.title)" }
        if let board, let row {
          let status =
            "  grading \(exercise.id) \(exercise.title) (\(number + 1) of \(scope.count))"
          board.update(row, console.styled(status, .dim))
        }
        let timeout = options.timeoutSeconds(for: exercise)
        group.addTask {
          let started = ContinuousClock.now
          let verdict = await grade(
            exercise,
            using: tests,
            timeoutSeconds: timeout,
            stallLimit: exercise.stallLimit
          )
          noteTime(of: exercise.id, since: started)
          return (number, verdict)
        }
        running += 1
      }
      for await (done, verdict) in group { verdicts[done] = verdict }
    }
    var results: [(exercise: Exercise, verdict: Verdict)] = []
    for (exercise, verdict) in zip(scope, verdicts) {
      if let verdict { results.append((exercise, verdict)) }
    }
    // A data race rarely shows in a plain run: where it is the mistake, a passing answer is
    // run again under the thread sanitizer, built once in a folder of its own.
    var sanitized: TestBuild.Sanitized?
    for index in results.indices
    where results[index].exercise.checksDataRaces && results[index].verdict == .done {
      let exercise = results[index].exercise
      activity.withLock { $0 = "checking \(exercise.id) \(exercise.title) for data races" }
      if sanitized == nil {
        let folder = build.builtFrom.appendingPathComponent(
          TestBinary.sanitizerScratchPath
        )
        let firstTime =
          FileManager.default.fileExists(atPath: folder.path)
          ? "" : " (this first time takes a minute or two)"
        let what =
          "the tests under the thread sanitizer too, in \(TestBinary.sanitizerScratchPath)"
          + firstTime
        if let board, let row {
          board.update(row, console.styled("  building " + what, .dim))
        } else {
          console.print("Building " + what + " ...", style: .dim)
        }
        let started = ContinuousClock.now
        sanitized = await TestBuild.sanitized(from: build.builtFrom)
        noteTime(of: "sanitizer-build", since: started)
      }
      if let board, let row {
        board.update(row, console.styled("  checking \(exercise.id) for data races", .dim))
      }
      let started = ContinuousClock.now
      defer { noteTime(of: "sanitizer-\(exercise.id)", since: started) }
      switch sanitized {
      case .ready(let program):
        results[index].verdict = await grade(
          exercise,
          using: program,
          // The sanitizer slows the tests down several times; `--timeout` is taken as given.
          timeoutSeconds: options.timeoutSeconds
            ?? exercise.hangLimitSeconds * HangLimit.sanitizerFactor,
          environment: ["TSAN_OPTIONS": Self.stopAtTheFirstRace]
        )
      case .broken(let failure):
        results[index].verdict = .failing(failure)
      case nil:
        break
      }
    }
    if let board, let row {
      let exercises = scope.count == 1 ? "1 exercise" : "\(scope.count) exercises"
      board.finish(row, console.styled("  graded \(exercises)", .dim))
    }

    var last = LastGrades(packageRoot: root)
    for ((exercise, verdict), fingerprint) in zip(results, fingerprints) {
      guard let fingerprint else { continue }
      let warnings = build.warnings.filter { $0.file == exercise.stubPath }
      last.record(
        .init(fingerprint: fingerprint, verdict: verdict, warnings: warnings),
        of: exercise
      )
    }
    do { try last.save() } catch { errors.print("Grade: could not keep the grades: \(error)") }

    report(
      results,
      scope: scope,
      scopeWord: scopeWord,
      warnings: build.warnings,
      standIns: build.replacedOutsideScope,
      options: options,
      root: root,
      console: console,
      errors: errors,
      revealHint: revealHint,
      watching: watching,
      hintKey: hintKey
    )
    return results
  }

  /// Prints the scoreboard of `results`, revealing a hint first when asked.
  private static func report(
    _ results: [(exercise: Exercise, verdict: Verdict)],
    scope: [Exercise],
    scopeWord: String?,
    warnings: [CompilerDiagnostic],
    standIns: [String],
    options: GradeOptions,
    root: URL,
    console: Console,
    errors: Console,
    revealHint: Bool,
    watching: Bool,
    hintKey: Bool = false
  ) {
    var scoreboard = Scoreboard(
      results: results,
      scopeWord: scopeWord,
      revealedHints: RevealedHints(packageRoot: root),
      warnings: warnings,
      standIns: standIns,
      watching: watching,
      hintKey: hintKey,
      everyFailure: options.everyFailure,
      width: TextWrap.terminalColumns
    )
    do {
      if revealHint { try scoreboard.revealNextHint() }
      // What a plain `--hint` will be about: this exercise, or the one the scoreboard names.
      if let last = scope.count == 1 ? scope.first : scoreboard.nextExercise {
        try scoreboard.revealedHints.remember(lastGraded: last)
      }
    } catch {
      errors.print("Grade: could not save the hint level: \(error)")
    }
    scoreboard.render(on: console)
  }

  /// With `TUTORIAL_GRADE_TIMES=1`, as CI's fixture step sets it: "time: 4c 1.25 s" on
  /// standard error for each exercise graded, and for the build ("time: build"), the sanitizer's
  /// build and each run under it ("time: sanitizer-4c"), so that the costliest parts can be found.
  private static func noteTime(of what: String, since started: ContinuousClock.Instant) {
    guard ProcessInfo.processInfo.environment["TUTORIAL_GRADE_TIMES"] == "1" else { return }
    let seconds = Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000
    let line = "time: \(what) " + String(format: "%.2f", seconds) + " s\n"
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// The sanitizer's options: stop at the first race, report it (the test running then is the
  /// one that raced).
  static let stopAtTheFirstRace = "halt_on_error=1"
  /// The sanitizer's options for a run on past every race, each read from the report.
  static let runOnPastEveryRace = "halt_on_error=0:exitcode=0"

  /// Runs one exercise's test class, with the exercise variant switched on.
  static func grade(
    _ exercise: Exercise,
    using tests: TestBinary,
    timeoutSeconds: Int,
    stallLimit: Duration? = nil,
    environment: [String: String] = [:]
  ) async -> Verdict {
    do {
      func run(_ environment: [String: String]) async throws -> ChildProcessResult {
        try await ChildProcess.run(
          tests.executable,
          arguments: tests.arguments(forTestClass: "ExerciseTests.\(exercise.testClass)"),
          environment: environment.merging([
            "TUTORIAL_GRADING": "1",  // GradedTestCase skips the exercise variant without it
            "SWIFT_BACKTRACE": "enable=no",  // the runtime's message, without the backtrace
            "NO_COLOR": "1",
          ]) { _, fixed in fixed },
          timeout: .seconds(timeoutSeconds),
          stallLimit: stallLimit,
          stopAtLine: StopAtFirstFailure().isStopLine
        )
      }
      var result = try await run(environment)
      // Where the answer's Mutex holds its lock: read only when the sanitizer reported a race.
      let raced = Verdict.DataRaceReport.isIn(result.stderr)
      let guarded = (raced ? try? String(contentsOfFile: exercise.stubPath, encoding: .utf8) : nil)
        .map { (path: exercise.stubPath, lines: MutexGuardedLines.lines(in: $0)) }
      if environment["TSAN_OPTIONS"] == stopAtTheFirstRace, let guarded,
        Verdict.DataRaceReport(sanitizerOutput: result.stderr, mutexGuarded: guarded) == nil
      {
        // It stopped at a race between the locked closures of the answer's Mutex, which is not
        // one (see MutexGuardedLines): run again past every race, and judge what else it says.
        var onPast = environment
        onPast["TSAN_OPTIONS"] = runOnPastEveryRace
        result = try await run(onPast)
      }
      return Verdict.judge(result, timeoutSeconds: timeoutSeconds, mutexGuarded: guarded)
    } catch {
      return .failing(Failure(test: nil, message: "could not run the tests: \(error)", details: []))
    }
  }

  /// `--reset`: asks on a terminal, then restores the stub; 0 when the stub is in place.
  private static func reset(
    _ exercise: Exercise,
    in root: URL,
    console: Console,
    errors: Console
  ) async -> Int32 {
    let outcome: ExerciseReset.Outcome
    do {
      outcome = try await ExerciseReset.reset(exercise, in: root) { question in
        guard isatty(STDIN_FILENO) == 1 else { return true }  // no one to ask: the backup stays
        console.print(question + " [y/N] ")
        return ["y", "yes"].contains(readLine()?.lowercased() ?? "")
      }
    } catch {
      errors.print("Grade: \(error)")
      return 1
    }
    switch outcome {
    case .restored(let backup):
      console.print("Put back the original stub of \(exercise.id) in \(exercise.stubPath).")
      console.print("Your version is in \(backup); to bring it back:")
      console.print("  " + ExerciseReset.bringBack(backup, over: exercise))
      return 0
    case .alreadyUntouched:
      console.print("\(exercise.stubPath) is already the original stub; nothing to do.")
      return 0
    case .declined:
      console.print("Nothing changed.")
      return 1
    }
  }

  private static func printList(on console: Console) {
    for chapter in ExerciseCatalog.chapters {
      console.print("\(chapter.name): \(chapter.title)", style: .bold)
      for exercise in ExerciseCatalog.exercises(in: chapter) {
        console.print("  \(exercise.heading)")
        console.print("       edit: \(exercise.stubPath)")
        console.print("       read: \(exercise.docLink)")
      }
    }
  }

  /// The folder holding this package's Package.swift: the current folder or one above it.
  private static func packageRoot() -> URL? {
    var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    for _ in 0..<8 {
      let manifest = folder.appendingPathComponent("Package.swift")
      if let text = try? String(contentsOf: manifest, encoding: .utf8),
        text.contains("name: \"ConcurrencyTutorial\"")
      {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
