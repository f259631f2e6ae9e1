// Every graded exercise, in one place: what the grader runs, and what it tells the learner.

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
  /// "1.2": chapter and number, as in the docs heading, the stub's TODO and the test's MARK.
  let id: String
  let title: String
  let chapter: ChapterInfo
  /// The stub's file name in `Sources/Exercises/ChapterNN/` (and the solution's in Solutions).
  let stubFile: String
  /// The XCTestCase class in `Tests/ExerciseTests/ChapterNN/` that grades it.
  let testClass: String
  /// From a nudge, to the API to use, to an outline of the answer.
  let hints: [String]
  /// The anchor of the exercise's heading in the chapter's docs page.
  let docAnchor: String

  /// "Sources/Exercises/Chapter01/Ex1_2_Transcribe.swift".
  var stubPath: String {
    "Sources/Exercises/\(chapter.name)/\(stubFile)"
  }

  /// "docs/Chapter01-Continuations.md#exercise-12-wrap-a-callback-api".
  var docLink: String {
    "docs/\(chapter.docsPage)#\(docAnchor)"
  }
}

enum ExerciseCatalog {
  static let chapter01 = ChapterInfo(
    name: "Chapter01",
    title: "Continuations",
    docsPage: "Chapter01-Continuations.md"
  )

  static let chapters = [chapter01]

  static let exercises: [Exercise] = [
    Exercise(
      id: "1.1",
      title: "Wrap a delegate API",
      chapter: chapter01,
      stubFile: "Ex1_1_ScannerService.swift",
      testClass: "Ex1_1_ScannerServiceTests",
      hints: [
        "This is section 1.2's fix, with a throwing continuation because the scanner can fail.",
        "Use withCheckedThrowingContinuation and keep the continuation in a stored "
          + "CheckedContinuation<Document?, any Error>? property; resume it from the delegate "
          + "methods with resume(returning:) or resume(throwing:).",
        "In scan(): store the new continuation (every time), then scanner.present(delegate: "
          + "self). In each delegate method: copy the stored continuation, set the property to "
          + "nil, then resume the copy.",
      ],
      docAnchor: "exercise-11-wrap-a-delegate-api"
    ),
    Exercise(
      id: "1.2",
      title: "Wrap a callback API",
      chapter: chapter01,
      stubFile: "Ex1_2_Transcribe.swift",
      testClass: "Ex1_2_TranscribeTests",
      hints: [
        "Section 1.3: every path through the completion handler must resume the continuation.",
        "Call recognizer.recognize(clip) { result in ... } inside "
          + "withCheckedThrowingContinuation { continuation in ... }.",
        "The completion hands you a Result; continuation.resume(with: result) returns the "
          + "transcript or throws the error.",
      ],
      docAnchor: "exercise-12-wrap-a-callback-api"
    ),
    Exercise(
      id: "1.3",
      title: "A callback that fires twice",
      chapter: chapter01,
      stubFile: "Ex1_3_ReadBarcodeOnce.swift",
      testClass: "Ex1_3_ReadBarcodeOnceTests",
      hints: [
        "Section 1.4's guarded wrapper. A plain var flag is a data race when two threads check "
          + "it at once: both see \"not yet\" and both resume.",
        "Keep the continuation and an Atomic<Bool> (import Synchronization) together in a "
          + "small final class that the completion closure captures.",
        "In the completion: guard !flag.exchange(true, ordering: .acquiringAndReleasing) else "
          + "{ return }, then continuation.resume(with: result).",
      ],
      docAnchor: "exercise-13-a-callback-that-fires-twice"
    ),
  ]

  /// The chapter a command-line word names: "Chapter01", "chapter01", "01" or "1".
  static func chapter(named word: String) -> ChapterInfo? {
    chapters.first { chapter in
      word.lowercased() == chapter.name.lowercased() || Int(word) == chapter.number
    }
  }

  static func exercises(in chapter: ChapterInfo) -> [Exercise] {
    exercises.filter { $0.chapter == chapter }
  }
}
