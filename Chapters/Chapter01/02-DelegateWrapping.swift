// 1.2 Wrapping a delegate API. Read with docs/Chapter01-Continuations.md#12-wrapping-a-delegate-api
import LessonSupport

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
      Bug: `if continuation == nil` kept the old continuation and dropped the new one
      (leaked at once); the next callback then resumed the old one a second time.

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
