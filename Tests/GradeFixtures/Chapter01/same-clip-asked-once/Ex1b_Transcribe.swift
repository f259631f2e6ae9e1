import ExerciseSupport
import Synchronization

/// Callers waiting for a clip that is being recognized, by clip name.
private let inFlight = Mutex<[String: [CheckedContinuation<Transcript, any Error>]]>([:])

/// Known wrong: calls for the same clip that overlap share one recognition (the recognizer is asked
/// once for them all), so it is not asked once per call.
public func transcribe(
  _ clip: AudioClip,
  with recognizer: some SpeechRecognizing
) async throws -> Transcript {
  try await withCheckedThrowingContinuation { continuation in
    let first = inFlight.withLock { waiting -> Bool in
      let isFirst = waiting[clip.name] == nil
      waiting[clip.name, default: []].append(continuation)
      return isFirst
    }
    guard first else { return }  // already being recognized: wait for that answer
    recognizer.recognize(clip) { transcript, error in
      let result: Result<Transcript, RecognitionError> =
        if let error { .failure(error) } else if let transcript { .success(transcript) } else {
          .failure(.noResult)
        }
      let everyone = inFlight.withLock { $0.removeValue(forKey: clip.name) ?? [] }
      for waiter in everyone { waiter.resume(with: result.mapError { $0 }) }
    }
  }
}
