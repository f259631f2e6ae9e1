// 1.5 A view model on the main actor.
// Read with docs/Chapter01-Continuations.md#15-a-view-model-on-the-main-actor
import LessonSupport

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
