// 1.2 Wrapping a delegate API. Read with docs/Chapter01-Continuations.md#12-wrapping-a-delegate-api
import LessonSupport

// The seed's first ImagePickerService, kept with its three bugs because they are the lesson.
// Never copy this one; ImagePickerService below is the fix.
// snippet.seed-picker-service
@MainActor
final class SeedImagePickerService: ImagePickerDelegate {
  private var continuation: CheckedContinuation<Image?, Never>?

  func pickImage(from picker: ImagePicker) async -> Image? {
    await withCheckedContinuation(function: "pickImage(from:)") { continuation in
      // Bug 1: on the second call the old continuation is still here, so the new one is not
      // stored. It is dropped when this closure returns: the runtime reports a leak.
      if self.continuation == nil {
        self.continuation = continuation
      }
      picker.present(delegate: self)
    }
  }

  func imagePicker(_ picker: ImagePicker, didPick image: Image) {
    // Bug 2: never cleared, so the next callback resumes this continuation a second time.
    continuation?.resume(returning: image)
  }

  func imagePickerDidCancel(_ picker: ImagePicker) {
    // Bug 3: an empty image instead of nil; the caller cannot tell a cancel from a pick.
    continuation?.resume(returning: .empty)
  }
}
// snippet.end

// The fix: store the continuation on every call, clear it, then resume it. Cancel gives nil.
@MainActor
final class ImagePickerService: ImagePickerDelegate {
  private var continuation: CheckedContinuation<Image?, Never>?
  private let console: Console

  init(console: Console) {
    self.console = console
  }

  // snippet.picker-service
  /// Shows the picker and returns the picked image, or nil when the user cancels.
  func pickImage(from picker: ImagePicker) async -> Image? {
    await withCheckedContinuation(function: "pickImage(from:)") { continuation in
      // A pick still pending would leak if overwritten: end it first, as a cancel.
      self.continuation?.resume(returning: nil)
      self.continuation = continuation  // always the fresh one
      picker.present(delegate: self)
    }
  }

  func imagePicker(_ picker: ImagePicker, didPick image: Image) {
    finishPick(with: image)
  }

  func imagePickerDidCancel(_ picker: ImagePicker) {
    finishPick(with: nil)
  }

  /// Takes the continuation out before resuming it, so a late second callback finds nothing.
  private func finishPick(with image: Image?) {
    guard let continuation else {
      console.print("  service: a callback arrived with no pick pending; ignored")
      return
    }
    self.continuation = nil
    continuation.resume(returning: image)
  }
  // snippet.end
}

@MainActor
func runDelegateWrapping(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    ImagePicker reports through a delegate. A service stores the continuation, acts as
    the delegate, and resumes the continuation from the callbacks: `pickImage(from:)`.

    """
  )

  console.print("The seed's service, one pick (fine so far):")
  let seedPicker = ImagePicker(
    script: [.pick(Image(name: "dog.jpg"))],
    clock: context.clock,
    console: console
  )
  let first = await SeedImagePickerService().pickImage(from: seedPicker)
  console.print("  pickImage returned \(first.map(\.description) ?? "nil")")

  console.print("The seed's service, the user cancels:")
  let cancellingPicker = ImagePicker(script: [.cancel], clock: context.clock, console: console)
  let cancelled = await SeedImagePickerService().pickImage(from: cancellingPicker)
  console.print("  pickImage returned \(cancelled.map(\.description) ?? "nil")")
  console.print("  Bug: a cancel looks like a picked image; the caller would classify it.")

  console.print("The seed's service, a second pick. It crashes, so it runs in a child process:")
  try await runDemoInChildProcess("seed-second-pick", context: context)
  console.print(
    """
      The child's lines come first, then the runtime's: the leak was reported as pick 2
      began, before the picker's line. Bug: `if continuation == nil` kept the old
      continuation and dropped the new one (leaked at once); the next callback then resumed
      the old one a second time.

    """
  )

  console.print("ImagePickerService: always store the new continuation; clear it, then resume it.")
  let picker = ImagePicker(
    script: [
      .pick(Image(name: "dog.jpg")), .pick(Image(name: "cat.jpg")), .cancel,
      .doubleTap(Image(name: "bird.jpg")),
    ],
    clock: context.clock,
    console: console
  )
  let service = ImagePickerService(console: console)
  for pick in 1...4 {
    let image = await service.pickImage(from: picker)
    console.print("  pick \(pick) returned \(image.map(\.description) ?? "nil")")
  }
  console.print(
    """
    Each pick got a fresh continuation, cancel gave nil, and the double tap's second
    callback found no continuation to resume instead of crashing.
    """
  )
}

/// The seed's picker service, picked from twice: a leak, then a fatal double resume.
@MainActor
func demoSeedSecondPick(_ context: LessonContext) async throws {
  let picker = ImagePicker(
    script: [.pick(Image(name: "dog.jpg")), .pick(Image(name: "cat.jpg"))],
    clock: context.clock,
    console: context.console
  )
  let service = SeedImagePickerService()
  let first = await service.pickImage(from: picker)
  context.console.print("pick 1 returned \(first.map(\.description) ?? "nil")")
  _ = await service.pickImage(from: picker)
  context.console.print("pick 2 returned (never printed: the process crashes first)")
}

/// Bug 2 alone: one pick, and the picker's didPick fires twice.
///
/// The first callback resumes the stored continuation and leaves it there, so the second resumes
/// it again: a fatal double resume.
@MainActor
func demoSeedDoubleTap(_ context: LessonContext) async throws {
  let picker = ImagePicker(
    script: [.doubleTap(Image(name: "bird.jpg"))],
    clock: context.clock,
    console: context.console
  )
  _ = await SeedImagePickerService().pickImage(from: picker)
  context.console.print("the pick returned (never printed: the process crashes first)")
}
