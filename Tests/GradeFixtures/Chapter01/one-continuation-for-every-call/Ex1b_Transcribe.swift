import ExerciseSupport

// The continuation of the call that waits.
nonisolated(unsafe) private var waiting: CheckedContinuation<Transcript, any Error>?

/// Known wrong: the waiting continuation is kept in one global, shared by every call.
///
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  try await withCheckedThrowingContinuation { continuation in
    waiting = continuation
    recognizer.recognize(clip) { transcript, error in
      let result: Result<Transcript, RecognitionError> =
        if let error { .failure(error) } else if let transcript { .success(transcript) } else {
          .failure(.noResult)
        }
      // The recognizer answers the call that is waiting.
      let continuation = waiting
      waiting = nil
      continuation?.resume(with: result)
    }
  }
}
