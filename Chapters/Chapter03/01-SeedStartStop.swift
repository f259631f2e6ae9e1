// 3.1 Seed 000's start and stop. Read with docs/Chapter03-Cancellation.md#31-seed-000s-start-and-stop
import LessonSupport

// The seed's service and view model, with the seed's print lines. Both live on the main actor,
// so each line comes in the order of the awaits that lead to it, never by timing.

// snippet.seed-service
/// The seed's service, as its log shows it: a task of its own yields ten events, never finishing.
@MainActor
final class SeedItemGeneratorService {
  var task: Task<Void, Never>?
  private let log: Console
  private let clock: any Clock<Duration>

  init(log: Console, clock: any Clock<Duration>) {
    self.log = log
    self.clock = clock
  }

  func generateEvents() -> AsyncStream<Int> {
    AsyncStream { continuation in
      task = Task { [log, clock] in
        log.print("ItemGeneratorService.task started")
        for event in 0..<10 {
          try? await clock.sleep(for: eventInterval)
          log.print("event: \(event)")
          continuation.yield(event)
        }
        // No continuation.finish(): the consumer's loop cannot know the events are over.
        log.print("ItemGeneratorService.task ended")
      }
      log.print("ItemGeneratorService.task initialized")
    }
  }
}
// snippet.end

extension SeedItemGeneratorService: @MainActor TaskCancellable {}

// snippet.seed-view-model
/// The seed's view model: start() runs a loop over the service's stream in a stored task.
@MainActor
final class SeedItemGeneratorViewModel {
  private(set) var currentEvent = -1
  var task: Task<Void, Never>?
  let service: SeedItemGeneratorService
  private let log: Console

  init(service: SeedItemGeneratorService, log: Console) {
    self.service = service
    self.log = log
  }

  func start() {
    log.print("ItemGeneratorViewModel.start() called")
    task = Task {
      log.print("ItemGeneratorViewModel.task started")
      for await event in service.generateEvents() {
        currentEvent = event
      }
      log.print("ItemGeneratorViewModel.task ended")
    }
    log.print("ItemGeneratorViewModel.task initialized")
    log.print("ItemGeneratorViewModel.start() ended")
  }

  func stop() {
    log.print("ItemGeneratorViewModel.stop() called")
    cancelTask(loggingAs: "ItemGeneratorViewModel", to: log)
    service.cancelTask(loggingAs: "ItemGeneratorService", to: log)
    log.print("ItemGeneratorViewModel.stop() ended")
  }
}
// snippet.end

extension SeedItemGeneratorViewModel: @MainActor TaskCancellable {}

/// How far apart the events come (the seed waited 2 s; ten of those would be a long wait here).
let eventInterval = Duration.milliseconds(300)

@MainActor
func runSeedStartStop(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    The user taps Start, waits for all ten events, then taps Stop. Seed 000's log, line for
    line (the lines after # are this tutorial's notes):

    """
  )
  let log = Console(isTerminal: false) { console.print("  " + $0.dropLast()) }
  let model = SeedItemGeneratorViewModel(
    service: SeedItemGeneratorService(log: log, clock: context.clock),
    log: log
  )
  model.start()
  let loop = model.task
  await waitUntilStarted(model.service)
  await model.service.task?.value  // the last event is out, and the producer's task has ended
  console.print("  # the producer is done, but the view model's loop still waits: nobody said so")
  model.stop()
  await loop?.value
  console.print(
    """

    The loop ended only because Stop cancelled its task: the stream was never finished, so
    without Stop it would have waited forever, holding the view model and the service.
    """
  )
}
