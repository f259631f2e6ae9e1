// Stand-in for UIImagePickerController: shown, it waits for the (scripted) user, then
// reports through its delegate. Like UIKit, it lives on the main actor.
import LessonSupport

/// What the scripted user does each time the picker is shown.
enum PickerAction: Sendable {
  case pick(Image)
  case cancel
  /// A double tap: a buggy picker reports the same pick twice.
  case doubleTap(Image)
}

/// The delegate protocol, shaped like UIImagePickerControllerDelegate.
@MainActor
protocol ImagePickerDelegate: AnyObject {
  func imagePicker(_ picker: ImagePicker, didPick image: Image)
  func imagePickerDidCancel(_ picker: ImagePicker)
}

@MainActor
final class ImagePicker {
  /// How long the scripted user takes to choose.
  static let thinkingTime = Duration.milliseconds(600)

  private var script: [PickerAction]
  private let clock: any Clock<Duration>
  private let console: Console

  init(script: [PickerAction], clock: any Clock<Duration>, console: Console) {
    self.script = script
    self.clock = clock
    self.console = console
  }

  /// Shows the picker; the delegate hears about the user's choice `thinkingTime` later.
  func present(delegate: any ImagePickerDelegate) {
    let action = script.isEmpty ? .cancel : script.removeFirst()
    Task {
      do {
        try await clock.sleep(for: Self.thinkingTime)  // the user looks through the photos
      } catch {
        delegate.imagePickerDidCancel(self)  // dismissed: a picker always reports something
        return
      }
      perform(action, delegate: delegate)
    }
  }

  private func perform(_ action: PickerAction, delegate: any ImagePickerDelegate) {
    switch action {
    case .pick(let image):
      console.print("  picker: the user picks \(image)")
      delegate.imagePicker(self, didPick: image)
    case .cancel:
      console.print("  picker: the user taps Cancel")
      delegate.imagePickerDidCancel(self)
    case .doubleTap(let image):
      console.print("  picker: the user double-taps \(image), and didPick fires twice")
      delegate.imagePicker(self, didPick: image)
      delegate.imagePicker(self, didPick: image)
    }
  }
}
