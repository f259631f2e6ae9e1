import ExerciseSupport
import Foundation

/// Known wrong: the transcript is tidied on the way (spaces at the ends trimmed).
///
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  try await withCheckedThrowingContinuation { continuation in
    recognizer.recognize(clip) { transcript, error in
      let result: Result<Transcript, RecognitionError> =
        if let error { .failure(error) } else if let transcript { .success(transcript) } else {
          .failure(.noResult)
        }
      continuation.resume(
        with: result.map { Transcript(text: $0.text.trimmingCharacters(in: .whitespaces)) }
      )
    }
  }
}
