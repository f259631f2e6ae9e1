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
  /// The docs section whose lesson the exercise practises: "1.2" for exercise 1.1.
  let section: String
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

  /// "Sources/Solutions/Chapter01/Ex1_2_Transcribe.swift": the reference solution.
  var solutionPath: String {
    "Sources/Solutions/\(chapter.name)/\(stubFile)"
  }

  /// "1.2 Wrap a callback API (section 1.3)", as the scoreboard and `--list` name it.
  var heading: String {
    "\(id)  \(title) (section \(section))"
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

  static let chapter02 = ChapterInfo(
    name: "Chapter02",
    title: "Unfolding vs push streams",
    docsPage: "Chapter02-UnfoldingVsPush.md"
  )

  static let chapters = [chapter01, chapter02]

  static let exercises: [Exercise] = [
    Exercise(
      id: "1.1",
      title: "Wrap a delegate API",
      chapter: chapter01,
      section: "1.2",
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
      section: "1.3",
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
      section: "1.4",
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
    Exercise(
      id: "2.1",
      title: "A push stream that finishes",
      chapter: chapter02,
      section: "2.1",
      stubFile: "Ex2_1_Ticks.swift",
      testClass: "Ex2_1_TicksTests",
      hints: [
        "Section 2.1: the stream's build closure gets a continuation; the producer's callbacks "
          + "use it. A stream that is never finished never ends its consumer's loop.",
        "AsyncThrowingStream { continuation in ... }: yield(_:) in onTick, finish(throwing:) in "
          + "onFinish (nil finishes normally), and continuation.onTermination for the consumer "
          + "going away.",
        "Set continuation.onTermination = { _ in source.stop() }, then call source.start(onTick: "
          + "{ continuation.yield($0) }, onFinish: { continuation.finish(throwing: $0) }).",
      ],
      docAnchor: "exercise-21-a-push-stream-that-finishes"
    ),
    Exercise(
      id: "2.2",
      title: "Pages on demand",
      chapter: chapter02,
      section: "2.5",
      stubFile: "Ex2_2_Pages.swift",
      testClass: "Ex2_2_PagesTests",
      hints: [
        "Section 2.5: unfolding calls its closure once per next(), so each call fetches one "
          + "page, and returning nil ends the stream for good.",
        "AsyncThrowingStream(unfolding: { ... }) with the next page number kept outside the "
          + "closure in a small actor (the closure is @Sendable, so it cannot mutate a var).",
        "In the closure: let page = try await source.fetchPage(await cursor.take()); return "
          + "page.isEmpty ? nil : page.",
      ],
      docAnchor: "exercise-22-pages-on-demand"
    ),
    Exercise(
      id: "2.3",
      title: "Latest value only",
      chapter: chapter02,
      section: "2.7",
      stubFile: "Ex2_3_LatestValue.swift",
      testClass: "Ex2_3_LatestValueTests",
      hints: [
        "Section 2.7: the buffering policy decides what waits for a busy consumer.",
        "bufferingOldest(n) keeps the first n and drops newcomers; bufferingNewest(n) keeps the "
          + "last n. How many values does a latest-value-only consumer need?",
        "return AsyncThrowingStream.makeStream(of: Double.self, bufferingPolicy: "
          + ".bufferingNewest(1))",
      ],
      docAnchor: "exercise-23-latest-value-only"
    ),
  ]

  /// The chapter a command-line word names: "Chapter01", "chapter01", "01" or "1".
  static func chapter(named word: String) -> ChapterInfo? {
    chapters.first { chapter in
      word.lowercased() == chapter.name.lowercased() || Int(word) == chapter.number
    }
  }

  /// The exercise with this id, such as "1.2".
  static func exercise(id: String) -> Exercise? {
    exercises.first { $0.id == id }
  }

  static func exercises(in chapter: ChapterInfo) -> [Exercise] {
    exercises.filter { $0.chapter == chapter }
  }
}
