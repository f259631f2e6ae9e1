// What the catalog is made of: chapters, exercises and the mistakes each exercise warns about.

/// A chapter that has exercises.
struct ChapterInfo: Equatable, Sendable {
  /// "Chapter01": the executable, the folder names and what `swift run Grade Chapter01` takes.
  let name: String
  /// "Continuations".
  let title: String
  /// The docs page, relative to `docs/`.
  let docsPage: String

  /// The chapter number, 1 for "Chapter01".
  var number: Int {
    Int(name.dropFirst("Chapter".count)) ?? 0
  }
}

/// One graded exercise.
struct Exercise: Equatable, Sendable {
  /// "1b": the chapter's number and a letter, never taken for a section's number ("1.2").
  ///
  /// As in the docs heading, the stub's TODO and the test's MARK.
  let id: String
  let title: String
  let chapter: ChapterInfo
  /// The docs section whose lesson the exercise practises: "1.2" for exercise 1a.
  let section: String
  /// The stub's file name in `Sources/Exercises/ChapterNN/` (and the solution's in Solutions).
  let stubFile: String
  /// The XCTestCase class in `Tests/ExerciseTests/ChapterNN/` that grades it.
  let testClass: String
  /// From a nudge, to the API to use, to an outline of the answer.
  let hints: [String]
  /// The anchor of the exercise's heading in the chapter's docs page.
  let docAnchor: String
  /// Whether a data race is a mistake here: once its tests pass, the grader runs them again
  /// under the thread sanitizer, which reports a race even when the run happened to go well.
  var checksDataRaces = false
  /// The ways an answer can go wrong that the chapter warns about, each caught by a test.
  var mistakes: [Mistake] = []

  /// "Sources/Exercises/Chapter01/Ex1b_Transcribe.swift".
  var stubPath: String {
    "Sources/Exercises/\(chapter.name)/\(stubFile)"
  }

  /// "Sources/Solutions/Chapter01/Ex1b_Transcribe.swift": the reference solution.
  var solutionPath: String {
    "Sources/Solutions/\(chapter.name)/\(stubFile)"
  }

  /// "1b Wrap a callback API (section 1.3)", as the scoreboard and `--list` name it.
  var heading: String {
    "\(id)  \(title) (section \(section))"
  }

  /// "docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api".
  var docLink: String {
    "docs/\(chapter.docsPage)#\(docAnchor)"
  }
}

/// One way an answer can go wrong: the graded test that catches it, the known-wrong answers in
/// `Tests/GradeFixtures/ChapterNN/` that prove the test does (CI grades each), and the hint the
/// next `--hint` shows, as an extra, when that test fails.
struct Mistake: Equatable, Sendable {
  /// "a pending scan is overwritten".
  let name: String
  /// The test method that fails for it.
  let test: String
  /// How the test fails, when it can fail in more than one way (a crash, a data race).
  var kind: Failure.Kind? = nil
  /// Words of the assertion message it fails with, when the test has other assertions that
  /// other mistakes trip.
  var saying: String? = nil
  /// Folder names under `Tests/GradeFixtures/ChapterNN/`.
  let fixtures: [String]
  /// A nudge about this mistake only; never the whole answer.
  let hint: String

  func matches(_ failure: Failure) -> Bool {
    failure.test == test && (kind == nil || kind == failure.kind)
      && (saying.map { failure.message.contains($0) } ?? true)
  }
}

extension Mistake {
  /// A wrong answer that only the graded scenarios catch: the message names the smallest
  /// scenario where it parts from the statement, and the hint says how to read it.
  ///
  /// `kind` tells it apart from the exercise's other mistakes of that test (a hang, a crash), if
  /// it has any.
  static func scenarioDiffers(fixtures: [String], kind: Failure.Kind? = nil) -> Mistake {
    Mistake(
      name: "a generated scenario ends otherwise than the statement says",
      test: "test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario",
      kind: kind,
      fixtures: fixtures,
      hint: "Take the scenario in the message one step at a time and write down what the "
        + "statement's rules make each step do; then do the same with your code. The first "
        + "step where the two part is where your answer reads the statement otherwise."
    )
  }
}

extension Exercise {
  /// The known mistake `failure` points to, when it points to one: its hint is an extra, shown
  /// with the next `--hint` before the next general one.
  func mistake(for failure: Failure?) -> Mistake? {
    guard let failure else { return nil }
    return mistakes.first { $0.matches(failure) }
  }
}
