// The callback-based API of exercise 1b: a speech recognizer with a Result completion handler.
// Learners wrap it; they do not change it.

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
}

/// A speech recognizer with a completion handler.
public protocol SpeechRecognizing: Sendable {
  /// Recognizes `clip` and calls `completion` once, on any thread, possibly before returning.
  func recognize(
    _ clip: AudioClip,
    completion: @escaping @Sendable (Result<Transcript, RecognitionError>) -> Void
  )
}
