import ExerciseSupport

/// Exercise 1b: wrap a callback API (section 1.3).
///
/// Give `SpeechRecognizing.recognize(_:completion:)` an async form: return the transcript on
/// success and throw the recognizer's error on failure. Every path must resume the continuation, or
/// the caller waits forever. Ask the recognizer once per call. Graded on 425 generated scripts too:
/// the page's exercise section lists what they try. Left free: what a cancelled caller gets (its
/// clip's answer or a CancellationError), as long as the call ends once, and whether a caller whose
/// task is cancelled before the call asks the recognizer at all.
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  // TODO(1b): call recognizer.recognize inside withCheckedThrowingContinuation.
  throw NotImplemented("1b")
}
