// 3.3 The seed's traps. Read with docs/Chapter03-Cancellation.md#33-the-seeds-traps
import LessonSupport

// snippet.seed-generator
/// Seed 000's generator: it checks for a handler before each item, so stop() ends its loop.
@MainActor
final class SeedItemGenerator {
  private var handler: ((Int) async -> Void)?

  init(handler: @escaping (Int) async -> Void) {
    self.handler = handler
  }

  func start() async {
    for item in 0..<10 {
      guard let handler else { return }  // stop() was called
      await handler(item)
    }
  }

  func stop() {
    handler = nil
  }
}
// snippet.end

/// A service that keeps its generator in a property, as the seed's did.
@MainActor
final class GeneratorHolder {
  var generator: SeedItemGenerator?
}

@MainActor
func runSeedTraps(_ context: LessonContext) async throws {
  let console = context.console
  let log = Console(isTerminal: false) { console.print("  " + $0.dropLast()) }

  console.print("1. try? await clock.sleep, in seed 000's service. The consumer reads events until")
  console.print("   event 2, then cancels the service's task and stops listening:")
  let recorded = Locked<[String]>([])
  let service = SeedItemGeneratorService(
    log: Console(isTerminal: false) { line in recorded.withLock { $0.append(line) } },
    clock: context.clock
  )
  let consumer = Task {
    for await event in service.generateEvents() where event == 2 {
      recorded.withLock { $0.append("# Stop\n") }
      service.cancelTask()
      break
    }
  }
  await waitUntilStarted(service)
  let producer = service.task
  await consumer.value
  await producer?.value
  // Events 3 to 9 come after the cancel: name the last one made rather than list them.
  let afterStop = recorded.withLock { $0 }.drop { $0 != "# Stop\n" }
  let made = afterStop.filter { $0.hasPrefix("event:") }.map { $0.dropFirst(7).dropLast() }
  log.print(
    "# after the cancel, the producer still made every event left, up to \(made.last ?? "")"
  )
  log.print(String(afterStop.last?.dropLast() ?? ""))
  console.print(
    """

    After the cancel, each sleep threw CancellationError at once, try? threw it away, and
    the loop went on to the next event without a pause. Nobody was listening any more, but
    the work was done.

    2. generator = nil: the seed's stopEventGeneration() dropped the service's reference.

    """
  )
  await runGenerator(clock: context.clock, log: log, atEvent2: "generator = nil") {
    $0.generator = nil
  }
  console.print(
    """

    Nothing stopped: start() was already running, and its loop still uses the generator.
    Dropping a reference stops nothing. With generator.stop() instead:

    """
  )
  await runGenerator(clock: context.clock, log: log, atEvent2: "generator.stop()") {
    $0.generator?.stop()
  }
  console.print("The loop saw no handler before event 3, and returned.")
}

/// Runs a seed generator, kept by a holder, whose handler does `action` at event 2.
@MainActor
func runGenerator(
  clock: any Clock<Duration>,
  log: Console,
  atEvent2 name: String,
  action: @escaping @MainActor (GeneratorHolder) -> Void
) async {
  let holder = GeneratorHolder()
  holder.generator = SeedItemGenerator { event in
    try? await clock.sleep(for: eventInterval)
    log.print("event: \(event)")
    if event == 2 {
      log.print("# \(name)")
      action(holder)
    }
  }
  await holder.generator?.start()
}
