// 1.5: the seed's ContentViewModel, rebuilt on async/await. It is @MainActor because a view
// reads it; @Observable so the view knows when to draw again.
import Observation

@MainActor
@Observable
final class ContentViewModel {
  static let noImageCaption = "Select an image to classify"

  private(set) var image: Image?
  private(set) var caption = noImageCaption
  private(set) var isPresentingPicker = false

  @ObservationIgnored private let picker: ImagePicker
  @ObservationIgnored private let pickerService: ImagePickerService
  @ObservationIgnored private let classifier: ImageClassifierService
  /// The work started by the last tap; kept so a script (or a test) can await it.
  @ObservationIgnored private(set) var currentTask: Task<Void, Never>?

  init(picker: ImagePicker, pickerService: ImagePickerService, classifier: ImageClassifierService) {
    self.picker = picker
    self.pickerService = pickerService
    self.classifier = classifier
  }

  // snippet.pick-image
  /// The "Select image" button: synchronous, like a button action, so it starts a task.
  func pickImage() {
    isPresentingPicker = true
    currentTask = Task {
      let picked = await pickerService.pickImage(from: picker)
      isPresentingPicker = false
      // Cancel gives nil: keep the image and caption the user already has.
      guard let picked else { return }
      image = picked
      await classify(picked)
    }
  }
  // snippet.end

  private func classify(_ image: Image) async {
    caption = "Classifying..."
    do {
      caption = try await classifier.classifyImage(image).description
    } catch {
      caption = "Image classification error"
    }
  }
}
