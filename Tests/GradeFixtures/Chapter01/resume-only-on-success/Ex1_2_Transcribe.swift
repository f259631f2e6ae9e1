import ExerciseSupport
import TutorialSupport

/// Known wrong: resumes only on success, so a failed recognition leaks the continuation and the
/// caller waits forever.
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  try await withCheckedThrowingContinuation { continuation in
    recognizer.recognize(clip) { result in
      if case .success(let transcript) = result {
        continuation.resume(returning: transcript)
      }
    }
  }
}
