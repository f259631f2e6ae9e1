@testable import GradedScenarios
import ExerciseSupport
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

// MARK: - Exercise 1b: wrap a callback API

final class Ex1b_TranscribeTests: GradedTestCase {
  private let clip = AudioClip(name: "memo.m4a")

  func test_success_returnsTheTranscript() async throws {
    for delivery in [ScriptedRecognizer.Delivery.onAnotherThread, .beforeReturning] {
      let recognizer = ScriptedRecognizer(
        result: .success(Transcript(text: "buy milk")),
        delivery: delivery
      )
      do {
        let transcript = try await transcribe(clip, with: recognizer)
        XCTAssertEqual(transcript, Transcript(text: "buy milk"), "delivered \(delivery)")
      } catch {
        try rethrowIfNotImplemented(error)
        XCTFail(
          "the recognizer called back with (Transcript(text: \"buy milk\"), nil) \(delivery), "
            + "and the call threw \(error); a transcript with no error is returned"
        )
      }
    }
  }

  func test_theGivenClip_isTheOneRecognized() async throws {
    // Two clips and two transcripts, so that an answer with either written into it fails.
    for (clip, heard) in [
      (AudioClip(name: "memo.m4a"), Transcript(text: "buy milk")),
      (AudioClip(name: "call-0042.wav"), Transcript(text: "See you at noon, Ana.")),
    ] {
      let recognizer = ScriptedRecognizer(result: .success(heard), delivery: .onAnotherThread)
      let transcript = try await transcribe(clip, with: recognizer)
      XCTAssertEqual(
        recognizer.askedClips,
        [clip],
        "the recognizer was asked for other clips than the one given; expected \(clip.name) once"
      )
      XCTAssertEqual(
        transcript,
        heard,
        "the transcript returned is not the recognizer's; expected \"\(heard.text)\""
      )
    }
  }

  func test_failure_throwsTheRecognizersError() async throws {
    // A failure comes with what was heard before it, or with nil: the error counts either way.
    let partials = [
      nil, Transcript(text: "buy mi"), Transcript(text: ""),
      Transcript(text: "see you at noon, Ana, and bring the maps we talked about"),
    ]
    for expected in [RecognitionError.noSpeech, .unsupportedLanguage("tlh")] {
      for partial in partials {
        let recognizer = ScriptedRecognizer(
          result: .failure(expected),
          partial: partial,
          delivery: .onAnotherThread
        )
        let sent = spelledCallback(
          Result<Transcript, RecognitionError>.failure(expected).callbackArguments(partial: partial)
        )
        try await assertThrows(
          expected,
          "expected the recognizer's own error, \(expected)",
          from: recognizer,
          partial: partial,
          "the recognizer called back with \(sent)"
        )
      }
    }
  }

  func test_neitherTranscriptNorError_throwsNoResult() async throws {
    for delivery in [ScriptedRecognizer.Delivery.onAnotherThread, .beforeReturning] {
      let recognizer = ScriptedRecognizer(result: .failure(.noResult), delivery: delivery)
      try await assertThrows(
        .noResult,
        "expected RecognitionError.noResult",
        from: recognizer,
        "the recognizer called back with (nil, nil) "
          + (delivery == .beforeReturning ? "before recognize returned" : "from another thread")
      )
    }
  }

  /// Asserts that `transcribe` throws `expected` (`expectation` says so in the message) when
  /// `recognizer` calls back as `sent` says, and that it asked the recognizer once.
  private func assertThrows(
    _ expected: RecognitionError,
    _ expectation: String,
    from recognizer: ScriptedRecognizer,
    partial: Transcript? = nil,
    _ sent: String
  ) async throws {
    do {
      let transcript = try await transcribe(clip, with: recognizer)
      if let partial, transcript == partial {
        XCTFail(
          "\(sent): the error came with what was heard before it, yet it returned that partial "
            + "transcript; expected \(expected) thrown"
        )
      } else {
        XCTFail(
          "\(sent): the recognition failed, yet it returned \(transcript); expected \(expected) "
            + "thrown"
        )
      }
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? RecognitionError,
        expected,
        "\(sent): a failed recognition threw \(error); \(expectation)"
      )
    }
    XCTAssertEqual(
      recognizer.askedClips.count,
      1,
      "\(sent): the recognizer was asked "
        + "\(recognizer.askedClips.count) times for one failed recognition; expected once"
    )
  }

  // These two sort last, so that a mistake the tests above catch is reported by them.

  func test_whenItReturns_noTaskItStartedIsStillRunning() async throws {
    let recognizer = ScriptedRecognizer(
      result: .success(Transcript(text: "buy milk")),
      delivery: .onAnotherThread
    )
    // Every task started while the marker is bound holds it until that task ends.
    var marker: TaskMarker? = TaskMarker(released: OneShotSignal())
    let transcript = try await TaskMarker.$current.withValue(marker) {
      try await transcribe(clip, with: recognizer)
    }
    weak let watched = marker
    marker = nil
    XCTAssertEqual(transcript, Transcript(text: "buy milk"))
    XCTAssertNil(
      watched,
      "transcribe(_:with:) returned, yet a task it started is still running; expected nothing "
        + "left running"
    )
  }

  func test_whileSeveralWait_noneHoldsAThread() async throws {
    // More calls than the pool has threads to run Swift tasks, and no answer for any of them
    // until every one has asked: a call that blocks its thread while it waits stops the rest.
    let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
    let recognizer = AnswerWhenAllAskedRecognizer(expected: count)
    let clips = (1...count).map { AudioClip(name: "clip-\($0).m4a") }
    let heard = try await withThrowingTaskGroup(of: String.self) { group in
      for clip in clips {
        group.addTask { try await transcribe(clip, with: recognizer).text }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    XCTAssertEqual(
      heard.sorted(),
      clips.map(\.name).sorted(),
      "\(count) calls at once did not each return their own clip's transcript"
    )
    XCTAssertEqual(recognizer.askedCount, count, "expected the recognizer asked once per call")
  }

  /// The recognizer answers from another thread just as recognize returns, round after round,
  /// each a little later (0 to 399 spins): an answer kept in a box without a lock can be put there
  /// just after the caller looked for it, and the call then waits forever.
  func test_yourAnswer_survivesAnAnswerFromAnotherThread_justAsRecognizeReturns() async throws {
    let answers = PromptCallbackThread()
    defer { answers.stop() }
    let rounds = ThreadSanitizer.isRunning ? 60 : huntRounds(graded: 2_000, reference: 200)
    for round in 1...rounds {
      let result: Result<Transcript, RecognitionError> =
        switch round % 6 {
        case 0: .failure(.noSpeech)
        case 3: .failure(.noResult)
        default: .success(Transcript(text: "take \(round)"))
        }
      ScenarioAnnouncer.announce(
        "round \(round) of \(rounds): the recognizer calls back with \(spelledCallback(result.callbackArguments())) from "
          + "another thread just as recognize returns; the test waits for transcribe(_:with:) to end"
      )
      let recognizer = answers.recognizer(result: result, lag: round % 400)
      let ended: Result<Transcript, RecognitionError>?
      do {
        ended = .success(try await transcribe(clip, with: recognizer))
      } catch {
        try rethrowIfNotImplemented(error)
        ended = (error as? RecognitionError).map { .failure($0) }
      }
      guard ended == result else {
        return XCTFail(
          "in round \(round) of \(rounds), the recognizer called back with "
            + "\(spelledCallback(result.callbackArguments())) from another thread just as recognize returned, and the "
            + "call " + (ended.map(transcriptEnding) ?? "threw another error") + "; expected it "
            + transcriptEnding(result)
        )
      }
    }
  }

  /// The caller's task is cancelled on one thread while the recognizer answers on another,
  /// round after round, the two a few nanoseconds apart either way: each call must end once,
  /// with the answer or a CancellationError (the statement leaves which free).
  func test_yourAnswer_survivesACancelAndTheAnswerAtOnce() async throws {
    let heard = Transcript(text: "buy milk")
    try await assertEachRoundSurvivesACancelAndAnAnswer(
      rounds: ThreadSanitizer.isRunning ? 60 : huntRounds(graded: 600, reference: 100),
      lagSpan: 16,
      expected: heard,
      words: CancelAndAnswerWords(
        callAsks: "transcribe(_:with:) to call recognize",
        collaboratorAnswers: "the recognizer answers \"\(heard.text)\"",
        collaboratorAnswered: "the recognizer answered \"\(heard.text)\"",
        call: "call",
        theValue: "that transcript",
        endedWithoutAsking: "transcribe(_:with:) ended without asking the recognizer"
      )
    ) { [clip] in
      let recognizer = HeldRecognizer()
      let call = Task {
        defer { recognizer.asked.fire(false) }
        return try await transcribe(clip, with: recognizer)
      }
      return CancelAndAnswerRound(
        call: call,
        waitUntilAsked: { await recognizer.asked.wait() },
        answer: { recognizer.answer(.success(heard)) }
      )
    }
  }

  /// The grade: 450 generated scripts of 1 to 13 calls at once, and up to 100, and when grading
  /// two crowds of 129 to 1,000 calls (any clip name, hundreds of characters long too, any
  /// transcript, "\r\n" and "\r" too, up to 100,000 characters, either error with or without a
  /// partial transcript, neither transcript nor error, language codes with
  /// "\r\n" and "\r" too; names, transcripts and codes with control or invisible characters
  /// anywhere; answered inside recognize, from another thread, or later in any order),
  /// and 257 calls one after the other, and when grading 65,538, each compared with what the
  /// statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      transcribeScenarios(count: 300, seed: 12),
      model: transcribeModel,
      answer: transcribeAnswer
    )
  }

  /// 60 generated pairs of recognizers at once, the same clips asked of both, each answering them
  /// its own way (most later, or from a thread): each call must get its own recognizer's answer.
  func test_yourAnswer_keepsTheStatement_withTwoRecognizersAskedForTheSameClips() async throws {
    try await assertEveryScenario(
      twoRecognizersScenarios(count: 60, seed: 12 &+ 20),
      model: twoRecognizersModel,
      answer: twoRecognizersAnswer
    )
  }
}
