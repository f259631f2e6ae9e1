import ExerciseSupport
import LessonSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 1.2: wrap a callback API

final class Ex1_2_TranscribeTests: GradedTestCase {
  private let clip = AudioClip(name: "memo.m4a")

  func test_success_returnsTheTranscript() async throws {
    for delivery in [ScriptedRecognizer.Delivery.onAnotherThread, .beforeReturning] {
      let recognizer = ScriptedRecognizer(
        result: .success(Transcript(text: "buy milk")),
        delivery: delivery
      )
      let transcript = try await transcribe(clip, with: recognizer)
      XCTAssertEqual(transcript, Transcript(text: "buy milk"), "delivered \(delivery)")
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
    for expected in [RecognitionError.noSpeech, .unsupportedLanguage("tlh")] {
      let recognizer = ScriptedRecognizer(result: .failure(expected), delivery: .onAnotherThread)
      do {
        let transcript = try await transcribe(clip, with: recognizer)
        XCTFail(
          "the recognition failed, yet it returned \(transcript); expected \(expected) thrown"
        )
      } catch {
        try rethrowIfNotImplemented(error)
        XCTAssertEqual(
          error as? RecognitionError,
          expected,
          "a failed recognition threw \(error); expected the recognizer's own error"
        )
      }
      XCTAssertEqual(
        recognizer.askedClips.count,
        1,
        "the recognizer was asked \(recognizer.askedClips.count) times for one failed recognition; "
          + "expected once"
      )
    }
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

  /// The grade: 300 generated scripts of 1 to 12 calls at once (any clip, any transcript, either
  /// error; answered inside recognize, from another thread, or later in any order), each
  /// compared with what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      transcribeScenarios(count: 300, seed: 12),
      model: transcribeModel,
      answer: transcribeAnswer
    )
  }
}
