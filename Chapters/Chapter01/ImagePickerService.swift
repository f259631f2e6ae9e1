// 1.2, after: store the continuation on every call, clear it, then resume it. Cancel gives nil.
import LessonSupport

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
