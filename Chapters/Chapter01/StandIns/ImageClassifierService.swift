// Stand-in for a legacy classifier SDK with a completion handler, written before async/await.
// It answers from a task on the global pool, `workTime` after it is asked. 1.3 wraps it.
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
