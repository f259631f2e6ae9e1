// 1.5 A view model on the main actor.
// Read with docs/Chapter01-Continuations.md#15-a-view-model-on-the-main-actor
import LessonSupport
import Observation

// The seed's ContentViewModel, rebuilt on the wrappers of 1.2 and 1.3. It is @MainActor because
// a view reads it; @Observable so the view knows when to draw again.
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

@MainActor
func runViewModel(_ context: LessonContext) async throws {
  let console = context.console
  console.print("ContentViewModel (@MainActor, @Observable) uses both wrappers; ConsoleContentView")
  console.print("draws each state it sees. Everything runs on the main actor, so no lock is needed")
  console.print("and the drawings come in the order of the awaits.")
  let picker = ImagePicker(
    script: [.pick(Image(name: "dog.jpg")), .cancel, .pick(Image(name: "blank.jpg"))],
    clock: context.clock,
    console: console
  )
  let model = ContentViewModel(
    picker: picker,
    pickerService: ImagePickerService(console: console),
    classifier: ImageClassifierService(clock: context.clock)
  )
  ConsoleContentView(model: model, console: console).appear()

  for tap in ["pick a photo", "change their mind", "pick a photo the classifier cannot read"] {
    console.print("The user taps Select Image to \(tap):")
    model.pickImage()
    await model.currentTask?.value
  }
  console.print("Cancel kept the previous image and caption; a classifier error became a caption.")
}
