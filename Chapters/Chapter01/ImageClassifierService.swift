// A legacy classifier with a completion handler, like many SDKs written before async/await.
// It answers on a background thread, `workTime` after it is asked.
import LessonSupport

final class ImageClassifierService: Sendable {
  static let workTime = Duration.milliseconds(800)

  let scheduler: CallbackScheduler

  init(clock: any Clock<Duration>) {
    self.scheduler = CallbackScheduler(clock: clock)
  }

  func classifyImage(
    _ image: Image,
    completion: @escaping @Sendable (Result<Classification, UnreadableImageError>) -> Void
  ) {
    scheduler.schedule(after: Self.workTime) {
      completion(Self.knownImages[image.name].map { .success($0) } ?? .failure(.init(image: image)))
    }
  }

  private static let knownImages: [String: Classification] = [
    "dog.jpg": Classification(label: "Brittany spaniel", confidence: 87),
    "cat.jpg": Classification(label: "Tabby cat", confidence: 92),
    "bird.jpg": Classification(label: "Robin", confidence: 78),
  ]
}

// MARK: - Three async wrappers, in the order the lesson builds them

extension ImageClassifierService {
  // snippet.classify-on-success-only
  /// The seed's first try, which resumes only on success.
  ///
  /// A failure leaks the continuation.
  func classifyImageResumingOnSuccess(_ image: Image) async throws -> Classification {
    try await withCheckedThrowingContinuation(function: "classifyImage(_:)") { continuation in
      classifyImage(image) { result in
        if case .success(let classification) = result {
          continuation.resume(returning: classification)
        }
      }
    }
  }
  // snippet.end

  /// Every path resumes: success returns, failure throws.
  func classifyImageSwitchingOnResult(_ image: Image) async throws -> Classification {
    try await withCheckedThrowingContinuation(function: "classifyImage(_:)") { continuation in
      classifyImage(image) { result in
        switch result {
        case .success(let classification):
          continuation.resume(returning: classification)
        case .failure(let error):
          continuation.resume(throwing: error)
        }
      }
    }
  }

  // snippet.classify-with-result
  /// The same, said once: resume(with:) takes the Result as it is.
  func classifyImage(_ image: Image) async throws -> Classification {
    try await withCheckedThrowingContinuation(function: "classifyImage(_:)") { continuation in
      classifyImage(image) { result in
        continuation.resume(with: result)
      }
    }
  }
  // snippet.end
}
