import ExerciseSupport

/// Exercise 1b: wrap a callback API (section 1.3).
///
/// Give `SpeechRecognizing.recognize(_:completion:)` an async form. Its completion handler takes a
/// transcript and an error, both optional, as APIs older than `Result` do: return the transcript
/// when it comes with no error; throw the error when there is one, even when a transcript (only
/// what was heard before the failure) comes with it; throw `RecognitionError.noResult` when
/// neither comes. Every path must resume the continuation once, or the caller waits forever (or
/// the program stops). Give the transcript and the error as they came, character for character,
/// and ask for the clip as it was given. Ask the recognizer once per call; any number of calls
/// may wait at once. Graded on 450 generated scripts too: the
/// page's exercise section lists what they try. Left free: what a cancelled caller gets (its
/// clip's answer or a CancellationError), as long as the call ends once, and whether a caller
/// whose task is cancelled before the call asks the recognizer at all.
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  // TODO(1b): call recognizer.recognize inside withCheckedThrowingContinuation.
  throw NotImplemented("1b")
}
