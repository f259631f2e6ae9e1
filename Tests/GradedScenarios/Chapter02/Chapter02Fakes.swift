import LessonSupport
import ExerciseSupport
import Foundation
import TestTooling

struct ScriptedFailure: Error, Equatable {}

/// A tick source that plays its ticks on a thread of its own, then finishes (or fails); with
/// `endless`, it ticks until stopped; with `quietAfterwards`, it neither ticks nor finishes
/// after its ticks, as a sensor that reports only on change.
final class ScriptedTickSource: TickSource, Sendable {
  private let ticks: [Int]
  private let failure: ScriptedFailure?
  private let endless: Bool
  private let quietAfterwards: Bool
  private let stopped = Locked(false)

  init(
    ticks: [Int] = [],
    failing failure: ScriptedFailure? = nil,
    endless: Bool = false,
    quietAfterwards: Bool = false
  ) {
    self.ticks = ticks
    self.failure = failure
    self.endless = endless
    self.quietAfterwards = quietAfterwards
  }

  var isStopped: Bool { stopped.withLock { $0 } }

  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  ) {
    Thread { [self] in
      if endless {
        var tick = 0
        while !isStopped {
          onTick(tick)
          tick += 1
        }
        return
      }
      for tick in ticks where !isStopped { onTick(tick) }
      if !isStopped && !quietAfterwards { onFinish(failure) }
    }.start()
  }

  func stop() {
    stopped.withLock { $0 = true }
  }
}

/// A source that delivers all its ticks and finishes inside `start`, before the consumer has
/// read any: every one must wait in the stream's buffer.
struct BurstTickSource: TickSource {
  let count: Int

  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  ) {
    for tick in 0..<count { onTick(tick) }
    onFinish(nil)
  }

  func stop() {}
}

/// The page the consumer's `next()` asks for, set by a test around each `next()`: a fetch made
/// in a task the answer started inherits the value of the `next()` that started it.
enum PageRequest {
  @TaskLocal static var number: Int?
}

/// A paged source with fixed pages (then empty ones), that records what was fetched.
final class ScriptedPagedSource: PagedSource, Sendable {
  private let pages: [[String]]
  private let failingPage: Int?
  private let fetched = Locked<[Int]>([])
  private let fetchedDuring = Locked<[(page: Int, request: Int?)]>([])

  init(pages: [[String]], failingPage: Int? = nil) {
    self.pages = pages
    self.failingPage = failingPage
  }

  var fetchedPages: [Int] { fetched.withLock { $0 } }

  /// Each fetch, with the `PageRequest.number` it was made under (nil outside any request).
  var fetchesWithRequests: [(page: Int, request: Int?)] { fetchedDuring.withLock { $0 } }

  func fetchPage(_ number: Int) async throws -> [String] {
    fetched.withLock { $0.append(number) }
    fetchedDuring.withLock { $0.append((number, PageRequest.number)) }
    if number == failingPage { throw ScriptedFailure() }
    return number >= 1 && number <= pages.count ? pages[number - 1] : []
  }
}

// MARK: - Exercise 2a's generated runs

/// The error of a source that fails: which one it is.
struct TickSourceFailed: Error, Equatable {
  let source: String
}

/// A source that gives its ticks on a manual clock, from a task of its own, and tells the test
/// each step it took; it records start() and stop() calls.
final class ClockedTickSource: TickSource, Sendable {
  private struct State {
    var starts = 0
    var stops = 0
    var stopped = false
    /// It called onFinish.
    var finished = false
    /// It will take no more steps.
    var ended = false
    var steps = 0
    var task: Task<Void, Never>?
    var waiters: [(step: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// The answer's onFinish, for a stop() that calls it.
    var onFinish: (@Sendable ((any Error)?) -> Void)?
    /// The answer's onTick, for a stop() that calls it.
    var onTick: (@Sendable (Int) -> Void)?

    mutating func takeReadyWaiters() -> [CheckedContinuation<Void, Never>] {
      let ready = waiters.filter { ended || stopped || steps >= $0.step }
      waiters.removeAll { ended || stopped || steps >= $0.step }
      return ready.map(\.continuation)
    }
  }

  let name: String
  let clock = ManualClock()
  private let plan: TickScenario.Source
  private let state = Locked(State())

  init(_ plan: TickScenario.Source, name: String) {
    self.plan = plan
    self.name = name
  }

  var starts: Int { state.withLock { $0.starts } }
  var stops: Int { state.withLock { $0.stops } }
  var isStopped: Bool { state.withLock { $0.stopped } }
  var hasFinished: Bool { state.withLock { $0.finished } }

  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  ) {
    guard
      state.withLock({ state in
        state.starts += 1
        state.onFinish = onFinish
        state.onTick = onTick
        return state.starts == 1
      })
    else { return }
    for tick in plan.atStart where !isStopped { onTick(tick) }
    let failure = plan.end.failure(source: name)
    if plan.endsInStart {
      if !isStopped { finish(onFinish, failure) }
      return took(ending: true)
    }
    let (clock, plan, begin) = (clock, plan, clock.now)
    let task = Task { [self] in
      var step = 0
      while true {
        step += 1
        do {
          try await clock.sleep(until: begin.advanced(by: plan.interval * step))
        } catch {
          return took(ending: true)  // stopped
        }
        guard !isStopped else { return took(ending: true) }
        if step <= plan.later.count {
          onTick(plan.later[step - 1])
          took(ending: false)
        } else {
          finish(onFinish, failure)
          return took(ending: true)
        }
      }
    }
    state.withLock { $0.task = task }
  }

  func stop() {
    let (task, ready, finish, tick) = state.withLock { state in
      state.stops += 1
      state.stopped = true
      // Only a stop that comes first: the source has not ended, nor been stopped before.
      let first = !state.finished && state.stops == 1
      let finish = plan.finishesInStop && first ? state.onFinish : nil
      let tick = first ? plan.ticksInStop.flatMap { tick in state.onTick.map { ($0, tick) } } : nil
      return (state.task, state.takeReadyWaiters(), finish, tick)
    }
    task?.cancel()
    ready.forEach { $0.resume() }
    // Allowed: no callback comes after stop() returns, but one may come inside it.
    if let tick { tick.0(tick.1) }
    finish?(nil)
  }

  private func finish(_ onFinish: @Sendable ((any Error)?) -> Void, _ failure: (any Error)?) {
    state.withLock { $0.finished = true }
    onFinish(failure)
  }

  private func took(ending: Bool) {
    state.withLock { state in
      state.steps += 1
      if ending { state.ended = true }
      return state.takeReadyWaiters()
    }.forEach { $0.resume() }
  }

  /// Returns once the source has taken `step` steps, or will take no more.
  func waitForStep(_ step: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        state.waiters.append((step, continuation))
        return state.takeReadyWaiters()
      }
      ready.forEach { $0.resume() }
    }
  }

  /// Ends its task, if it still runs, and waits for it.
  func end() async {
    let task = state.withLock { $0.task }
    task?.cancel()
    await task?.value
  }
}

/// A consumer on a task of its own: reads the stream (up to `limit` ticks), lets go of it, and
/// notes what its source was doing then.
final class TickReader: Sendable {
  let task: Task<(got: [Int], ending: (any Error)?, source: String), Never>

  init(_ box: StreamBox<Int>, limit: Int?, source: ClockedTickSource) {
    // Weakly: the test sees whether the answer keeps the source alive.
    task = Task { [weak source] in
      var got: [Int] = []
      var ending: (any Error)?
      var iterator = box.take()?.makeAsyncIterator()
      do {
        while got.count < limit ?? .max, let tick = try await iterator?.next() { got.append(tick) }
      } catch {
        ending = error
      }
      iterator = nil  // the stream is gone now: its onTermination has run
      let state =
        source.map { $0.hasFinished ? "had ended" : $0.isStopped ? "was stopped" : "still ran" }
        ?? "was freed"
      return (got, ending, state)
    }
  }
}

// MARK: - Exercise 2b's generated runs

/// The error of the page that fails.
struct PageFetchFailed: Error, Equatable {
  let page: Int
}

/// A source with a book's pages: records each fetch with the next() it was made for, and holds
/// the one fetch the test asks it to, until the test lets it go on.
final class BookSource: PagedSource {
  private struct Hold {
    var asker: (reader: Int, next: Int)?
    var reached: OneShotSignal<Void>?
    var waiting: CheckedContinuation<Void, Never>?
    var released = false
    /// Fired once the held fetch goes on: whether its task was cancelled by then.
    var wentOn: OneShotSignal<Bool>?
  }

  private let book: PagedScenario.Book
  /// Each fetch: the consumer and next() it was made for, the page, and whether it ran in that
  /// consumer's own task.
  private let fetches = Locked<[(reader: Int?, next: Int?, page: Int, inItsTask: Bool)]>([])
  private let hold = Locked(Hold())

  init(_ book: PagedScenario.Book) {
    self.book = book
  }

  /// Fetches made for `reader`, with the next() (from 1) each was made for.
  func fetched(by reader: Int) -> [(page: Int, next: Int)] {
    fetches.withLock { $0 }.compactMap { fetch in
      guard fetch.reader == reader, let next = fetch.next else { return nil }
      return (fetch.page, next)
    }
  }

  /// Pages fetched for `reader` in a task other than its own (one of their own, say).
  func fetchedInAnotherTask(by reader: Int) -> [Int] {
    fetches.withLock { $0 }.filter { $0.reader == reader && !$0.inItsTask }.map(\.page)
  }

  /// Pages fetched outside any next().
  var fetchedUnasked: [Int] {
    fetches.withLock { $0 }.filter { $0.reader == nil }.map(\.page)
  }

  /// Holds the fetch made for this next() of `reader`, and fires `reached` when it is held and
  /// `wentOn` (whether its task was cancelled) once it goes on.
  func hold(
    _ reader: Int,
    _ next: Int,
    reached: OneShotSignal<Void>,
    wentOn: OneShotSignal<Bool>
  ) {
    hold.withLock { $0 = Hold(asker: (reader, next), reached: reached, wentOn: wentOn) }
  }

  /// Whether a fetch is held now.
  var isHolding: Bool {
    hold.withLock { $0.waiting != nil }
  }

  /// Lets the held fetch go on.
  func release() {
    hold.withLock { hold in
      hold.released = true
      return hold.waiting.take()
    }?.resume()
  }

  func fetchPage(_ number: Int) async throws -> [String] {
    let asker = AskingConsumer.current
    let inItsTask = withUnsafeCurrentTask { $0?.hashValue } == asker?.task
    fetches.withLock { $0.append((asker?.reader, asker?.next, number, inItsTask)) }
    let held = hold.withLock {
      hold -> (reached: OneShotSignal<Void>?, wentOn: OneShotSignal<Bool>?)? in
      guard let wanted = hold.asker, let asker, wanted == (asker.reader, asker.next) else {
        return nil
      }
      hold.asker = nil
      return (hold.reached, hold.wentOn)
    }
    if let held {
      await withCheckedContinuation { continuation in
        let released = hold.withLock { hold in
          if !hold.released { hold.waiting = continuation }
          return hold.released
        }
        held.reached?.fire(())
        if released { continuation.resume() }
      }
      held.wentOn?.fire(Task.isCancelled)
      if book.cancelThrows, Task.isCancelled { throw CancellationError() }
    }
    if number == book.failingPage { throw book.error(of: number) }
    return book.page(number)
  }
}

/// A source with a book's pages, shared by two streams read at once: each fetch of a page waits
/// until both streams have asked for that page, so that two fetches are under way together.
final class PairedBookSource: PagedSource {
  private let book: PagedScenario.Book
  /// For each page, the fetches waiting for the other stream's.
  private let waiting = Locked<[Int: [CheckedContinuation<Void, Never>]]>([:])

  init(_ book: PagedScenario.Book) {
    self.book = book
  }

  func fetchPage(_ number: Int) async throws -> [String] {
    await withCheckedContinuation { continuation in
      let ready = waiting.withLock { waiting -> [CheckedContinuation<Void, Never>] in
        let met = waiting[number, default: []] + [continuation]
        waiting[number] = met.count == 2 ? nil : met
        return met.count == 2 ? met : []
      }
      ready.forEach { $0.resume() }
    }
    if number == book.failingPage { throw book.error(of: number) }
    return book.page(number)
  }
}

// MARK: - Consumers the generated runs drive

/// Holds a stream until its consumer takes it, so that nothing else keeps it.
final class StreamBox<Element: Sendable>: Sendable {
  private let stream: Locked<AsyncThrowingStream<Element, any Error>?>

  init(_ stream: AsyncThrowingStream<Element, any Error>) {
    self.stream = Locked(stream)
  }

  func take() -> AsyncThrowingStream<Element, any Error>? {
    stream.withLock { $0.take() }
  }
}

/// The consumer whose next() runs now, which of its calls it is, and its task (the hash of its
/// `UnsafeCurrentTask`, which tells one live task from another): a fetch made in a task that a
/// next() started inherits them, so the task tells where the fetch runs.
enum AskingConsumer {
  @TaskLocal static var current: (reader: Int, next: Int, task: Int?)?
}

/// A consumer on a task of its own that takes one step when the test says: a next(), with
/// `AskingConsumer` set, or letting go of its stream.
final class StepConsumer<Element: Sendable>: Sendable {
  private let commands: [OneShotSignal<Bool>]  // true: next(); false: leave
  private let replies: [OneShotSignal<Result<Element?, any Error>>]
  private let taken = Locked(0)
  let task: Task<Void, Never>

  /// A consumer of `stream` that takes up to `steps` steps; it alone holds the stream.
  init(reader: Int, steps: Int, stream: AsyncThrowingStream<Element, any Error>) {
    let commands = (0...steps).map { _ in OneShotSignal<Bool>() }
    let replies = (0...steps).map { _ in OneShotSignal<Result<Element?, any Error>>() }
    (self.commands, self.replies) = (commands, replies)
    let box = StreamBox(stream)
    task = Task {
      let ownTask = withUnsafeCurrentTask { $0?.hashValue }
      var iterator = box.take()?.makeAsyncIterator()
      for (index, command) in commands.enumerated() {
        guard await command.wait() else { return }
        let result: Result<Element?, any Error>
        do {
          let element = try await AskingConsumer.$current.withValue((reader, index + 1, ownTask)) {
            try await iterator?.next()
          }
          result = .success(element)
        } catch {
          result = .failure(error)
        }
        replies[index].fire(result)
      }
    }
  }

  /// Starts its next next(); the signal returned gives what it returned.
  func startNext() -> OneShotSignal<Result<Element?, any Error>> {
    let index = taken.withLock { taken in
      defer { taken += 1 }
      return taken
    }
    commands[index].fire(true)
    return replies[index]
  }

  /// The number the next next() will have, from 1.
  var nextNumber: Int { taken.withLock { $0 } + 1 }

  /// Leaves its loop, letting go of the stream, and returns once its task has ended.
  func leave() async {
    commands[taken.withLock { $0 }].fire(false)
    await task.value
  }
}

/// A source of `length` pages, page n holding the one name "n", then empty pages.
struct NumberedPagedSource: PagedSource {
  let length: Int

  func fetchPage(_ number: Int) async throws -> [String] {
    number <= length ? ["\(number)"] : []
  }
}

/// A tick source that gives what the test tells it to: `give(_:)` calls onTick with a tick, then
/// onFinish(nil), on the test's own thread.
final class HeldTickSource: TickSource, Sendable {
  private let callbacks = Locked<
    (tick: @Sendable (Int) -> Void, finish: @Sendable ((any Error)?) -> Void)?
  >(nil)

  func start(
    onTick: @escaping @Sendable (Int) -> Void,
    onFinish: @escaping @Sendable ((any Error)?) -> Void
  ) {
    callbacks.withLock { $0 = (onTick, onFinish) }
  }

  func stop() { callbacks.withLock { $0 = nil } }

  /// Gives `tick`, then the end, if the source was started and not stopped.
  func give(_ tick: Int) {
    guard let (onTick, onFinish) = callbacks.withLock({ $0 }) else { return }
    onTick(tick)
    onFinish(nil)
    callbacks.withLock { $0 = nil }
  }
}

/// A source of `length` pages, each `page`, then an empty page.
struct RepeatedPagedSource: PagedSource {
  let length: Int
  let page: [String]

  func fetchPage(_ number: Int) async throws -> [String] {
    number <= length ? page : []
  }
}
