// 2.1 Push streams from a captured continuation.
// Read with docs/Chapter02-UnfoldingVsPush.md#21-push-streams-from-a-captured-continuation
import LessonSupport

@MainActor
func runPushStreams(_ context: LessonContext) async throws {
  let console = context.console
  let view = ItemGeneratorView(console: console)
  console.print(
    """
    ItemGeneratorService.generateEvents() hands the stream's continuation to an ItemGenerator,
    whose handler yields each event: the producer pushes, the view model's for-await loop takes.

    """
  )

  console.print("The user taps Start and waits:")
  let model = ItemGeneratorViewModel(service: ItemGeneratorService(clock: context.clock))
  view.show(model)
  model.start()
  await model.task?.value
  console.print("The generator called finish(), so the loop ended: Completed. Start again?")
  model.start()

  console.print()
  console.print("A new model. The user taps Start, then Stop after event 0, then Start again:")
  let second = ItemGeneratorViewModel(service: ItemGeneratorService(clock: context.clock))
  view.show(second)
  let draw = second.didChange
  var tappedStop = false
  second.didChange = { model in
    draw?(model)
    if !tappedStop && model.currentEvent == 0 {
      tappedStop = true
      model.stop()  // from inside the loop: its own task is cancelled, so the loop ends
    }
  }
  second.start()
  await second.task?.value
  second.start()  // a fresh stream, a fresh generator
  await second.task?.value

  console.print()
  console.print("A third model; its view goes away after event 0:")
  let third = ItemGeneratorViewModel(service: ItemGeneratorService(clock: context.clock))
  view.show(third)
  let drawThird = third.didChange
  third.didChange = { model in
    drawThird?(model)
    if model.currentEvent == 0 && model.status == .running {
      model.disappear()
    }
  }
  third.start()
  await third.task?.value
  third.start()
  console.print(
    """
    Cancelling the consumer ran onTermination, which stopped the generator: nothing keeps
    producing for a view that is gone. Cancelled is terminal.
    """
  )
}
