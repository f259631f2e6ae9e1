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
