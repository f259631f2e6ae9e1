// 1.3 Wrapping a callback API. Read with docs/Chapter01-Continuations.md#13-wrapping-a-callback-api
import LessonSupport
import Foundation

// Three async wrappers of ImageClassifierService.classifyImage(_:completion:), in the order the
// lesson builds them. The completion closure captures the continuation: nothing is stored.
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

func runCallbackWrapping(_ context: LessonContext) async throws {
  let console = context.console
  let classifier = ImageClassifierService(clock: context.clock)
  console.print("ImageClassifierService.classifyImage(_:completion:) answers with a Result.")
  console.print("An async extension wraps it with withCheckedThrowingContinuation.")
  console.print()

  console.print("1. Resume only on success (the seed's first version):")
  let dog = try await classifier.classifyImageResumingOnSuccess(Image(name: "dog.jpg"))
  console.print("  dog.jpg   -> \(dog)")
  console.print("  An unreadable image never resumes the caller. In a child process:")
  try await runDemoInChildProcess("leaked-classification", context: context)
  console.print(
    """
      No crash: the caller waits forever, and the runtime says why. The status 0 is the
      chapter's own exit(0), called once the callback has come, to end the child.
    """
  )
  console.print()

  console.print("2. Switch on the Result and resume(throwing:) on failure:")
  await printClassification(of: Image(name: "blank.jpg"), console: console) {
    try await classifier.classifyImageSwitchingOnResult($0)
  }
  console.print()

  console.print("3. resume(with:), the same in one line:")
  for name in ["cat.jpg", "blank.jpg"] {
    await printClassification(of: Image(name: name), console: console) {
      try await classifier.classifyImage($0)
    }
  }
}

private func printClassification(
  of image: Image,
  console: Console,
  using classify: (Image) async throws -> Classification
) async {
  let padded = image.name.padding(toLength: 9, withPad: " ", startingAt: 0)
  do {
    console.print("  \(padded) -> \(try await classify(image))")
  } catch {
    console.print("  \(padded) -> threw: \(error)")
  }
}

/// The resume-on-success wrapper given an unreadable image: the continuation leaks.
func demoLeakedClassification(_ context: LessonContext) async throws {
  let classifier = ImageClassifierService(clock: context.clock)
  try await callThatNeverReturns(after: classifier.scheduler, console: context.console) {
    _ = try await classifier.classifyImageResumingOnSuccess(Image(name: "blank.jpg"))
  }
}
