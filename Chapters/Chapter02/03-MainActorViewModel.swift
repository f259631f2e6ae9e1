// 2.3 The view model on the main actor.
// Read with docs/Chapter02-UnfoldingVsPush.md#23-the-view-model-on-the-main-actor
import LessonSupport
import Observation

#if SHOW_ERRORS
// snippet.seed-view-model
// Seed 000's view model before @MainActor (@Observable standing in for @Published). Swift 6.3.1,
// at `Task {`: "error: passing closure as a 'sending' parameter risks causing data races between
// code in the current task and concurrent execution of the closure"
@Observable
final class SeedItemGeneratorViewModel {
  var currentEvent = -1

  func start(_ events: AsyncStream<Int>) {
    Task {
      for await event in events {
        currentEvent = event
      }
    }
  }
}
// snippet.end
#endif

// snippet.unisolated-view-model
/// Seed 000's view model without @MainActor, made to compile.
///
/// Its state is behind a lock, so Swift 6 lets threads share it. Nothing says where its loop runs.
final class UnisolatedItemGeneratorViewModel: Sendable {
  private let event = Locked(-1)
  private let service: ItemGeneratorService
  private let didChange: @Sendable (_ event: Int, _ madeOn: String) -> Void

  init(service: ItemGeneratorService, didChange: @escaping @Sendable (Int, String) -> Void) {
    self.service = service
    self.didChange = didChange
  }

  var currentEvent: Int { event.withLock { $0 } }

  func start() -> Task<Void, Never> {
    Task {  // started from a non-isolated method, so the task runs on no actor
      for await event in service.generateEvents() {
        self.event.withLock { $0 = event }
        didChange(event, isolationName())
      }
    }
  }
}
// snippet.end

/// The actor the calling code runs on, by name: the caller's `#isolation`.
func isolationName(_ isolation: isolated (any Actor)? = #isolation) -> String {
  guard let isolation else { return "no actor" }
  return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

@MainActor
func runMainActorViewModel(_ context: LessonContext) async throws {
  let console = context.console
  console.print("Seed 000's view model without @MainActor; its change says where it was made:")
  let unisolated = UnisolatedItemGeneratorViewModel(
    service: ItemGeneratorService(clock: context.clock)
  ) { event, madeOn in
    console.print("  change | event \(event) | made on \(madeOn)")
  }
  await unisolated.start().value
  console.print(
    """
    Its task runs on the global pool's threads, so that is where currentEvent changes; a SwiftUI
    view reads it on the main thread, hence the seed's "Publishing changes from background
    threads is not allowed". With @MainActor, the task start() creates inherits the main actor.

    The user taps Start and waits:
    """
  )
  // Each stream's onTermination reports why it ended. It runs inside finish() or the cancel, and
  // the loop can see the end before it has run, so the section waits for each stream's reason.
  let (ends, reportEnd) = AsyncStream.makeStream(of: String.self)
  func service() -> ItemGeneratorService {
    ItemGeneratorService(clock: context.clock, count: 2) { reason in
      reportEnd.yield(terminationName(reason))
    }
  }
  func printEnd() async {
    for await reason in ends.prefix(1) {
      console.print("  the stream ended: onTermination(\(reason))")
    }
  }

  let view = ItemGeneratorView(console: console)
  let model = ItemGeneratorViewModel(service: service())
  view.show(model)
  model.start()
  await model.task?.value
  await printEnd()
  let places = Set(model.eventChangesMadeOn)
  console.print("Every event change was made on \(commaSeparated(places.sorted())).")
  console.print("The generator called finish(), so the loop ended: Completed. Start again?")
  model.start()

  console.print()
  console.print("A new model. The user taps Start, then Stop before the first event, then Start:")
  let second = ItemGeneratorViewModel(service: service())
  view.show(second)
  second.start()
  second.stop()  // the task has not run yet: it starts cancelled
  await second.task?.value
  await printEnd()
  second.start()  // a fresh stream, a fresh generator
  await second.task?.value
  await printEnd()

  console.print()
  console.print("A third model; its view goes away right after Start:")
  let third = ItemGeneratorViewModel(service: service())
  view.show(third)
  third.start()
  third.disappear()
  await third.task?.value
  await printEnd()
  third.start()
  console.print(
    """
    Cancelling the consumer ended its stream with .cancelled, and onTermination stopped the
    generator before its first event: nothing keeps producing for a view that is gone.
    Cancelled is terminal.
    """
  )
}

/// How `onTermination` names why a stream ended.
func terminationName(_ reason: AsyncStream<Int>.Continuation.Termination) -> String {
  switch reason {
  case .finished: ".finished"
  case .cancelled: ".cancelled"
  @unknown default: "\(reason)"
  }
}
