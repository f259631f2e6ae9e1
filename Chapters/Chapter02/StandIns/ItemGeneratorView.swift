// Stand-in for seed 000's SwiftUI ItemGeneratorView: a console line for each state it is shown.
import LessonSupport

@MainActor
struct ItemGeneratorView {
  let console: Console

  /// Connects the view to `model`; from now on every change is drawn.
  func show(_ model: ItemGeneratorViewModel) {
    model.didChange = { draw($0) }
    model.didReject = { action, state in
      console.print("  view | \(action) ignored: not allowed while \(state.rawValue)")
    }
    draw(model)
  }

  private func draw(_ model: ItemGeneratorViewModel) {
    console.print("  view | event \(model.currentEvent) | \(model.status.rawValue)")
  }
}
