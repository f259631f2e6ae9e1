// 1.2, before: the seed's first ImagePickerService, kept with its three bugs because they are
// the lesson. Never copy this one; ImagePickerService.swift is the fix.

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
