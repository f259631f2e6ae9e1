import ExerciseSupport
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
      (AudioClip(name: "call-0042.wav"), Transcript(text: "see you at noon")),
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
    }
  }
}
