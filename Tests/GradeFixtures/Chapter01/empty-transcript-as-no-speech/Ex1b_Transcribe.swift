import ExerciseSupport

/// Known wrong: an empty transcript is turned into the recognizer's "no speech" error.
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
      // Nothing heard is the same as no speech.
      if case .success(let transcript) = result, transcript.text.isEmpty {
        continuation.resume(throwing: RecognitionError.noSpeech)
      } else {
        continuation.resume(with: result)
      }
    }
  }
}
