import ExerciseSupport

/// Exercise 1b: wrap a callback API (section 1.3).
///
/// Give `SpeechRecognizing.recognize(_:completion:)` an async form: return the transcript on
/// success and throw the recognizer's error on failure. Every path must resume the continuation, or
/// the caller waits forever. Ask the recognizer once per call. Graded on 425 generated scripts too:
/// 1 to 13 calls at once, and up to 100, and when grading two crowds of 129 to 1,000 (two may ask
/// for one clip), any clip name (hundreds of characters long, line breaks, tabs, control
/// characters, beyond ASCII), any transcript (empty, spaced, several lines, line breaks at its
/// ends, "\r\n" and "\r", tabs, control characters, beyond ASCII, now and then up to 100,000
/// characters), either error (language codes in any case, with "\r\n" and "\r" too), names,
/// transcripts and codes with control or invisible characters anywhere (NUL at either end, a byte
/// order mark, a zero-width space), 257 calls one after the other, and when grading 65,538, a
/// caller cancelled before the call, each answered inside `recognize`, from another thread, or
/// later in any order, a caller cancelled while it waits; 60 pairs of recognizers at once, asked
/// for clips of the same names and answering them otherwise; and on real threads, an answer from
/// another thread just as recognize returns, a cancel on one thread as the answer comes on another
/// (then again under the thread sanitizer). Left free: what a cancelled caller gets (its clip's
/// answer or a CancellationError), as long as the call ends once, and whether a caller whose task
/// is cancelled before the call asks the recognizer at all.
/// Read docs/Chapter01-Continuations.md#exercise-1b-wrap-a-callback-api
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  // TODO(1b): call recognizer.recognize inside withCheckedThrowingContinuation.
  throw NotImplemented("1b")
}
