import ExerciseSupport

/// Exercise 1b: wrap a callback API (reference solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  try await withCheckedThrowingContinuation { continuation in
    recognizer.recognize(clip) { result in
      // Success returns, failure throws: one resume for every path.
      continuation.resume(with: result)
    }
  }
}
