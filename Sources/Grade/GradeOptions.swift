// The grader's command line: `swift run Grade [CHAPTER | EXERCISE ...] [--watch] [--hint]
// [--every-failure] [--timeout SECONDS] [--jobs N]`, `--reset EXERCISE`, `--list`, `--help`.

struct GradeOptions: Equatable, Sendable {
  enum Action: Equatable, Sendable {
    case grade
    case list
    case help
    /// Put the exercise's stub back (`options.exercise`).
    case reset
  }

  var action = Action.grade
  /// The chapters and exercises named, in the order given; none of either grades everything.
  var chapters: [ChapterInfo] = []
  var exercises: [Exercise] = []
  /// Show the next hint: for the exercise named, else the one graded last.
  var nextHint = false
  /// Grade again on every save under Sources/Exercises.
  var watch = false
  /// Show each failing exercise's failure, not only the first (CI grades several fixtures in
  /// one run and checks each one's messages).
  var everyFailure = false
  /// How long one exercise's tests may run (`--timeout`); nil: each exercise's own limit.
  var timeoutSeconds: Int? = nil
  /// How many exercises' tests run at once (`--jobs`): CI grades many at a time on two cores.
  var jobs = 1

  /// The exercises whose passing answers the thread sanitizer checks: "1b, 1c and 8b".
  static var sanitizedExercises: String {
    let ids = ExerciseCatalog.exercises.filter(\.checksDataRaces).map(\.id)
    guard let last = ids.last else { return "none" }
    return ids.count == 1 ? last : ids.dropLast().joined(separator: ", ") + " and " + last
  }

  static let usage = """
    usage: swift run Grade [CHAPTER | EXERCISE ...] [--watch] [--hint] [--every-failure]
                           [--timeout SECONDS] [--jobs N]
           swift run Grade --reset EXERCISE
           swift run Grade --list | --help

    Grades your exercises in Sources/Exercises against their tests.

      CHAPTER            only this chapter: Chapter01, 01 or 1 (default: every chapter)
      EXERCISE           only this exercise, by its id: its chapter's number and a letter,
                         1b (several chapters and exercises may be named: 1b 1c Chapter04)
      --watch            grade, then grade an exercise again each time you save its file in
                         Sources/Exercises. On a terminal, keys: h next hint, n next exercise
                         (after a pass), l the list, r reset this exercise, q quit
      --hint             reveal one more hint, one level at a time, for EXERCISE, or without
                         one for the exercise graded last; a failure that points to a known
                         mistake gets that mistake's own hint first, as an extra. A file not
                         changed since its last grade is not graded again: that grade is used
      --every-failure    show each failing exercise's failure, not only the first
      --timeout SECONDS  how long one exercise's tests may run before they are called a
                         hang (default: each exercise's own limit, 5 s or more: three times
                         what its reference solution takes on a busy machine)
      --jobs N           run the tests of up to N exercises at once (default 1); the report
                         is the same, in the same order
      --reset EXERCISE   put the exercise's original stub back; your version is kept in
                         .exercise-backups/ (asks first on a terminal)
      --list             list the exercises and their files
      --help             show this help

    A file that does not compile is reported with the compiler's errors; the other exercises are
    still graded, in a copy (.build/grade-scratch) where the original stub stands in for it.
    Where a data race can be the mistake, a passing answer is run again under the thread
    sanitizer, built once in .build/grade-tsan; those exercises are
    \(sanitizedExercises).

    Exit status: 0 when every graded exercise is done, 1 otherwise, 64 for a bad command line;
    130 after Ctrl-C.
    """

  struct ParseError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  static func parse(_ arguments: [String]) throws(ParseError) -> GradeOptions {
    var options = GradeOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--list":
        options.action = .list
      case "--help", "-h":
        options.action = .help
      case "--hint":
        options.nextHint = true
      case "--watch":
        options.watch = true
      case "--every-failure":
        options.everyFailure = true
      case "--reset":
        options.action = .reset
      case "--timeout":
        guard let value = remaining.popFirst() else {
          throw ParseError(description: "option '--timeout' needs a number of seconds")
        }
        guard let seconds = Int(value), seconds > 0, seconds <= 3600 else {
          throw ParseError(
            description: "'--timeout \(value)': give a whole number of seconds from 1 to 3600"
          )
        }
        options.timeoutSeconds = seconds
      case "--jobs":
        guard let value = remaining.popFirst() else {
          throw ParseError(description: "option '--jobs' needs a number")
        }
        guard let jobs = Int(value), (1...16).contains(jobs) else {
          throw ParseError(description: "'--jobs \(value)': give a whole number from 1 to 16")
        }
        options.jobs = jobs
      case let word where word.hasPrefix("-"):
        throw ParseError(description: "unknown option '\(word)'")
      case let word:
        if let exercise = ExerciseCatalog.exercise(id: word) {
          options.exercises.append(exercise)
        } else if let chapter = ExerciseCatalog.chapter(named: word) {
          options.chapters.append(chapter)
        } else if word.contains(".") || word.last?.isLetter == true {
          // "3.1" is a section's number; an exercise is a chapter and a letter.
          let ids = ExerciseCatalog.exercises.map(\.id).joined(separator: ", ")
          let looksLikeASection =
            word.split(separator: ".", omittingEmptySubsequences: false)
            .map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } == [true, true]
          throw ParseError(
            description: "no exercise '\(word)': an exercise is its chapter's number and a "
              + "letter (\(ids))" + (looksLikeASection ? "; \(word) is a section's number" : "")
          )
        } else {
          let names = ExerciseCatalog.chapters.map(\.name).joined(separator: ", ")
          throw ParseError(
            description: "unknown chapter '\(word)'; chapters with exercises: \(names)"
          )
        }
      }
    }
    if options.action == .reset, options.exercise == nil {
      throw ParseError(description: "'--reset' needs one exercise, such as: --reset 1b")
    }
    return options
  }

  /// The one exercise named, when it is all that was named.
  var exercise: Exercise? {
    chapters.isEmpty && exercises.count == 1 ? exercises[0] : nil
  }

  /// The one chapter named, when it is all that was named.
  var chapter: ChapterInfo? {
    exercises.isEmpty && chapters.count == 1 ? chapters[0] : nil
  }

  /// The exercises to grade, in the catalog's order: the ones named and the named chapters',
  /// or all.
  var scope: [Exercise] {
    guard !chapters.isEmpty || !exercises.isEmpty else { return ExerciseCatalog.exercises }
    return ExerciseCatalog.exercises.filter {
      exercises.contains($0) || chapters.contains($0.chapter)
    }
  }

  /// How long `exercise`'s tests may run: `--timeout`, else the exercise's own limit.
  func timeoutSeconds(for exercise: Exercise) -> Int {
    timeoutSeconds ?? exercise.hangLimitSeconds
  }

  /// The words that grade the same scope again: "1b", "Chapter01", "1b 1c", or nil for
  /// everything.
  var scopeWord: String? {
    let words = chapters.map(\.name) + exercises.map(\.id)
    return words.isEmpty ? nil : words.joined(separator: " ")
  }
}
