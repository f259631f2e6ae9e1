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
  /// Whether a data race is a mistake here: once its tests pass, the grader runs them again
  /// under the thread sanitizer, which reports a race even when the run happened to go well.
  var checksDataRaces = false
  /// The ways an answer can go wrong that the chapter warns about, each caught by a test.
  var mistakes: [Mistake] = []

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

/// One way an answer can go wrong: the graded test that catches it, the known-wrong answers in
/// `Tests/GradeFixtures/ChapterNN/` that prove the test does (CI grades each), and the hint the
/// grader shows first when that test fails.
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

extension Exercise {
  /// The hints in the order they are revealed: the one for the mistake the failing test names
  /// (when it names one), then the general ones.
  func hints(for failure: Failure?) -> [String] {
    guard let failure, let mistake = mistakes.first(where: { $0.matches(failure) }) else {
      return hints
    }
    return [mistake.hint] + hints
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

  static let chapter03 = ChapterInfo(
    name: "Chapter03",
    title: "Cancellation",
    docsPage: "Chapter03-Cancellation.md"
  )

  static let chapter04 = ChapterInfo(
    name: "Chapter04",
    title: "Networking",
    docsPage: "Chapter04-Networking.md"
  )

  static let chapter05 = ChapterInfo(
    name: "Chapter05",
    title: "Task groups",
    docsPage: "Chapter05-TaskGroups.md"
  )

  static let chapter06 = ChapterInfo(
    name: "Chapter06",
    title: "Byte accumulation",
    docsPage: "Chapter06-ByteAccumulation.md"
  )

  static let chapter07 = ChapterInfo(
    name: "Chapter07",
    title: "Custom publishers",
    docsPage: "Chapter07-CustomPublishers.md"
  )

  static let chapters = [
    chapter01, chapter02, chapter03, chapter04, chapter05, chapter06, chapter07,
  ]

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
      docAnchor: "exercise-11-wrap-a-delegate-api",
      mistakes: [
        Mistake(
          name: "a failed scan is never resumed",
          test: "test_failureThenScan_bothWork",
          kind: .hung,
          fixtures: ["failure-never-resumed"],
          hint: "Every delegate method must resume the continuation. One that does not (here: "
            + "the failure) leaves scan() waiting forever: resume(throwing: error)."
        ),
        Mistake(
          name: "a failed scan's continuation is resumed but never cleared",
          test: "test_failureThenScan_bothWork",
          kind: .crashed,
          fixtures: ["fail-not-cleared"],
          hint: "Every delegate method must clear the stored continuation, the failure one too: "
            + "take it out (set the property to nil), then resume it."
        ),
        Mistake(
          name: "a stored continuation is resumed again (never cleared, or the seed's "
            + "`if continuation == nil`, which never stores the next one)",
          test: "test_cancelThenScan_bothWork",
          kind: .crashed,
          fixtures: ["never-cleared", "seed-guard"],
          hint: "A stored continuation may be resumed once. Set the property to nil before "
            + "you resume it (a late callback then finds nothing), and store each scan's new "
            + "continuation every time."
        ),
        Mistake(
          name: "a pending scan is overwritten",
          test: "test_scanWhileOneIsPending_endsThePendingOneWithNil",
          fixtures: ["overwrite-pending"],
          hint: "When scan() is called while another scan is pending, the stored continuation "
            + "still has a caller waiting. Resume it (with nil, as a cancel) before you store "
            + "the new one."
        ),
        Mistake(
          name: "a cancel is answered with a document",
          test: "test_cancelThenScan_bothWork",
          kind: .failedTest,
          fixtures: ["cancel-not-nil"],
          hint: "A cancel is not an empty document: callers tell the two apart by nil. Resume "
            + "with resume(returning: nil)."
        ),
      ]
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
      docAnchor: "exercise-12-wrap-a-callback-api",
      mistakes: [
        Mistake(
          name: "a failure is never resumed",
          test: "test_failure_throwsTheRecognizersError",
          kind: .hung,
          fixtures: ["resume-only-on-success"],
          hint: "The failure path must resume too: resume(throwing: error), or resume(with: "
            + "result) for both paths at once."
        ),
        Mistake(
          name: "a success is resumed twice",
          test: "test_success_returnsTheTranscript",
          kind: .crashed,
          fixtures: ["resumed-twice"],
          hint: "Each path through the completion must resume exactly once. After resuming, "
            + "nothing else may resume: one resume(with: result) covers both paths."
        ),
        Mistake(
          name: "a loop that never ends",
          test: "test_failure_throwsTheRecognizersError",
          kind: .busy,
          fixtures: ["busy-loop"],
          hint: "Nothing in your loop changes its condition, so it spins forever. No loop is "
            + "needed: the recognizer calls its completion once."
        ),
      ]
    ),
    Exercise(
      id: "1.3",
      title: "First callback or timeout",
      chapter: chapter01,
      section: "1.4",
      stubFile: "Ex1_3_ReadBarcodeOnce.swift",
      testClass: "Ex1_3_ReadBarcodeOnceTests",
      hints: [
        "Section 1.4's guarded wrapper, with a third caller: the two callbacks and a timer all "
          + "try to resume one continuation, and only the first may. A plain var flag is a data "
          + "race when two threads check it at once.",
        "Keep the continuation and an Atomic<Bool> (import Synchronization) together in a small "
          + "final class that the completion and a timer Task capture; the timer sleeps with "
          + "clock.sleep(for: timeout), and the completion cancels it.",
        "In the guard: guard !flag.exchange(true, ordering: .acquiringAndReleasing) else "
          + "{ return }, then continuation.resume(with: result). The timer: let timer = Task { "
          + "do { try await clock.sleep(for: timeout) } catch { return }; resume with "
          + "BarcodeReadTimeout(after: timeout) }. The completion: resume, then timer.cancel().",
      ],
      docAnchor: "exercise-13-first-callback-or-timeout",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "no guard: the second callback resumes again",
          test: "test_aFailureFirst_isThrown",
          kind: .crashed,
          fixtures: ["unguarded-double-callback"],
          hint: "The reader calls its completion twice. Let a flag decide which call resumes "
            + "the continuation: the first one only."
        ),
        Mistake(
          name: "shared state without a lock or an atomic (a data race the results hide)",
          test: "test_twoCallbacksAtOnceFromTwoThreads_resumeExactlyOnce",
          kind: .dataRace,
          fixtures: ["racy-counter"],
          hint: Self.raceHint
        ),
        Mistake(
          name: "a flag checked in one step and set in another (both callbacks resume)",
          test: "test_twoCallbacksAtOnceFromTwoThreads_resumeExactlyOnce",
          kind: .crashed,
          fixtures: ["racy-flag", "check-then-set"],
          hint: "Both callbacks got past your guard: each checked the flag before the other set "
            + "it. Checking and setting must be one step, even behind a lock: "
            + "Atomic<Bool>.exchange(true) does both, or one Mutex.withLock that checks and sets."
        ),
        Mistake(
          name: "waits for a second callback that most readers never make",
          test: "test_aReaderThatCallsBackOnce_returnsItsResult",
          kind: .hung,
          fixtures: ["waits-for-second"],
          hint: "Most readers call back once. Resume on the first call, and make the flag ignore "
            + "any call after it; do not wait for a second one."
        ),
        Mistake(
          name: "a reader that never calls back is waited for forever",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          kind: .hung,
          fixtures: ["no-timeout", "task-group-race"],
          hint: "Something must resume the continuation when the reader stays silent: a Task "
            + "that sleeps on the clock you were given (clock.sleep(for: timeout)), then resumes "
            + "through the same guard. A task group cannot do it: cancelling a child does not "
            + "resume its continuation, and the group waits for every child."
        ),
        Mistake(
          name: "the timer sleeps for another length than the timeout",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          kind: .failedTest,
          fixtures: ["fixed-timeout-length"],
          hint: "Use the timeout and the clock you are given, not a number of your own: "
            + "clock.sleep(for: timeout), then BarcodeReadTimeout(after: timeout)."
        ),
        Mistake(
          name: "the timer resumes without the guard",
          test: "test_withTimeout_thenACallback_isIgnored",
          kind: .crashed,
          fixtures: ["unguarded-timer"],
          hint: "The timer is a third caller: when it resumes first, the guard must know, or a "
            + "late callback resumes again. Send the timeout through the same flag as the "
            + "callbacks."
        ),
        Mistake(
          name: "the timer goes on sleeping after the reader answered",
          test: "test_withTimeout_whenACallbackComesFirst_itWinsAndTheTimerStops",
          kind: .failedTest,
          fixtures: ["timer-left-running"],
          hint: "Once a result is in, the timer has nothing left to do: keep its Task and call "
            + "cancel() on it from the completion. Its sleep then throws, and it must return "
            + "without resuming."
        ),
      ]
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
      docAnchor: "exercise-21-a-push-stream-that-finishes",
      mistakes: [
        Mistake(
          name: "the stream is never finished",
          test: "test_aBurstOfTicksBeforeTheConsumerReads_allArrive",
          kind: .hung,
          fixtures: ["never-finishes"],
          hint: "When the source finishes, the stream must finish too, or the consumer's loop "
            + "waits forever: call finish(throwing:) from onFinish."
        ),
        Mistake(
          name: "the source's error is swallowed",
          test: "test_aFailingSource_throwsItsError",
          kind: .failedTest,
          fixtures: ["error-swallowed"],
          hint: "finish() ends the stream normally; finish(throwing: error) hands the source's "
            + "error to the consumer (and a nil error finishes normally)."
        ),
        Mistake(
          name: "the source is never stopped",
          test: "test_aConsumerThatStops_stopsTheSource",
          fixtures: ["no-stop-on-termination"],
          hint: "When the consumer leaves the loop (a break, or its task is cancelled), the "
            + "stream's onTermination runs: stop the source there."
        ),
        Mistake(
          name: "a bounded buffer drops ticks",
          test: "test_aBurstOfTicksBeforeTheConsumerReads_allArrive",
          kind: .failedTest,
          fixtures: ["bounded-buffer"],
          hint: "Ticks can come faster than the consumer reads them, even all before it reads one. "
            + "Every tick must reach it: keep the default buffering policy, unbounded."
        ),
      ]
    ),
    Exercise(
      id: "2.2",
      title: "Pages on demand",
      chapter: chapter02,
      section: "2.6",
      stubFile: "Ex2_2_Pages.swift",
      testClass: "Ex2_2_PagesTests",
      hints: [
        "Section 2.6: unfolding calls its closure once per next(), so each call fetches one "
          + "page, and returning nil ends the stream for good.",
        "AsyncThrowingStream(unfolding: { ... }) with the next page number kept outside the "
          + "closure in a small actor (the closure is @Sendable: a captured var it mutates gets a warning).",
        "In the closure: let page = try await source.fetchPage(await cursor.take()); return "
          + "page.isEmpty ? nil : page.",
      ],
      docAnchor: "exercise-22-pages-on-demand",
      mistakes: [
        Mistake(
          name: "the stream never ends",
          test: "test_everyPage_thenTheStreamEnds",
          fixtures: ["unfolding-never-nil"],
          hint: "Only nil ends an unfolding stream. An empty page means there are no more: "
            + "return nil for it."
        ),
        Mistake(
          name: "a page is fetched before it is asked for",
          test: "test_pagesAreFetchedOnlyWhenAskedFor",
          fixtures: ["looks-ahead"],
          hint: "Fetch exactly one page per call of the unfolding closure: each call is one "
            + "next() from the consumer."
        ),
        Mistake(
          name: "a failed page ends the stream quietly",
          test: "test_aFailingPage_throwsItsError",
          saying: "page 2 failed, so the stream must throw",
          fixtures: ["error-ends-quietly"],
          hint: "try? turns a failed page into nil, which ends the stream as if there were no "
            + "more pages. Use try, so the error reaches the consumer."
        ),
        Mistake(
          name: "pages counted from 0",
          test: "test_aFailingPage_throwsItsError",
          saying: "page 1 comes first",
          fixtures: ["counts-from-zero"],
          hint: "The first page is page 1. The source has no page 0, so it answers with an empty "
            + "page, and an empty page ends the stream before anything is read."
        ),
        Mistake(
          name: "a short page is taken for the last one",
          test: "test_pagesOfDifferentSizes_onlyAnEmptyPageEnds",
          fixtures: ["short-page-is-last"],
          hint: "Pages can differ in size. Only an empty page means there are no more; return nil "
            + "for that one alone."
        ),
      ]
    ),
    Exercise(
      id: "2.3",
      title: "Latest value only",
      chapter: chapter02,
      section: "2.4",
      stubFile: "Ex2_3_LatestValue.swift",
      testClass: "Ex2_3_LatestValueTests",
      hints: [
        "Section 2.4: the buffering policy decides what waits for a busy consumer.",
        "bufferingOldest(n) keeps the first n and drops newcomers; bufferingNewest(n) keeps the "
          + "last n. How many values does a latest-value-only consumer need?",
        "return AsyncThrowingStream.makeStream(of: Double.self, bufferingPolicy: "
          + ".bufferingNewest(1))",
      ],
      docAnchor: "exercise-23-latest-value-only",
      mistakes: [
        Mistake(
          name: "a buffering policy that keeps stale values",
          test: "test_aSlowConsumer_alwaysSkipsToTheNewest",
          fixtures: ["wrong-buffering-policy", "keeps-the-oldest"],
          hint: "Which values does your policy keep while the consumer is busy? unbounded keeps "
            + "all of them and bufferingOldest the first ones; this consumer wants only the "
            + "newest."
        ),
        Mistake(
          name: "a value nobody yielded",
          test: "test_nothingYielded_nothingRead",
          fixtures: ["seeded"],
          hint: "The stream is not a current-value holder: a consumer must read only what the "
            + "producer yielded, so start with an empty buffer."
        ),
      ]
    ),
    Exercise(
      id: "3.1",
      title: "A producer that stops with its consumer",
      chapter: chapter03,
      section: "3.2",
      stubFile: "Ex3_1_EventStream.swift",
      testClass: "Ex3_1_EventStreamTests",
      hints: [
        "Section 3.2's fixed service: a producer Task that finishes the stream after its last "
          + "event, and stops, making nothing more, the moment its consumer goes away.",
        "AsyncThrowingStream.makeStream(of: String.self); a Task that loops over 0..<count with "
          + "try await clock.sleep(for: interval), then yield(try make(number)); then finish(). "
          + "continuation.onTermination cancels that Task.",
        "In the Task: do { for number in 0..<count { try await clock.sleep(for: interval); try "
          + "Task.checkCancellation(); continuation.yield(try make(number)) }; "
          + "continuation.finish() } catch { continuation.finish(throwing: error) }. Then "
          + "continuation.onTermination = { _ in producer.cancel() }; return (events, producer).",
      ],
      docAnchor: "exercise-31-a-producer-that-stops-with-its-consumer",
      mistakes: [
        Mistake(
          name: "the producer is not cancelled when its consumer goes away",
          test: "test_aConsumerCancelledBeforeItReads_nothingIsMade",
          saying: "onTermination must cancel",
          fixtures: ["producer-not-cancelled"],
          hint: "The consumer's task was cancelled, and the producer never heard of it. The "
            + "stream tells you through continuation.onTermination: cancel the producer's Task "
            + "there."
        ),
        Mistake(
          name: "try? around the wait swallows the cancel",
          test: "test_aConsumerCancelledBeforeItReads_nothingIsMade",
          saying: "none may be made",
          fixtures: ["try-around-the-wait"],
          hint: "A cancelled sleep throws CancellationError; try? turns that into nil, and the "
            + "loop goes on making events for nobody. Use try, and let the error end the loop."
        ),
        Mistake(
          name: "no look for cancellation after a wait that returned",
          test: "test_aConsumerGoneJustAsAWaitEnds_noEventIsMade",
          fixtures: ["no-check-after-wait"],
          hint: "A wait that was already over when the cancel came returns normally. Look again "
            + "before you make the event: try Task.checkCancellation() right after the sleep."
        ),
        Mistake(
          name: "make's error is swallowed",
          test: "test_aFailingMake_endsTheStreamWithItsError",
          fixtures: ["error-swallowed"],
          hint: "finish() ends the stream as if every event were made; finish(throwing: error) "
            + "hands make's error to the consumer."
        ),
        Mistake(
          name: "the stream is never finished",
          test: "test_everyEvent_thenTheStreamEnds",
          kind: .hung,
          fixtures: ["never-finishes"],
          hint: "After the last event the consumer's loop waits for more, forever: call "
            + "continuation.finish() when the loop over the events is done."
        ),
      ]
    ),
    Exercise(
      id: "3.2",
      title: "An idempotent stop",
      chapter: chapter03,
      section: "3.2",
      stubFile: "Ex3_2_Heartbeat.swift",
      testClass: "Ex3_2_HeartbeatTests",
      hints: [
        "Section 3.2's stop(), made safe from anywhere: whatever calls stop(), however often, "
          + "exactly one call cancels the task and closes the connection. Deciding which call "
          + "that is must be one step, under a lock.",
        "Keep the task and a stopped flag in a Mutex (import Synchronization). start() checks "
          + "the flag and stores the Task under the lock. stop() takes the task and the old flag "
          + "out, and sets the flag, in one withLock; it cancels and closes after the lock, "
          + "since close() may call stop() again.",
        "stop(): let (task, isFirst) = state.withLock { state in defer { state.task = nil; "
          + "state.stopped = true }; return (state.task, !state.stopped) }; task?.cancel(); if "
          + "isFirst { connection.close() }. The Task: while true { try await "
          + "clock.sleep(for: interval); try await connection.send(beat); beat += 1 }, in a do "
          + "whose catch returns.",
      ],
      docAnchor: "exercise-32-an-idempotent-stop",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "beats sent after stop (try? swallows the cancel)",
          test: "test_beatsUntilStop_thenTheConnectionIsClosedOnce",
          saying: "beats were sent after stop()",
          fixtures: ["beats-after-stop"],
          hint: "A cancelled sleep throws; try? turns that into nil and the task sends again, "
            + "on a closed connection. Use try, and let the error end the loop."
        ),
        Mistake(
          name: "stop() does not cancel the task",
          test: "test_beatsUntilStop_thenTheConnectionIsClosedOnce",
          saying: "stop() must cancel",
          fixtures: ["stop-does-not-cancel"],
          hint: "Closing the connection does not stop the task that sends on it: keep the Task "
            + "that start() made, and call cancel() on it in stop()."
        ),
        Mistake(
          name: "start() after stop() starts the beats",
          test: "test_stopBeforeStart_startThrows_andNothingIsSent",
          fixtures: ["starts-after-stop"],
          hint: "A stopped heartbeat stays stopped. Remember the stop in the state, and have "
            + "start() look at it, under the same lock, before it makes a Task."
        ),
        Mistake(
          name: "a stop() called while a stop() runs closes again",
          test: "test_stopFromInsideClose_closesOnce",
          kind: .failedTest,
          fixtures: ["no-guard", "check-then-close"],
          hint: "close() called stop() again before the first stop() had marked itself done. "
            + "Decide, in one withLock, whether this call is the first and mark the heartbeat "
            + "stopped; only then cancel and close."
        ),
        Mistake(
          name: "the connection is closed with the lock held",
          test: "test_stopFromInsideClose_closesOnce",
          kind: .crashed,
          fixtures: ["lock-held-while-closing"],
          hint: "close() called stop() again, which asked for the lock its caller still held: a "
            + "Mutex cannot be taken twice. Decide under the lock, then cancel and close after "
            + "withLock returns."
        ),
        Mistake(
          name: "the state is shared without a lock",
          test: "test_stopFromTwoThreadsAtOnce_closesOnce",
          kind: .dataRace,
          fixtures: ["unguarded-state"],
          hint: "Two threads read and wrote the heartbeat's state at once. Keep it in a Mutex "
            + "(import Synchronization) and touch it only inside withLock, in start() and stop()."
        ),
      ]
    ),
    Exercise(
      id: "3.3",
      title: "A thermometer that lets go",
      chapter: chapter03,
      section: "3.6",
      stubFile: "Ex3_3_Thermometer.swift",
      testClass: "Ex3_3_ThermometerTests",
      hints: [
        "Section 3.6: a running task holds everything its closure captured, and a stream's "
          + "continuation holds its onTermination closure. If either captures self, self stays "
          + "alive after its owner lets go.",
        "Keep the task and the continuation in a Mutex (import Synchronization) so deinit can "
          + "reach them. Let the task capture source, clock, interval and the continuation, and "
          + "onTermination capture the task: none of them self.",
        "let task = Task { [source, interval, clock] in do { while true { "
          + "continuation.yield(try await source.read()); try await clock.sleep(for: interval) } "
          + "} catch { continuation.finish(throwing: error) } }; continuation.onTermination = "
          + "{ _ in task.cancel() }. In deinit: finish the stored continuation.",
      ],
      docAnchor: "exercise-33-a-thermometer-that-lets-go",
      mistakes: [
        Mistake(
          name: "the reading task is not cancelled when the consumer goes away",
          test: "test_theConsumerGoesAway_theReadingTaskStops",
          fixtures: ["reading-task-not-cancelled"],
          hint: "When the consumer goes away, the stream calls continuation.onTermination: cancel "
            + "the reading task there (capture the task, not self)."
        ),
        Mistake(
          name: "a closure that captured self keeps the thermometer alive",
          test: "test_theOwnerLetsGo_whileTheConsumerWaits_theThermometerIsFreed_andTheStreamEnds",
          saying: "something still holds it",
          fixtures: [
            "on-termination-holds-self", "task-holds-self", "weak-self-unwrapped-in-the-loop",
          ],
          hint: "Find the closure that holds self: the task's (a guard let self at the top of its "
            + "loop holds self through every await in it) or onTermination's (self keeps the "
            + "continuation, which keeps that closure: a cycle). Capture what they use instead."
        ),
        Mistake(
          name: "a freed thermometer leaves its task running",
          test: "test_theOwnerLetsGo_whileTheConsumerWaits_theThermometerIsFreed_andTheStreamEnds",
          saying: "must stop its task",
          fixtures: ["deinit-leaves-the-task"],
          hint: "Nothing told the task that the thermometer has gone. In deinit, finish the "
            + "stored continuation: the consumer's loop ends, and onTermination cancels the task."
        ),
        Mistake(
          name: "a method called on self? holds self while it runs",
          test: "test_theOwnerLetsGo_whileTheSourceIsRead_theThermometerIsFreed",
          fixtures: ["weak-self-method-call"],
          hint: "[weak self] is not enough: self?.method() holds self until the method returns, "
            + "so through its awaits. Call the source itself, captured by the task."
        ),
      ]
    ),
    Exercise(
      id: "4.1",
      title: "A request built from its endpoint",
      chapter: chapter04,
      section: "4.2",
      stubFile: "Ex4_1_MakeRequest.swift",
      testClass: "Ex4_1_MakeRequestTests",
      hints: [
        "Section 4.2's urlRequest(): every part of the request comes from the endpoint, and a URL "
          + "that cannot be built is an error to throw, not a value to force-unwrap.",
        "URLComponents: set scheme, host, port, path, and queryItems (nil when empty); its url is "
          + "nil when the parts make no URL. Then URLRequest(url:), httpMethod, setValue(_:"
          + "forHTTPHeaderField:) for Authorization and Content-Type, httpBody.",
        "guard let url = components.url else { throw EndpointError(\"...\") }; request.httpMethod "
          + "= endpoint.method.rawValue; if !endpoint.token.isEmpty { set \"Bearer \\(token)\" as "
          + "Authorization }; if let body = endpoint.body { request.httpBody = body; set "
          + "Content-Type to application/json }.",
      ],
      docAnchor: "exercise-41-a-request-built-from-its-endpoint",
      mistakes: [
        Mistake(
          name: "the URL is not built from the endpoint's parts",
          test: "test_theURL_comesFromEveryPartOfTheEndpoint",
          fixtures: ["hardcoded-url", "query-ignored", "default-port-80"],
          hint: "The seed's mistake: a URL that ignores the endpoint. Scheme, host, port, path and "
            + "every query item go into URLComponents; a nil port stays nil (the scheme's own)."
        ),
        Mistake(
          name: "the query is joined by hand",
          test: "test_theURLsQuery_keepsEveryItemInOrder_escapedByURLComponents",
          fixtures: ["query-joined-by-hand"],
          hint: "Give URLComponents the items themselves: components.queryItems = "
            + "endpoint.queryItems (nil when there are none, or the URL ends in '?'). It keeps "
            + "their order and repeats, writes an item with no value as its name alone, and "
            + "escapes '&' and '=' inside a value."
        ),
        Mistake(
          name: "the method is not the endpoint's",
          test: "test_theMethod_isTheEndpoints",
          fixtures: ["method-ignored"],
          hint: "A URLRequest is a GET until you say otherwise: set httpMethod from "
            + "endpoint.method.rawValue."
        ),
        Mistake(
          name: "the token is not a bearer authorization",
          test: "test_aToken_isSentAsABearerAuthorization_andNoTokenSendsNone",
          saying: "as 'Bearer TOKEN'",
          fixtures: ["token-without-bearer"],
          hint: "The Authorization header names its scheme first: \"Bearer tutorial-token\", not "
            + "the token alone."
        ),
        Mistake(
          name: "an empty token is still sent",
          test: "test_aToken_isSentAsABearerAuthorization_andNoTokenSendsNone",
          saying: "send no Authorization header",
          fixtures: ["empty-token-sent"],
          hint: "\"Bearer \" with nothing after it is a wrong token, not no token: set the header "
            + "only when the token is not empty."
        ),
        Mistake(
          name: "a JSON body without its Content-Type",
          test: "test_aBody_isSentAsJSON_andNoBodySendsNoContentType",
          saying: "needs 'Content-Type: application/json'",
          fixtures: ["no-content-type"],
          hint: "The server reads a body by its Content-Type: with a body, set "
            + "\"Content-Type: application/json\"."
        ),
        Mistake(
          name: "the body is not sent as it is",
          test: "test_aBody_isSentAsJSON_andNoBodySendsNoContentType",
          saying: "byte for byte",
          fixtures: ["body-only-for-post"],
          hint: "Any method may carry a body (PUT and PATCH do), and it is already JSON: "
            + "request.httpBody = endpoint.body whatever the method, without decoding it again."
        ),
        Mistake(
          name: "a URL that cannot be built crashes",
          test: "test_whenThePartsMakeNoURL_anEndpointErrorIsThrown",
          kind: .crashed,
          fixtures: ["force-unwrapped-url", "path-checked-then-forced"],
          hint: "components.url is nil for a path without a leading \"/\", a host with a space, "
            + "and more; a ! there crashes the app. Unwrap it with guard let and throw an "
            + "EndpointError: its nil is the check, whatever the reason."
        ),
      ]
    ),
    Exercise(
      id: "4.2",
      title: "Decode, or say why not",
      chapter: chapter04,
      section: "4.3",
      stubFile: "Ex4_2_Fetch.swift",
      testClass: "Ex4_2_FetchTests",
      hints: [
        "Section 4.3's APIClient: URLSession throws only when no answer arrives; a 404 is an "
          + "answer, so check the status before decoding, then turn each failure into a FetchError.",
        "do { (data, response) = try await session.data(for: request) } catch let error as "
          + "URLError { throw FetchError.transport(error.code) }; (response as? HTTPURLResponse)?"
          + ".statusCode; JSONDecoder().decode([String: String].self, from: data)[\"error\"] for "
          + "the message; catch let error as DecodingError for the path.",
        "The path: keyNotFound(key, context) uses context.codingPath + [key]; typeMismatch, "
          + "valueNotFound and dataCorrupted use context.codingPath. For each key: intValue "
          + "gives \"[2]\", otherwise \".name\" (no dot at the very start).",
      ],
      docAnchor: "exercise-42-decode-or-say-why-not",
      mistakes: [
        Mistake(
          name: "a 2xx other than 200 is taken for an error",
          test: "test_a201_isASuccessToo",
          fixtures: ["only-200"],
          hint: "Success is the whole 2xx range: 201 Created, 204 No Content... Check "
            + "(200..<300).contains(status)."
        ),
        Mistake(
          name: "the status is not checked before decoding",
          test: "test_a404_isAStatusError_withTheServersMessage",
          saying: "check the status before decoding",
          fixtures: ["status-unchecked", "decode-before-status"],
          hint:
            "URLSession does not throw for a 404: the body is the server's error message, which "
            + "may even decode as what you asked for. Look at statusCode first, then decode."
        ),
        Mistake(
          name: "the server's message is dropped",
          test: "test_a404_isAStatusError_withTheServersMessage",
          saying: "the server said why",
          fixtures: ["message-dropped"],
          hint: "The body of a failure is {\"error\": \"...\"}: decode it as [String: String] and "
            + "pass its \"error\" on as the message."
        ),
        Mistake(
          name: "the path leaves out the array indices",
          test: "test_aFieldOfTheWrongType_isADecodingError_atItsPath",
          saying: "the array index, then the key",
          fixtures: ["path-without-indices"],
          hint: "A coding key of an array element has an intValue and no useful stringValue: write "
            + "it as \"[2]\", so the path says which user."
        ),
        Mistake(
          name: "the missing key is left out of the path",
          test: "test_aMissingField_isADecodingError_atItsPath_keyIncluded",
          fixtures: ["missing-key-not-added"],
          hint: "keyNotFound's context.codingPath ends at the object that lacks the key; the key "
            + "itself comes as the error's first value. Append it."
        ),
        Mistake(
          name: "a key at the top gets a dot",
          test: "test_aFieldOfTheWrongType_isADecodingError_atItsPath",
          saying: "no dot before it",
          fixtures: ["leading-dot"],
          hint: "A dot joins a key to what comes before it: \"[2].id\", but \"id\" alone when "
            + "the key is the first thing in the path."
        ),
        Mistake(
          name: "an index gets a dot before it",
          test: "test_aFieldOfTheWrongType_isADecodingError_atItsPath",
          saying: "no dot before a bracket",
          fixtures: ["path-joined-with-dots"],
          hint: "Only a key gets a dot before it, and only when something comes before it; an "
            + "index sits right after what it indexes: \"users[2].id\", not \"users.[2].id\"."
        ),
        Mistake(
          name: "a null value loses its path",
          test: "test_aNullField_isADecodingError_atItsPath",
          fixtures: ["value-not-found-ignored"],
          hint: "valueNotFound (a null where a value must be) carries a context with a codingPath, "
            + "as typeMismatch and dataCorrupted do: use it."
        ),
        Mistake(
          name: "the success range is not 200...299",
          test: "test_aStatusOf299_isASuccess_andOf300IsNot",
          fixtures: ["status-range-to-300"],
          hint: "Success is 200 through 299, no more and no less: (200..<300).contains(status). "
            + "A 3xx URLSession did not follow is not an answer to decode."
        ),
        Mistake(
          name: "a message made up when the server gave none",
          test: "test_aStatusWithoutAnErrorKey_hasNoMessage",
          fixtures: ["message-whole-body"],
          hint: "The message is the body's \"error\", if it has one; otherwise nil, not \"\" "
            + "and not the whole body."
        ),
        Mistake(
          name: "the session given is not the one used",
          test: "test_theSessionGiven_isTheOneThatAsks",
          fixtures: ["session-ignored"],
          hint: "fetch takes a session so that callers choose its configuration (headers, cache, "
            + "timeouts): call session.data(for:), not URLSession.shared."
        ),
        Mistake(
          name: "a URLError escapes as it is",
          test: "test_noServer_isATransportError",
          fixtures: ["transport-not-mapped"],
          hint:
            "Every failure is a FetchError: catch the URLError that data(for:) throws and throw "
            + "FetchError.transport(error.code)."
        ),
      ]
    ),
    Exercise(
      id: "4.3",
      title: "A paged endpoint as a stream",
      chapter: chapter04,
      section: "4.4",
      stubFile: "Ex4_3_UserPages.swift",
      testClass: "Ex4_3_UserPagesTests",
      hints: [
        "Section 4.4's UserGeneratorService: a producer Task pages and yields, finishes after a "
          + "short page or with the error, and onTermination cancels it.",
        "AsyncThrowingStream.makeStream(of: User.self); in a Task: var number = 1; loop: let "
          + "page = try await source.page(number); yield each user; stop when page.count < "
          + "source.perPage; number += 1. continuation.onTermination = { _ in producer.cancel() }.",
        "do { ...the loop...; continuation.finish() } catch { continuation.finish(throwing: "
          + "Task.isCancelled ? nil : error) }: a cancelled producer's error is the consumer's "
          + "own cancellation, not news for it.",
      ],
      docAnchor: "exercise-43-a-paged-endpoint-as-a-stream",
      mistakes: [
        Mistake(
          name: "the stream is never finished",
          test: "test_aFewPages_everyUserInOrder_thenTheEnd_noPageAfterTheShortOne",
          kind: .hung,
          fixtures: ["never-finishes"],
          hint: "After the last page the consumer's loop waits for more, forever: call "
            + "continuation.finish() when the paging loop is done."
        ),
        Mistake(
          name: "only the first page",
          test: "test_aConsumerGoneWhileAPageIsInFlight_cancelsThatRequest",
          saying: "before page 2 was asked for",
          fixtures: ["first-page-only"],
          hint: "One request gives one page. Loop: page 1, 2, 3, ... until a page is shorter than "
            + "source.perPage."
        ),
        Mistake(
          name: "a page asked for after the last one",
          test: "test_aFewPages_everyUserInOrder_thenTheEnd_noPageAfterTheShortOne",
          saying: "ask for no page 5",
          fixtures: ["asks-past-the-end"],
          hint:
            "A page shorter than perPage is already the last: stop there, not at the empty page "
            + "after it (one request fewer, every time)."
        ),
        Mistake(
          name: "a page's error is swallowed",
          test: "test_aFailingPage_endsTheStreamWithItsError_afterTheUsersBefore",
          fixtures: ["error-swallowed"],
          hint: "finish() ends the stream as if all were well; finish(throwing: error) hands the "
            + "page's error to the consumer's for try await."
        ),
        Mistake(
          name: "a page size of its own",
          test: "test_anEmptyPage_endsTheStreamToo",
          saying: "not than a number of your own",
          fixtures: ["page-size-hardcoded"],
          hint: "The source says how many users a full page holds: compare page.count with "
            + "source.perPage, whatever that is."
        ),
        Mistake(
          name: "the request in flight outlives its consumer",
          test: "test_aConsumerGoneWhileAPageIsInFlight_cancelsThatRequest",
          saying: "cancel the producer's Task",
          fixtures: ["producer-not-cancelled"],
          hint:
            "The consumer went away and nobody told the producer. In continuation.onTermination "
            + "cancel the producer's Task: its request is cancelled with it."
        ),
      ]
    ),
    Exercise(
      id: "4.4",
      title: "A retry that knows when to stop",
      chapter: chapter04,
      section: "4.5",
      stubFile: "Ex4_4_Retrying.swift",
      testClass: "Ex4_4_RetryingTests",
      hints: [
        "Section 4.5's RetryPolicy, without the jitter: try, and after a failure that may pass "
          + "next time, wait longer and try again; anything else ends the retrying at once.",
        "A loop with the attempt number and the wait; catch let error as FetchError where "
          + "attempt < attempts && the error may pass (status >= 500, or .transport but not "
          + ".cancelled). try await clock.sleep(for: wait), without try?; then wait *= 2.",
        "var attempt = 1; var wait = firstDelay; while true { do { return try await "
          + "operation() } catch let error as FetchError where attempt < attempts && "
          + "mayPass(error) { try await clock.sleep(for: wait); wait *= 2; attempt += 1 } }",
      ],
      docAnchor: "exercise-44-a-retry-that-knows-when-to-stop",
      mistakes: [
        Mistake(
          name: "a 4xx is retried",
          test: "test_a404_isNeverRetried",
          fixtures: ["retries-4xx"],
          hint: "Retry only what may pass next time: a status of 500 or more. A 4xx says the "
            + "request itself is wrong."
        ),
        Mistake(
          name: "the wait does not double",
          test: "test_a503_isRetried_afterWaitsThatDouble_untilItAnswers",
          fixtures: ["constant-delay"],
          hint: "Backoff: firstDelay, then twice that, then twice again. Double the wait after "
            + "each one."
        ),
        Mistake(
          name: "try? around the wait swallows the cancel",
          test: "test_aCancelWhileWaiting_endsAtOnce_withNoFurtherAttempt",
          saying: "a try? around the wait swallows the cancel",
          fixtures: ["swallowed-cancel"],
          hint: "A cancelled sleep throws CancellationError; try? turns it into nil and the next "
            + "attempt goes out for nobody. Use try, and let the error end the retrying."
        ),
        Mistake(
          name: "the wait is not on the clock given",
          test: "test_aCancelWhileWaiting_endsAtOnce_withNoFurtherAttempt",
          kind: .hung,
          fixtures: ["task-sleep"],
          hint: "Wait with clock.sleep(for:) on the clock you are given: the tests move a manual "
            + "clock, while Task.sleep or a clock of your own waits in real time (here a minute)."
        ),
        Mistake(
          name: "a cancelled request is retried",
          test: "test_aRequestCancelledInFlight_isNotRetried",
          fixtures: ["retries-cancelled"],
          hint: "A request cancelled in flight fails with .transport(.cancelled): the task is "
            + "going away, so that error is not one to retry. Throw it at once."
        ),
        Mistake(
          name: "one attempt too many, or too few",
          test: "test_afterTheLastAttempt_itsErrorIsThrown",
          saying: "requests in all",
          fixtures: ["one-attempt-too-many", "one-attempt-too-few"],
          hint: "attempts counts every try, the first one included: with attempts: 3 the "
            + "operation runs at most three times, with two waits between."
        ),
        Mistake(
          name: "waits that do not double, or a wait after the last attempt",
          test: "test_afterTheLastAttempt_itsErrorIsThrown",
          saying: "each twice the one before",
          fixtures: ["linear-backoff", "waits-after-the-last"],
          hint: "firstDelay, then 2x, 4x, 8x...: wait *= 2 after each wait. And decide whether to "
            + "try again before you wait: after the last attempt there is nothing to wait for."
        ),
        Mistake(
          name: "what may pass next time is judged wrong",
          test: "test_aTransportError_andAnyStatusFrom500_areRetried_aDecodingErrorIsNot",
          fixtures: ["only-503-retried", "transport-not-retried", "decoding-retried"],
          hint: "May pass: every status from 500 up (500 and 502 as much as 503), and every "
            + ".transport error but .cancelled (a timeout, a lost connection). Will not: a 4xx, "
            + "a .decoding error, a cancelled request."
        ),
        Mistake(
          name: "an error that is not a FetchError is retried",
          test: "test_anErrorThatIsNotAFetchError_isThrownAtOnce",
          fixtures: ["retries-any-error"],
          hint: "Catch only what you can judge: catch let error as FetchError where it may pass. "
            + "Any other error says nothing about next time; let it go out as it is."
        ),
      ]
    ),
    Exercise(
      id: "5.1",
      title: "Progress from a group",
      chapter: chapter05,
      section: "5.4",
      stubFile: "Ex5_1_ProgressUpdates.swift",
      testClass: "Ex5_1_ProgressUpdatesTests",
      hints: [
        "Section 5.4's loadUpdates, with jobs that can throw: a driver task runs a group of the "
          + "jobs and yields into a stream; onTermination cancels the driver.",
        "AsyncThrowingStream.makeStream(of: Double.self); Task(executorPreference: executor) { "
          + "... }; withThrowingTaskGroup(of: Void.self), addTask per job; for try await _ in "
          + "group { finished += 1; yield(Double(finished) / Double(jobs.count)) }.",
        "In the driver: do { try await withThrowingTaskGroup ... ; continuation.finish() } catch "
          + "{ continuation.finish(throwing: error) }. After it: continuation.onTermination = { _ "
          + "in driver.cancel() }.",
      ],
      docAnchor: "exercise-51-progress-from-a-group",
      mistakes: [
        Mistake(
          name: "the driver does not run on the executor given",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "no job ran on the executor the test passed",
          fixtures: ["executor-not-passed"],
          hint: "The tests run everything on a virtual timeline, which a Task {} does not "
            + "inherit: start the driver with Task(executorPreference: executor)."
        ),
        Mistake(
          name: "the jobs run one after another",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "one after another",
          fixtures: ["one-after-another"],
          hint: "Awaiting each job in a loop runs them in turn. Add each as a child of a task "
            + "group (group.addTask { try await job() }), and they all start at once."
        ),
        Mistake(
          name: "the fraction is counted by position, not by how many have ended",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "whichever they were",
          fixtures: ["counted-by-position"],
          hint: "Jobs end in any order: the one that ends first may be the last in the list. "
            + "Count in the group's loop how many have ended so far, and yield that over the "
            + "number of jobs."
        ),
        Mistake(
          name: "the fraction is 0 after the first job",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "and the fraction was 0%",
          fixtures: ["yield-before-count", "integer-division"],
          hint: "When a job ends, first count it (finished += 1), then yield "
            + "Double(finished) / Double(jobs.count): in Int, 1 / 3 is 0."
        ),
        Mistake(
          name: "a consumer that leaves does not cancel the jobs",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "onTermination must cancel the",
          fixtures: ["no-on-termination", "jobs-in-tasks-of-their-own"],
          hint: "When the consumer stops listening, the stream calls onTermination. Cancel the "
            + "driver task there: its group's children are cancelled with it (but not a Task {} "
            + "a child starts: run each job in the child itself)."
        ),
        Mistake(
          name: "a job's error is swallowed",
          test: "test_aJobThatThrows_endsTheStream_andCancelsTheOtherJobs",
          saying: "its error must end the stream",
          fixtures: ["error-swallowed"],
          hint: "try? around a job turns its failure into a success. Let the error leave the "
            + "group's loop (a throwing group, for try await) and end the stream with "
            + "finish(throwing: error)."
        ),
        Mistake(
          name: "an error leaves the other jobs running",
          test: "test_aJobThatThrows_endsTheStream_andCancelsTheOtherJobs",
          saying: "the first error must leave no other job running",
          fixtures: ["error-leaves-jobs-running"],
          hint: "Once a job has failed, the others work for nobody. A throwing group cancels its "
            + "children when the error leaves its body: throw it from for try await, at once."
        ),
        Mistake(
          name: "the jobs count themselves and yield",
          test: "test_manyJobsOnEveryCore_theFractionsOnlyGrow",
          saying: "only the group's own loop may count",
          fixtures: ["children-count-in-an-actor", "children-count-under-a-lock"],
          hint: "A lock or an actor makes each count right, but two jobs ending at once can "
            + "still yield in the other order: 2/32 after 3/32. Count and yield in the group's "
            + "loop (for try await _ in group), which sees one ended job at a time."
        ),
        Mistake(
          name: "the stream is never finished",
          test: "test_everyJobAtOnce_aFractionAsEachEnds_thenTheStreamFinishes",
          saying: "the stream must be finished",
          fixtures: ["never-finished"],
          hint: "After the last job the consumer's for try await still waits for more. Call "
            + "continuation.finish() once the group is done."
        ),
      ]
    ),
    Exercise(
      id: "5.2",
      title: "At most N at a time",
      chapter: chapter05,
      section: "5.5",
      stubFile: "Ex5_2_FetchAll.swift",
      testClass: "Ex5_2_FetchAllTests",
      hints: [
        "Section 5.5's mapWithLimit, but no fetch's error may stop the others: each child "
          + "returns its index and a Result.",
        "withTaskGroup(of: (Int, Result<Value, any Error>).self): add the first min(limit, "
          + "ids.count) children; then in for await finished in group, store the result at its "
          + "index and, if ids are left, add the next child.",
        "A child: do { return (index, .success(try await fetch(ids[index]))) } catch { return "
          + "(index, .failure(error)) }. Results in an array of optionals, one per id; return "
          + "them with compactMap { $0 }.",
      ],
      docAnchor: "exercise-52-at-most-n-at-a-time",
      mistakes: [
        Mistake(
          name: "fetches in unstructured tasks",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "child of a task group",
          fixtures: ["unstructured-tasks"],
          hint: "A Task {} per fetch belongs to no one: cancelling fetchAll would not reach it. "
            + "Add each fetch as a child of a task group."
        ),
        Mistake(
          name: "one fetch at a time",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "one after another",
          fixtures: ["one-at-a-time"],
          hint: "Awaiting each fetch in turn never uses the limit. Start limit children at "
            + "once, then one more each time one ends."
        ),
        Mistake(
          name: "more fetches at once than the limit",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "and the limit is",
          fixtures: ["all-at-once", "one-too-many"],
          hint: "Start only min(limit, ids.count) children at first (0..<limit, not 0...limit), "
            + "and add the next only after group.next() has given you one that ended."
        ),
        Mistake(
          name: "a slot left empty (batch by batch, or no new fetch after a failure)",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "the moment any one ends",
          fixtures: ["batches", "no-refill-after-failure"],
          hint: "Waiting for a whole batch leaves a slot empty while its slowest fetch runs, and "
            + "so does starting nothing after a fetch that failed. Add the next fetch as soon as "
            + "any one ends, success or failure: inside the loop over the group."
        ),
        Mistake(
          name: "a failed fetch loses its result, or stops the others",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "one result per id, a failure too",
          fixtures: ["failures-dropped"],
          hint: "A fetch that throws still gets a place in the results: .failure(error). Catch "
            + "in the child and return a Result, so that the group never throws."
        ),
        Mistake(
          name: "results in the order the fetches ended",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "in the order of the ids",
          fixtures: ["completion-order"],
          hint: "A group gives results as they end. Return each child's index with its result, "
            + "and store the result at that index."
        ),
        Mistake(
          name: "the results are sorted",
          test: "test_aLimitOfOne_fetchesInTurn_evenAfterAFailure",
          saying: "not sorted",
          fixtures: ["sorted-results"],
          hint: "The results go in the order the ids were given, which need not be sorted. Keep "
            + "an array with one place per index of ids, and store each result at its index."
        ),
        Mistake(
          name: "a limit above the count crashes",
          test: "test_aLimitAboveTheCount_fetchesEveryIDAtOnce",
          kind: .crashed,
          fixtures: ["limit-above-count"],
          hint: "With 3 ids and a limit of 10, there are only 3 to start: start "
            + "min(limit, ids.count) children, never ids[index] past the end."
        ),
      ]
    ),
    Exercise(
      id: "5.3",
      title: "A file in ranged parts",
      chapter: chapter05,
      section: "5.6",
      stubFile: "Ex5_3_DownloadInParts.swift",
      testClass: "Ex5_3_DownloadInPartsTests",
      hints: [
        "Section 5.6's byteRanges and downloadInParts, with the fetch given to you and a length "
          + "check of each piece.",
        "Ranges: each part is size / parts bytes, and the first size % parts one more, each "
          + "starting after the one before. A withThrowingTaskGroup(of: (index: Int, data: "
          + "Data).self): one child per range, checking data.count == range.count.",
        "In the child: let data = try await fetch(range); guard data.count == range.count else "
          + "{ throw WrongPartLength(range: range, received: data.count) }; return (index, "
          + "data). In the body: for try await piece in group { pieces[piece.index] = "
          + "piece.data }, then join pieces in order.",
      ],
      docAnchor: "exercise-53-a-file-in-ranged-parts",
      mistakes: [
        Mistake(
          name: "ranges that overlap by a byte",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "starting right after the one before",
          fixtures: ["ranges-overlap"],
          hint: "A closed range start...end holds end - start + 1 bytes: a part of 10 bytes "
            + "from 0 is 0...9, and the next starts at 10."
        ),
        Mistake(
          name: "the last part takes every byte left over",
          test: "test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide",
          saying: "must be at most one byte apart",
          fixtures: ["remainder-in-the-last-part"],
          hint: "11 bytes in 4 parts are 3, 3, 3 and 2 bytes, not 2, 2, 2 and 5: give one more "
            + "byte to each of the first size % parts parts."
        ),
        Mistake(
          name: "the last bytes are left out when the size does not divide",
          test: "test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide",
          saying: "starting right after the one before",
          fixtures: ["last-bytes-dropped"],
          hint: "10 bytes in 3 parts of 10 / 3 = 3 bytes leave one out. Give the first "
            + "size % parts parts one byte more."
        ),
        Mistake(
          name: "the parts are fetched one after another",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "one after another",
          fixtures: ["parts-one-after-another"],
          hint: "Awaiting each fetch in a loop takes the sum of their times. Add one child task "
            + "per range to a throwing task group, and they all run at once."
        ),
        Mistake(
          name: "a failed part is swallowed",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "its error must be thrown",
          fixtures: ["part-error-swallowed"],
          hint: "try? turns a failed part into a hole in the file. Let the fetch's error out of "
            + "the child, and out of the group's loop."
        ),
        Mistake(
          name: "a failed part leaves the others running",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "no other fetch may be left running",
          fixtures: ["others-left-running"],
          hint: "Collecting every part before looking at the errors waits for fetches whose "
            + "work is wasted. Throw the first error from for try await: the group cancels the "
            + "rest."
        ),
        Mistake(
          name: "a part of the wrong length is joined",
          test: "test_aPartOfTheWrongLength_isAWrongPartLength",
          saying: "when a piece's count is not its range's",
          fixtures: ["short-part-joined", "only-short-checked", "checked-after-join"],
          hint: "A server may send less, or more, than it was asked for. Check data.count == "
            + "range.count in the child, as the piece comes, and throw "
            + "WrongPartLength(range:received:) when it is not."
        ),
        Mistake(
          name: "the parts are joined in the order they arrive",
          test: "test_fourPartsAtOnce_joinedInRangeOrder_whicheverArrivesFirst",
          saying: "must go in the place of its range",
          fixtures: ["arrival-order"],
          hint: "The group gives the pieces as they arrive, not in range order. Return each "
            + "piece with its index, store it there, and join the pieces only when all are in."
        ),
      ]
    ),
    Exercise(
      id: "6.1",
      title: "The accumulator",
      chapter: chapter06,
      section: "6.3",
      stubFile: "Ex6_1_ByteAccumulator.swift",
      testClass: "Ex6_1_ByteAccumulatorTests",
      hints: [
        "Section 6.3's ByteAccumulator: storage allocated once, an offset, and where the "
          + "current batch starts (6.3's way) or, as the hints do, a count of its bytes.",
        "batchSize = max(size / 20, 1); bytes = [UInt8](repeating: 0, count: size); the batch "
          + "count starts at -1, so that the first checkCompleted() says false; "
          + "isBatchCompleted is batchCount >= batchSize.",
        "checkCompleted(): defer { batchCount = 0 }; return batchCount == 0. progress: size > 0 "
          + "? Double(offset) / Double(size) : 1. data: Data(bytes[0..<offset]). append past the "
          + "storage: bytes.append(byte).",
      ],
      docAnchor: "exercise-61-the-accumulator",
      mistakes: [
        Mistake(
          name: "a batch of 0 bytes for a small file",
          test: "test_aBatchIsATwentiethOfTheSize_butNeverNoBytes",
          saying: "a batch of 0 bytes is full before a byte comes",
          fixtures: ["batch-of-zero"],
          hint: "size / 20 is 0 below 20 bytes: take max(size / 20, 1)."
        ),
        Mistake(
          name: "a batch completed a byte late",
          test: "test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes",
          saying: "100 / 20 = 5 bytes a batch",
          fixtures: ["batch-one-too-many"],
          hint: "A batch is full when it holds batchSize bytes: >=, not >. Count the bytes in "
            + "the batch from 0 after each checkCompleted()."
        ),
        Mistake(
          name: "a full batch stops being full a byte later",
          test: "test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes",
          saying: "a full batch stays full",
          fixtures: ["batch-full-only-at-size"],
          hint: "isBatchCompleted is batchCount >= batchSize: a batch with more bytes than "
            + "batchSize (bytes past the size, say) is full too."
        ),
        Mistake(
          name: "checkCompleted() says true before any batch",
          test: "test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes",
          saying: "the first check starts the first batch",
          fixtures: ["checked-completed-at-first"],
          hint: "The seed's loop starts with while !checkCompleted(): the first call must say "
            + "false. Start the batch count at -1, and let checkCompleted() set it to 0."
        ),
        Mistake(
          name: "progress divided in Int",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "786,432 of 1,572,864 bytes",
          fixtures: ["progress-in-int"],
          hint: "offset / size in Int is 0 until the last byte. Divide Double(offset) by "
            + "Double(size)."
        ),
        Mistake(
          name: "data is the whole storage",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "data holds the bytes that came",
          fixtures: ["whole-storage"],
          hint: "The storage is allocated at the full size, zeros and all. data is only the "
            + "bytes that came: Data(bytes[0..<offset])."
        ),
        Mistake(
          name: "the description without ByteCountFormatter",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "the size from ByteCountFormatter",
          fixtures: ["raw-byte-count"],
          hint: "\"[small.bin] 786 KB\": the name in brackets, then "
            + "ByteCountFormatter().string(fromByteCount: Int64(offset))."
        ),
        Mistake(
          name: "a size of 0 is rejected",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "a size of 0 is a file with no bytes",
          fixtures: ["zero-size-throws"],
          hint: "An empty file is a file: only a negative size is InvalidSize (guard size >= 0)."
        ),
        Mistake(
          name: "an empty file's loop never ends",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "the second check finds the batch empty",
          fixtures: ["empty-file-never-completes"],
          hint: "checkCompleted() is true when the batch it ends had no bytes, whether or not "
            + "any byte ever came: for an empty file, the second check."
        ),
        Mistake(
          name: "an empty file's progress is 0 / 0",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "1.0, not 0 / 0",
          fixtures: ["empty-file-never-done"],
          hint: "0.0 / 0.0 is NaN, and a bar that shows it never completes. A size of 0 has "
            + "nothing to wait for: progress 1."
        ),
        Mistake(
          name: "a byte past the size crashes",
          test: "test_bytesPastTheSize_areKept",
          kind: .crashed,
          fixtures: ["crash-past-size"],
          hint: "A server may send more than it announced. bytes[offset] past the end traps: "
            + "when offset reaches bytes.count, append instead."
        ),
        Mistake(
          name: "a byte past the size is not counted in a batch",
          test: "test_bytesPastTheSize_areKept",
          saying: "a byte past the size is in a batch too",
          fixtures: ["past-size-not-in-batch"],
          hint: "Count every byte that comes in its batch, past the size too, or the last batch "
            + "never fills."
        ),
        Mistake(
          name: "a class, as in the seed",
          test: "test_theAccumulatorIsAStruct_aCopyKeepsWhatItHad",
          saying: "a copy keeps what it had",
          fixtures: ["a-class"],
          hint: "Section 6.5: a class's stored properties are checked for exclusive access on "
            + "every access, several times a byte. Make it a struct, with mutating append and "
            + "checkCompleted()."
        ),
      ]
    ),
    Exercise(
      id: "6.2",
      title: "The batch loop",
      chapter: chapter06,
      section: "6.3",
      stubFile: "Ex6_2_CollectInBatches.swift",
      testClass: "Ex6_2_CollectInBatchesTests",
      hints: [
        "Section 6.3's batch loop, fixed, with a count of the bytes in the current batch "
          + "instead of an accumulator.",
        "for try await byte in bytes { data.append(byte); inBatch += 1; if inBatch == "
          + "batchSize { inBatch = 0; report, and return data if it says false } }; after the "
          + "loop, report once more only if inBatch > 0.",
        "try Task.checkCancellation() after each report, and once after the loop: a cancelled "
          + "task's loop over a stream can just end, and that is not the end of the body.",
      ],
      docAnchor: "exercise-62-the-batch-loop",
      mistakes: [
        Mistake(
          name: "the last batch reported twice (the seed's loop)",
          test: "test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce",
          saying: "no report for a batch with no bytes",
          fixtures: ["last-batch-twice"],
          hint: "After the loop, the batch may be empty: the body ended on a batch boundary, "
            + "and that batch was reported. Report after the loop only if inBatch > 0."
        ),
        Mistake(
          name: "the fraction divided in Int",
          test: "test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce",
          saying: "every fraction before the last was 0",
          fixtures: ["fraction-in-int"],
          hint: "data.count / size in Int is 0 until the end: Double(data.count) / Double(size)."
        ),
        Mistake(
          name: "a batch reported a byte late",
          test: "test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce",
          saying: "the moment the first batch of 2,000",
          fixtures: ["batch-boundary-off-by-one"],
          hint: "Report when the batch holds exactly batchSize bytes: ==, not >."
        ),
        Mistake(
          name: "the bytes left over are never reported",
          test: "test_everyBatchOnce_thenTheBytesLeftOver_once",
          saying: "the last 3 bytes are reported once",
          fixtures: ["bytes-left-over-unreported"],
          hint: "After the loop, report the bytes that did not fill a batch: without that "
            + "report, progress never reaches 1.0."
        ),
        Mistake(
          name: "the last bytes judged by the size",
          test: "test_theLastBytesOfABodyShorterThanItsSize_areReportedOnce",
          saying: "its last 1,000 bytes are reported once",
          fixtures: ["leftover-by-size"],
          hint: "A body can end before its size. After the loop, report if the current batch "
            + "has bytes (inBatch > 0), whatever size % batchSize says."
        ),
        Mistake(
          name: "batches of 0 bytes for a tiny body",
          test: "test_aTinyBody_isABatchPerByte",
          saying: "never of 0",
          fixtures: ["batch-without-max"],
          hint: "size / 20 is 0 below 20 bytes: batchSize = max(size / 20, 1)."
        ),
        Mistake(
          name: "report's false is ignored",
          test: "test_whenReportReturnsFalse_itStops_andReturnsTheBytesSoFar",
          saying: "no report after the one that said stop",
          fixtures: ["stop-ignored"],
          hint: "report returns false for \"cancel all\": return the bytes so far at once."
        ),
        Mistake(
          name: "cancellation is not checked after the loop",
          test: "test_whenTheTaskIsCancelled_andItsBytesJustEnd_itStillThrows",
          saying: "after the loop too",
          fixtures: ["cancellation-ignored", "cancel-not-checked-at-the-end"],
          hint: "A cancelled task's bytes may just end, mid-batch: that is not the end of the "
            + "body. try Task.checkCancellation() after the loop, and after each report."
        ),
        Mistake(
          name: "reports go on after a cancel",
          test: "test_whenTheTaskIsCancelled_itThrowsCancellationError",
          saying: "no report after it",
          fixtures: ["cancel-checked-only-at-the-end"],
          hint: "Bytes already buffered still come after a cancel. try Task.checkCancellation() "
            + "after each report, so that none follows the cancel."
        ),
      ]
    ),
    Exercise(
      id: "6.3",
      title: "A part, and nothing else",
      chapter: chapter06,
      section: "6.2",
      stubFile: "Ex6_3_DownloadPart.swift",
      testClass: "Ex6_3_DownloadPartTests",
      hints: [
        "Section 6.2's URLRequest(url:offset:length:) and startDownload, with data(for:) "
          + "instead of HTTPDownload.",
        "last = offset + length - 1; request.setValue(\"bytes=\\(offset)-\\(last)\", "
          + "forHTTPHeaderField: \"Range\"); let (data, response) = try await "
          + "session.data(for: request); the status from (response as? HTTPURLResponse).",
        "guard status == 206 else { throw PartError.status(status) }; expected = \"bytes "
          + "\\(offset)-\\(last)/\"; guard the Content-Range header hasPrefix(expected), "
          + "else throw .contentRange(expected: expected, received: header).",
      ],
      docAnchor: "exercise-63-a-part-and-nothing-else",
      mistakes: [
        Mistake(
          name: "the Range header asks for one byte more",
          test: "test_a100BytePart_andOthers_areExactlyTheBytesAskedFor",
          saying: "names the last byte",
          fixtures: ["range-one-byte-long"],
          hint: "bytes=1000-1099 is 100 bytes: both ends are included. The last byte is offset "
            + "+ length - 1."
        ),
        Mistake(
          name: "a 200 is accepted",
          test: "test_a200ToARangeRequest_isAStatusError",
          saying: "instead of throwing a PartError",
          fixtures: ["accepts-200"],
          hint: "200 is a success, but not for a range request: the server ignored Range and "
            + "sent the whole body. Only 206 is the part."
        ),
        Mistake(
          name: "the Content-Range is not checked, or a missing one is accepted",
          test: "test_a206WithoutContentRange_isAContentRangeError",
          saying: "instead of throwing a PartError",
          fixtures: [
            "content-range-unchecked", "missing-content-range-accepted", "length-checked-not-range",
          ],
          hint: "Only the Content-Range says which bytes came: not the status, not the length. "
            + "It must be there and start with exactly \"bytes first-last/\"; a missing one "
            + "is .contentRange(expected: expected, received: nil)."
        ),
        Mistake(
          name: "the expected Content-Range is not exactly \"bytes first-last/\"",
          test: "test_a206WithoutContentRange_isAContentRangeError",
          saying: "both ends and the slash",
          fixtures: ["content-range-start-only", "content-range-without-slash"],
          hint: "\"bytes 1000-\" accepts any end, and \"bytes 1000-1099\" accepts "
            + "\"bytes 1000-10990\": expected is \"bytes \\(offset)-\\(last)/\", the slash "
            + "included."
        ),
        Mistake(
          name: "the session given is not used",
          test: "test_a206WithoutContentRange_isAContentRangeError",
          saying: "through the session it was given",
          fixtures: ["shared-session"],
          hint: "The caller chose the session (its configuration, its delegate, a test's "
            + "stub): send the request with session.data(for:), not URLSession.shared."
        ),
      ]
    ),
    Exercise(
      id: "7.1",
      title: "The demand bookkeeping",
      chapter: chapter07,
      section: "7.1",
      stubFile: "Ex7_1_NumbersSubscription.swift",
      testClass: "Ex7_1_NumbersSubscriptionTests",
      hints: [
        "Section 7.1's CountdownSubscription, counting up through a range instead of down.",
        "State: next, end (range.upperBound), demand (a Subscribers.Demand, starting at .none), "
          + "subscriber (S?, nil once over), and sending (a Bool). request adds to the demand "
          + "first, then returns if sending is true.",
        "while demand > 0, next < end, let subscriber { demand -= 1; let number = next; "
          + "next += 1; demand += subscriber.receive(number) }; then if next == end, let "
          + "subscriber { self.subscriber = nil; subscriber.receive(completion: .finished) }. "
          + "cancel(): subscriber = nil.",
      ],
      docAnchor: "exercise-71-the-demand-bookkeeping",
      mistakes: [
        Mistake(
          name: "more numbers than were asked for",
          test: "test_aRequestForN_sendsN_andNothingBeforeIt",
          fixtures: ["demand-ignored"],
          hint: "Count the demand down with each number, and stop at zero: while demand > 0."
        ),
        Mistake(
          name: "a request from inside receive(_:) starts a loop of its own",
          test: "test_aRequestFromInsideReceive_addsToTheDemand_andTheLoopSendsIt",
          kind: .crashed,
          fixtures: ["request-recurses"],
          hint: "A request from inside receive(_:) is a call inside your own loop: if it sends, "
            + "it nests, once per number, until the stack overflows. Keep a flag: while it is "
            + "set, request only adds to the demand, and the loop already running sends it."
        ),
        Mistake(
          name: "sent after cancel()",
          test: "test_afterCancel_nothingIsSent",
          saying: "after cancel(), a request sends nothing",
          fixtures: ["cancel-ignored"],
          hint: "cancel() must stop everything: let go of the subscriber (subscriber = nil), so "
            + "that no number and no completion can be sent."
        ),
        Mistake(
          name: "the loop does not see a cancel from inside receive(_:)",
          test: "test_afterCancel_nothingIsSent",
          saying: "stops the loop that is sending",
          fixtures: ["cancel-unseen-by-the-loop"],
          hint: "A subscriber may cancel from inside receive(_:), while your loop runs: read "
            + "self.subscriber again for each number (while ..., let subscriber), not a copy "
            + "taken before the loop."
        ),
        Mistake(
          name: "the demand kept in an Int",
          test: "test_demandSaturates_unlimitedPlusMoreIsStillUnlimited",
          kind: .crashed,
          fixtures: ["demand-in-an-int"],
          hint: ".unlimited has no number, and Int.max + 1 traps. Keep a Subscribers.Demand: "
            + "its + and - saturate, and .unlimited stays unlimited."
        ),
        Mistake(
          name: "finished only at the next request",
          test: "test_finishesOnce_rightAfterTheLastNumber",
          saying: "without another request",
          fixtures: ["finish-waits-for-a-request"],
          hint: "When the last number has gone, send .finished at once, after the loop: the "
            + "subscriber may never ask again."
        ),
        Mistake(
          name: "finished twice",
          test: "test_finishesOnce_rightAfterTheLastNumber",
          saying: "not even finished again",
          fixtures: ["finished-twice"],
          hint: "A completion is sent once. Let go of the subscriber before sending it "
            + "(self.subscriber = nil), so that a later request finds nobody to send to."
        ),
        Mistake(
          name: "finished after a cancel made inside the last receive(_:)",
          test: "test_afterCancel_nothingIsSent",
          saying: "no finished after it",
          fixtures: ["finished-after-cancel"],
          hint: "A cancel from inside receive(_:) can come with the last number: read "
            + "self.subscriber again when you finish, not a copy taken before the loop."
        ),
        Mistake(
          name: "an empty range finished before any request",
          test: "test_finishesOnce_rightAfterTheLastNumber",
          saying: "not even finished",
          fixtures: ["finished-in-init"],
          hint: "Nothing is sent before the first request, a completion included: finish an "
            + "empty range in request(_:), not in init."
        ),
        Mistake(
          name: "a request for .none ignored",
          test: "test_finishesOnce_rightAfterTheLastNumber",
          saying: "whatever it asks for",
          fixtures: ["none-ignored"],
          hint: "An empty range has nothing to wait for: its first request finishes it, even a "
            + "request for .none. Let every request reach the finish check."
        ),
        Mistake(
          name: "a request replaces the demand",
          test: "test_requestsAddUp_withTheDemandStillDue",
          fixtures: ["demand-replaced"],
          hint: "Demands add up: demand += more. A request made while numbers are still due "
            + "adds to them."
        ),
        Mistake(
          name: "finished from inside a nested request",
          test: "test_aRequestFromInsideReceive_addsToTheDemand_andTheLoopSendsIt",
          saying: "finished came while receive(_:) was still running",
          fixtures: ["finished-inside-a-nested-request"],
          hint: "A request from inside receive(_:) only adds to the demand and returns, finish "
            + "check included: the loop further up the stack finishes, after receive(_:) returns."
        ),
        Mistake(
          name: "what receive(_:) returns is dropped",
          test: "test_whatReceiveReturns_addsToTheDemand",
          fixtures: ["returned-demand-dropped"],
          hint: "receive(_:) returns how many more the subscriber wants: demand += "
            + "subscriber.receive(number)."
        ),
      ]
    ),
    Exercise(
      id: "7.2",
      title: "A producer that pauses and stops",
      chapter: chapter07,
      section: "7.5",
      stubFile: "Ex7_2_ProduceNumbers.swift",
      testClass: "Ex7_2_ProduceNumbersTests",
      hints: [
        "Section 7.5's countingGenerator and 7.8's loop: for each number, wait while paused, "
          + "then check whether it is over.",
        "for number in 0..<limit { context.waitIfPaused(); ... made(number); "
          + "subscriber.receive(number) }, then subscriber.receive(completion: .finished).",
        "Between the wait and made: guard !context.cancelled else { throw CancellationError() }. "
          + "waitIfPaused() returns for a request and for a cancel alike.",
      ],
      docAnchor: "exercise-72-a-producer-that-pauses-and-stops",
      mistakes: [
        Mistake(
          name: "numbers made while paused",
          test: "test_makesANumberOnlyWhenOneIsWanted_andSleepsInBetween",
          saying: "while paused, wait in waitIfPaused()",
          fixtures: ["never-waits"],
          hint: "A number sent while paused is dropped. Call context.waitIfPaused() before "
            + "making each one: it returns at once when a number is wanted."
        ),
        Mistake(
          name: "a pause taken for the end",
          test: "test_makesANumberOnlyWhenOneIsWanted_andSleepsInBetween",
          saying: "an end while paused is too soon",
          fixtures: ["returns-when-paused"],
          hint: "Paused means the subscriber wants nothing right now, not that it is gone: "
            + "wait in context.waitIfPaused() for the next request."
        ),
        Mistake(
          name: "a loop that spins on paused",
          test: "test_makesANumberOnlyWhenOneIsWanted_andSleepsInBetween",
          kind: .busy,
          fixtures: ["spins-while-paused"],
          hint: "while context.paused {} keeps a core busy for as long as the subscriber "
            + "waits. context.waitIfPaused() sleeps until a request or a cancel wakes it."
        ),
        Mistake(
          name: "the producer never stops",
          test: "test_stopsWhenCancelled_withoutMakingAnotherNumber",
          saying: "made numbers after the cancel",
          fixtures: ["producer-never-stops"],
          hint: "After a cancel, waitIfPaused() returns at once and every number sent is "
            + "dropped: read context.cancelled, and stop."
        ),
        Mistake(
          name: "cancelled checked only before the wait",
          test: "test_stopsWhenCancelled_withoutMakingAnotherNumber",
          saying: "check context.cancelled after waitIfPaused()",
          fixtures: ["cancel-checked-before-the-wait"],
          hint: "A cancel is what wakes waitIfPaused() as often as a request: check "
            + "context.cancelled after the wait, before making the number."
        ),
        Mistake(
          name: "a cancel ends the producer without CancellationError",
          test: "test_stopsWhenCancelled_withoutMakingAnotherNumber",
          saying: "throw CancellationError()",
          fixtures: ["returns-when-cancelled"],
          hint: "Returning says \"all sent\". A producer stopped by a cancel says so: "
            + "throw CancellationError()."
        ),
        Mistake(
          name: "made(n) after sending n",
          test: "test_makesANumberOnlyWhenOneIsWanted_andSleepsInBetween",
          saying: "just before the 0 is sent",
          fixtures: ["made-after-sending"],
          hint: "made(number) says a number was made, before it goes: call it, then "
            + "subscriber.receive(number), whether or not the send succeeds."
        ),
        Mistake(
          name: "a wait after sending",
          test: "test_sendsEveryNumberInOrder_thenFinished",
          saying: "finished without waiting for another request",
          fixtures: ["waits-after-sending"],
          hint: "Wait before making a number, not after sending one: after the last number "
            + "there is nothing to wait for, and .finished needs no demand."
        ),
        Mistake(
          name: "cancelled read only after a pause",
          test: "test_stopsWhenCancelled_withoutMakingAnotherNumber",
          saying: "a cancel that came while more were wanted",
          fixtures: ["cancel-checked-only-when-paused"],
          hint: "A cancel can come while numbers are still wanted, with no pause at all: check "
            + "context.cancelled before every number."
        ),
        Mistake(
          name: "never finished",
          test: "test_sendsEveryNumberInOrder_thenFinished",
          saying: "then finished",
          fixtures: ["never-finished"],
          hint: "After the last number, send subscriber.receive(completion: .finished): a "
            + "for-await loop over this publisher would wait for it forever."
        ),
      ]
    ),
    Exercise(
      id: "7.3",
      title: "A publisher in a for-await loop, with failures",
      chapter: chapter07,
      section: "7.6",
      stubFile: "Ex7_3_ThrowingBridge.swift",
      testClass: "Ex7_3_ThrowingBridgeTests",
      hints: [
        "Section 7.6's ValuesBridge, with withCheckedThrowingContinuation, and a place to keep "
          + "a failure that comes while no next() waits.",
        "State behind an NSLock: subscription, waiting (a CheckedContinuation<Input?, any "
          + "Error>?), failure, over. next(): under the lock, throw a kept failure, or return "
          + "nil if over, or keep the continuation; then, unlocked, request(.max(1)).",
        "receive(completion:): once (guard !over), set over; keep a failure if none waits; "
          + "resume the one waiting. cancel(): under the lock set over and take the "
          + "subscription and the waiting continuation (set both to nil); unlocked, cancel it, "
          + "then resume with nil. next() runs inside withTaskCancellationHandler { } "
          + "onCancel: { cancel() }.",
      ],
      docAnchor: "exercise-73-a-publisher-in-a-for-await-loop-with-failures",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "a value asked for before next()",
          test: "test_aFailure_isThrownOnce_thenNextReturnsNil",
          saying: "nothing is asked for before next()",
          fixtures: ["asks-before-next"],
          hint: "receive(subscription:) keeps the subscription; the first next() asks. Asking "
            + "at once brings a value nobody waits for."
        ),
        Mistake(
          name: "a next() before the subscription waits forever",
          test: "test_aNextBeforeTheSubscription_asksWhenItComes",
          kind: .hung,
          fixtures: ["next-before-the-subscription-waits-forever"],
          hint: "A next() can come before the subscription. Keep its continuation, and let "
            + "receive(subscription:) ask for the value when it sees one waiting."
        ),
        Mistake(
          name: "the value asked for while holding the lock",
          test: "test_aPublisherThatSendsInsideRequest_getsItsValuesToo",
          kind: .hung,
          fixtures: ["asks-inside-the-lock"],
          hint: "A publisher may send from inside request(_:), and receive(_:) takes your lock: "
            + "decide under the lock, then call request(.max(1)) after unlocking."
        ),
        Mistake(
          name: "the failure returned as the end",
          test: "test_aFailure_isThrownOnce_thenNextReturnsNil",
          saying: "it returned instead",
          fixtures: ["failure-swallowed"],
          hint: "A .failure is not a finish: resume the waiting next() with "
            + "resume(throwing: error)."
        ),
        Mistake(
          name: "the failure thrown again and again",
          test: "test_aFailure_isThrownOnce_thenNextReturnsNil",
          saying: "then next() returns nil",
          fixtures: ["failure-thrown-forever"],
          hint: "A failure ends the stream, once: after throwing it, forget it, and let next() "
            + "return nil."
        ),
        Mistake(
          name: "a failure lost while no next() waits",
          test: "test_aFailure_isThrownOnce_thenNextReturnsNil",
          saying: "while no next() waits is thrown by the next one",
          fixtures: ["failure-lost-between-nexts"],
          hint: "A failure can come between two next() calls. Keep it, and let the next next() "
            + "throw it."
        ),
        Mistake(
          name: "a cancelled task waits forever",
          test: "test_aTaskCancelledInNext_cancelsTheSubscription_andNextReturnsNil",
          kind: .hung,
          fixtures: ["task-cancellation-ignored"],
          hint: "Nothing tells a continuation that its task was cancelled: wrap next() in "
            + "withTaskCancellationHandler { ... } onCancel: { cancel() }."
        ),
        Mistake(
          name: "the subscription is not cancelled",
          test: "test_aTaskCancelledInNext_cancelsTheSubscription_andNextReturnsNil",
          saying: "cancelling the task cancels the subscription",
          fixtures: ["subscription-not-cancelled"],
          hint: "Ending next() is half of it: the publisher must stop too. cancel() calls "
            + "subscription.cancel()."
        ),
        Mistake(
          name: "a continuation resumed twice",
          test: "test_cancelAndTheEndFromTwoThreadsAtOnce_resumeTheWaitingNextOnce",
          kind: .crashed,
          fixtures: ["resumed-twice"],
          hint: "A cancel and the end can both find the waiting continuation. Take it and set "
            + "it to nil in the same withLock, so that only one of them gets it."
        ),
        Mistake(
          name: "the state is shared without a lock",
          test: "test_cancelAndTheEndFromTwoThreadsAtOnce_resumeTheWaitingNextOnce",
          kind: .dataRace,
          fixtures: ["unlocked-state"],
          hint: "cancel() may come from any thread while a value or the end comes from another: "
            + "read and write the state only while holding one lock."
        ),
        Mistake(
          name: "a kept failure thrown after cancel()",
          test: "test_cancel_endsAWaitingNext_andNothingComesAfter",
          saying: "a failure that was kept is not thrown",
          fixtures: ["failure-kept-after-cancel"],
          hint: "After cancel(), next() returns nil: forget a failure kept for the next next()."
        ),
        Mistake(
          name: "a task's cancel ends one next(), not the bridge",
          test: "test_cancellingATask_endsTheBridgeForGood",
          kind: .hung,
          fixtures: ["task-cancel-not-final"],
          hint: "A cancelled task cancels the subscription: the bridge is over for good. Call "
            + "cancel() from onCancel, so that over is set and later next() calls return nil."
        ),
        Mistake(
          name: "a value delivered after cancel()",
          test: "test_cancel_endsAWaitingNext_andNothingComesAfter",
          saying: "nothing after cancel()",
          fixtures: ["value-after-cancel"],
          hint: "After cancel(), next() returns nil: drop a value that comes when no next() "
            + "waits, rather than keeping it."
        ),
        Mistake(
          name: "more than one value asked for",
          test: "test_eachNext_asksForExactlyOneValue_andGetsIt",
          saying: "exactly one value",
          fixtures: ["asks-for-everything"],
          hint: "Each next() asks for one value: request(.max(1)). Asking for more lets the "
            + "publisher send values nobody is waiting for."
        ),
        Mistake(
          name: "more asked for with each value",
          test: "test_eachNext_asksForExactlyOneValue_andGetsIt",
          saying: "receive(_:) returns .none",
          fixtures: ["asks-more-with-each-value"],
          hint: "receive(_:) returns .none: the next value is asked for by the next next()."
        ),
      ]
    ),
  ]

  /// For 1.3's two races: a flag both threads get past, and a variable both threads write.
  static let raceHint =
    "Two threads used the same variable at the same time. Whatever the callbacks share must be "
    + "an atomic or sit behind a lock, and \"check, then set\" must be one step: "
    + "Atomic<Bool>.exchange does both."

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
