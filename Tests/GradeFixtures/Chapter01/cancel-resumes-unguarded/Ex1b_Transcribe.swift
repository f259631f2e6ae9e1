import ExerciseSupport
import Synchronization

private final class Box: Sendable {
  let continuation = Mutex<CheckedContinuation<Transcript, any Error>?>(nil)
}

/// Known wrong: "supports cancellation": a cancelled caller's continuation is resumed with
/// CancellationError from onCancel, with no guard, so the recognizer's answer resumes it a second
/// time.
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  let box = Box()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      box.continuation.withLock { $0 = continuation }
      recognizer.recognize(clip) { transcript, error in
        let result: Result<Transcript, RecognitionError> =
          if let error { .failure(error) } else if let transcript { .success(transcript) } else {
            .failure(.noResult)
          }
        let continuation = box.continuation.withLock { $0 }
        continuation?.resume(with: result.mapError { $0 })
      }
    }
  } onCancel: {
    box.continuation.withLock { $0 }?.resume(throwing: CancellationError())
  }
}
