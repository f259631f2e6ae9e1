// 3.6 What keeps objects alive.
// Read with docs/Chapter03-Cancellation.md#36-what-keeps-objects-alive
import LessonSupport

// snippet.popover-model
/// The model behind a popover that counts ticks while it is shown.
@MainActor
final class PopoverModel {
  private(set) var lastTick = 0
  private(set) var task: Task<Void, Never>?
  private let ticks: AsyncStream<Int>
  private let log: Console

  init(ticks: AsyncStream<Int>, log: Console) {
    self.ticks = ticks
    self.log = log
  }

  deinit {
    log.print("PopoverModel deinit")
  }

  /// A plain `Task { }` started when the popover appears.
  ///
  /// The task captures self, and its loop waits for the next tick as long as the stream goes on.
  func appear() {
    task = Task {
      for await tick in ticks {
        lastTick = tick
      }
    }
  }

  /// `[weak self]`: the task no longer keeps the model alive, but its loop still waits for ticks.
  func appearHoldingSelfWeakly() {
    task = Task { [weak self, ticks] in
      for await tick in ticks {
        self?.lastTick = tick
      }
    }
  }

  /// The fix: cancel the stored task when the popover goes away (SwiftUI's .task does this).
  func disappear() {
    task?.cancel()
  }
}
// snippet.end

// snippet.ticker
/// A source of ticks that keeps its stream's continuation, and stops when the stream ends.
final class Ticker: Sendable {
  private let name: String
  private let log: Console
  // Thread safety: the continuation is behind the lock; onTermination may run on any thread.
  private let continuation = Locked<AsyncStream<Int>.Continuation?>(nil)

  init(name: String, log: Console) {
    self.name = name
    self.log = log
  }

  deinit {
    log.print("\(name) deinit")
  }

  /// The stream of ticks; `weakly` says how its onTermination refers back to this ticker.
  func ticks(weakly: Bool) -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    if weakly {
      continuation.onTermination = { [weak self] _ in self?.stop() }
    } else {
      // A cycle: self keeps the continuation, which keeps this closure, which keeps self.
      continuation.onTermination = { _ in self.stop() }
    }
    self.continuation.withLock { $0 = continuation }
    return stream
  }

  func tick(_ number: Int) {
    continuation.withLock { $0 }?.yield(number)
  }

  func stop() {
    continuation.withLock { $0 = nil }
  }
}
// snippet.end

@MainActor
func runKeepingObjectsAlive(_ context: LessonContext) async throws {
  let console = context.console
  let log = Console(isTerminal: false) { console.print("  " + $0.dropLast()) }

  console.print("1. A popover starts a task on appear; the user closes it after tick 3:")
  let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
  var popover: PopoverModel? = PopoverModel(ticks: ticks, log: log)
  weak let closed = popover
  popover?.appear()
  for tick in 1...5 {
    ticker.yield(tick)
    await waitUntil { closed?.lastTick == tick }
    if tick == 3 { popover = nil }  // the popover is gone: nobody refers to its model any more
  }
  console.print(
    """
      The popover closed after tick 3, yet its model saw tick \(closed?.lastTick ?? 0): its task
      holds it, and waits for the next tick for as long as the ticks go on.
    """
  )
  let leaked = closed?.task
  ticker.finish()  // only the end of the ticks ends that loop; then the model goes
  await leaked?.value
  console.print()

  console.print("With [weak self] the task does not hold the model. The user closes the popover")
  console.print("after tick 1:")
  let (weakTicks, weakTicker) = AsyncStream.makeStream(of: Int.self)
  weakTicker.onTermination = { _ in
    log.print("the ticks' onTermination runs: the loop is cancelled")
  }
  var weakPopover: PopoverModel? = PopoverModel(ticks: weakTicks, log: log)
  weak let weaklyHeld = weakPopover
  weakPopover?.appearHoldingSelfWeakly()
  weakTicker.yield(1)
  await waitUntil { weaklyHeld?.lastTick == 1 }
  let stillRunning = weakPopover?.task
  weakPopover = nil  // freed at once: the task holds it weakly
  weakTicker.yield(2)
  log.print("the model is gone; its task still waits in for await, for ticks nobody shows")
  stillRunning?.cancel()
  await stillRunning?.value
  log.print("the task ended")
  console.print()

  console.print("The fix: the popover's disappear() cancels the task.")
  let (moreTicks, moreTicker) = AsyncStream.makeStream(of: Int.self)
  var fixed: PopoverModel? = PopoverModel(ticks: moreTicks, log: log)
  fixed?.appear()
  moreTicker.yield(1)
  let task = fixed?.task
  fixed?.disappear()
  await task?.value
  console.print("  the task ended; the popover lets go of its model:")
  fixed = nil
  console.print()

  console.print("2. A ticker whose stream's onTermination captures self. A screen keeps the")
  console.print("   stream and reads one tick; then the ticker's owner lets go of it:")
  for weakly in [false, true] {
    let name = weakly ? "[weak self] ticker" : "self-capturing ticker"
    var owner: Ticker? = Ticker(name: name, log: log)
    weak let probe = owner
    var keptByTheScreen = owner?.ticks(weakly: weakly)
    owner?.tick(1)
    if let stream = keptByTheScreen {
      for await _ in stream { break }
    }
    owner = nil
    if probe != nil {
      console.print("  \(name): still alive, in a cycle: self, continuation, onTermination, self")
      console.print("  the screen lets go of the stream, which cancels it; onTermination runs:")
    }
    keptByTheScreen = nil
  }
  console.print(
    """
    A closure in onTermination that holds self keeps self for as long as anyone keeps the
    stream, even after every owner has let go. [weak self] holds nothing.
    """
  )
}
