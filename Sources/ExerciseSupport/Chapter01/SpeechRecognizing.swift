// The callback-based API of exercise 1b: a speech recognizer whose completion handler takes a
// transcript and an error, both optional, as APIs older than `Result` do. Learners wrap it; they
// do not change it.

/// A recorded audio clip.
public struct AudioClip: Sendable, Equatable {
  /// The clip's file name.
  public let name: String

  /// Creates a clip called `name`.
  public init(name: String) {
    self.name = name
  }
}

/// The words recognized in a clip.
public struct Transcript: Sendable, Equatable {
  /// The recognized text.
  public let text: String

  /// Creates a transcript of `text`.
  public init(text: String) {
    self.text = text
  }
}

/// Why recognition failed.
public enum RecognitionError: Error, Equatable {
  /// The clip contains no speech.
  case noSpeech
  /// The clip's language is not supported.
  case unsupportedLanguage(String)
  /// The recognizer called back with neither a transcript nor an error. It never sends this
  /// error itself: it is what its async form throws then.
  case noResult
}

/// A speech recognizer with a completion handler.
public protocol SpeechRecognizing: Sendable {
  /// Recognizes `clip` and calls `completion` once, on any thread, possibly before returning:
  /// with a transcript and no error when it succeeds; with an error when it fails, and with it
  /// what it had heard before failing (a partial transcript) or nil; and with neither when it
  /// failed in a way it cannot describe.
  func recognize(
    _ clip: AudioClip,
    completion: @escaping @Sendable (Transcript?, RecognitionError?) -> Void
  )
}
