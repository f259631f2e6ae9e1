// 3.2 The same log, fixed. Read with docs/Chapter03-Cancellation.md#32-the-same-log-fixed
import LessonSupport

// The fixed service and view model: the stream is finished after the last event, the consumer
// going away cancels the producer, and the producer stops when it is cancelled.

// snippet.fixed-service
/// Finishes the stream after the last event, and stops when the consumer goes away.
@MainActor
final class ItemGeneratorService {
  var task: Task<Void, Never>?
  private let log: Console
  private let clock: any Clock<Duration>

  init(log: Console, clock: any Clock<Duration>) {
    self.log = log
    self.clock = clock
  }

  func generateEvents() -> AsyncStream<Int> {
    AsyncStream { continuation in
      let producer = Task { [log, clock] in
        log.print("ItemGeneratorService.task started")
        for event in 0..<10 {
          do {
            try await clock.sleep(for: eventInterval)
            // A sleep that was already over when the cancel came returns normally: look again.
            try Task.checkCancellation()
          } catch {
            return  // cancelled: no more events (try? would have gone on with the next one)
          }
          log.print("event: \(event)")
          continuation.yield(event)
        }
        continuation.finish()  // the consumer's loop ends after the last event
        log.print("ItemGeneratorService.task ended")
      }
      // The stream ended: its consumer stopped listening, or it finished; stop producing.
      continuation.onTermination = { _ in producer.cancel() }
      task = producer
      log.print("ItemGeneratorService.task initialized")
    }
  }
}
// snippet.end

extension ItemGeneratorService: @MainActor TaskCancellable {}

// snippet.fixed-view-model
/// The same view model, over the fixed service; its task clears itself when its loop ends.
@MainActor
final class ItemGeneratorViewModel {
  private(set) var currentEvent = -1
  /// Told about each event, as a view would be.
  var didShow: ((Int) -> Void)?
  var task: Task<Void, Never>?
  let service: ItemGeneratorService
  private let log: Console

  init(service: ItemGeneratorService, log: Console) {
    self.service = service
    self.log = log
  }

  func start() {
    log.print("ItemGeneratorViewModel.start() called")
    task = Task {
      log.print("ItemGeneratorViewModel.task started")
      for await event in service.generateEvents() {
        currentEvent = event
        didShow?(event)
      }
      log.print("ItemGeneratorViewModel.task ended")
      if !Task.isCancelled { task = nil }  // ended by itself: nothing left for stop() to cancel
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

extension ItemGeneratorViewModel: @MainActor TaskCancellable {}

@MainActor
func runFixedStartStop(_ context: LessonContext) async throws {
  let console = context.console
  let log = Console(isTerminal: false) { console.print("  " + $0.dropLast()) }
  console.print("The same taps with the fixed service and view model:")
  console.print()
  let model = ItemGeneratorViewModel(
    service: ItemGeneratorService(log: log, clock: context.clock),
    log: log
  )
  model.start()
  let loop = model.task
  await waitUntilStarted(model.service)
  await loop?.value  // this time the loop ends by itself
  model.stop()

  console.print()
  console.print("Now the user taps Stop as the view shows event 2, while the events still come.")
  console.print("Before stop(), the log is the first run's, up to event 2. From stop() on:")
  console.print()
  let recorded = Locked<[String]>([])
  let stopped = ItemGeneratorViewModel(
    service: ItemGeneratorService(
      log: Console(isTerminal: false) { line in recorded.withLock { $0.append(line) } },
      clock: context.clock
    ),
    log: Console(isTerminal: false) { line in recorded.withLock { $0.append(line) } }
  )
  stopped.didShow = { [weak stopped] event in
    if event == 2 { stopped?.stop() }  // the user taps Stop as the view shows event 2
  }
  stopped.start()
  let stoppedLoop = stopped.task
  await waitUntilStarted(stopped.service)
  let producer = stopped.service.task
  await stoppedLoop?.value
  await producer?.value
  let lines = recorded.withLock { $0 }.map { String($0.dropLast()) }
  let fromStop = lines.drop { $0 != "ItemGeneratorViewModel.stop() called" }
  fromStop.forEach { log.print($0) }
  let late = fromStop.filter { $0.hasPrefix("event:") }.count
  log.print("# events made after stop() was called: \(late); the producer's task has ended")
  console.print(
    """

    Finishing the stream ends the consumer's loop. stop() cancels both tasks, and
    onTermination cancels the producer whenever its consumer goes away some other way. A
    producer that lets the CancellationError end it, and looks again after each wait, makes
    no event after Stop.
    """
  )
}
