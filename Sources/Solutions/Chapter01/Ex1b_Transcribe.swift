import ExerciseSupport

/// Exercise 1b: wrap a callback API (reference solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  try await withCheckedThrowingContinuation { continuation in
    recognizer.recognize(clip) { transcript, error in
      // The error first: a transcript that comes with one is only what was heard before it.
      if let error {
        continuation.resume(throwing: error)
      } else if let transcript {
        continuation.resume(returning: transcript)
      } else {
        continuation.resume(throwing: RecognitionError.noResult)  // neither: still one resume
      }
    }
  }
}
