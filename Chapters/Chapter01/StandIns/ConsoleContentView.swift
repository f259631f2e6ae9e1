// Stand-in for a SwiftUI view of ContentViewModel (1.5). Like SwiftUI, it draws the current
// state, tracks what it read, and draws again on the main actor's next turn after any of that
// changes.
import LessonSupport
import Observation

@MainActor
final class ConsoleContentView {
  private let model: ContentViewModel
  private let console: Console

  init(model: ContentViewModel, console: Console) {
    self.model = model
    self.console = console
  }

  /// Draws now, and again after every change to what the drawing read.
  func appear() {
    withObservationTracking {
      draw()
    } onChange: {
      // onChange runs before the new value is stored, so draw on the next turn, as SwiftUI does.
      // Several changes made in one turn give one drawing.
      Task { @MainActor in self.appear() }
    }
  }

  private func draw() {
    let image = model.image?.description ?? "none"
    let picker = model.isPresentingPicker ? " | picker shown" : ""
    console.print("  view | image: \(image) | caption: \(model.caption)\(picker)")
  }
}
