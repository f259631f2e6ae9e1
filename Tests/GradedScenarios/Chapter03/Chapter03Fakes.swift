import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

struct MakeFailure: Error, Equatable {}

/// The `make` of exercise 3a: records each event number it is asked for, and fails at one if
/// told to.
final class EventMaker: Sendable {
  private let failingAt: Int?
  private let numbers = Locked<[Int]>([])

  init(failingAt: Int? = nil) {
    self.failingAt = failingAt
  }

  /// The numbers of the events made so far, in order.
  var made: [Int] { numbers.withLock { $0 } }

  func make(_ number: Int) throws -> String {
    numbers.withLock { $0.append(number) }
    if number == failingAt { throw MakeFailure() }
    return "event \(number)"
  }
}

/// The upstream of exercise 3a: `count` numbers, from 0 up, or the `values` given.
///
/// Each is given once `interval` has passed on `clock` since it was asked for; with an interval of
/// zero each is ready at once, and that upstream never suspends and never looks at a cancel. It
/// throws `failure` at `failingAt` (after its wait), if given.
///
/// It counts the asks that start in a task already cancelled; past `mostAsksAfterTheCancel` it
/// throws `AskedAfterTheCancel`, which stops a producer that would ask for ever.
struct ClockedNumbers: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = any Error

  let count: Int
  let interval: Duration
  let clock: any Clock<Duration>
  var failingAt: Int?
  var failure: any Error = MakeFailure()
  /// The numbers given, in order, in place of 0 up (at least `count` of them).
  var values: [Int]?
  var mostAsksAfterTheCancel = 1_000
  /// Shared by every copy and iterator of this upstream.
  let asksAfterTheCancel = Locked(0)

  struct AsyncIterator: AsyncIteratorProtocol {
    let upstream: ClockedNumbers
    var next = 0

    mutating func next() async throws -> Int? {
      if Task.isCancelled {
        let asks = upstream.asksAfterTheCancel.withLock {
          $0 += 1
          return $0
        }
        if asks > upstream.mostAsksAfterTheCancel {
          throw AskedAfterTheCancel(asks: upstream.mostAsksAfterTheCancel)
        }
      }
      guard next < upstream.count else { return nil }
      if upstream.interval > .zero { try await upstream.clock.sleep(for: upstream.interval) }
      let position = next
      next += 1
      if position == upstream.failingAt { throw upstream.failure }
      return upstream.values?[position] ?? position
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(upstream: self) }

  /// How many asks started in a task already cancelled.
  var askedAfterTheCancel: Int { asksAfterTheCancel.withLock { $0 } }
}

/// Thrown by `ClockedNumbers` at an ask past the most it lets a cancelled producer make.
struct AskedAfterTheCancel: Error, CustomStringConvertible {
  let asks: Int
  var description: String { "the upstream asked more than \(asks) times after the cancel" }
}

/// A manual clock that can run a test's code in the sleeper's own task, after its wait is over
/// and before `sleep` returns to it: the moment "the wait was already over when the cancel came";
/// or inside the sleep's cancellation handler, on the thread that cancels the sleeper.
final class HookedClock: Clock, Sendable {
  typealias Instant = ManualClock.Instant

  let manual = ManualClock()
  private let hook = Locked<(@Sendable () async -> Void)?>(nil)
  private let cancelHook = Locked<(@Sendable () -> Void)?>(nil)

  var now: Instant { manual.now }
  var minimumResolution: Duration { manual.minimumResolution }

  /// Runs `body` once, in the next sleeper to wake, before its `sleep` returns normally.
  func afterNextWake(_ body: @escaping @Sendable () async -> Void) {
    hook.withLock { $0 = body }
  }

  /// Runs `body` once, inside the cancel of the next sleeper cancelled while it waits.
  func whileCancellingASleeper(_ body: @escaping @Sendable () -> Void) {
    cancelHook.withLock { $0 = body }
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await withTaskCancellationHandler {
      try await manual.sleep(until: deadline, tolerance: tolerance)
    } onCancel: { [cancelHook] in
      cancelHook.withLock { $0.take() }?()
    }
    if let body = hook.withLock({ $0.take() }) { await body() }
  }
}

/// Reads a stream on a task of its own and keeps what it read, so that a test can wait for a
/// number of elements, cancel the reader, and see how the stream ended.
final class StreamReader<Element: Sendable>: Sendable {
  private struct State {
    var elements: [Element] = []
    var ended: Result<Void, any Error>?
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Removes and returns the waiters whose count is reached, or all of them once it ended.
    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let ready = waiters.filter { ended != nil || elements.count >= $0.count }
      waiters.removeAll { ended != nil || elements.count >= $0.count }
      return ready.map(\.continuation)
    }
  }

  // Thread safety: all state is behind the lock; waiters are resumed after unlocking.
  private let state = Locked(State())
  private let task = Locked<Task<Void, Never>?>(nil)

  /// Reads `stream` at once, or once `start` fires: a consumer that falls behind.
  init(
    _ stream: AsyncThrowingStream<Element, any Error>,
    startingWhen start: OneShotSignal<Bool>? = nil
  ) {
    let reading = Task { [state] in
      _ = await start?.wait()
      var ending: Result<Void, any Error> = .success(())
      do {
        for try await element in stream {
          let ready = state.withLock { state in
            state.elements.append(element)
            return state.takeSatisfiedWaiters()
          }
          ready.forEach { $0.resume() }
        }
      } catch {
        ending = .failure(error)
      }
      let ready = state.withLock { state in
        state.ended = ending
        return state.takeSatisfiedWaiters()
      }
      ready.forEach { $0.resume() }
    }
    task.withLock { $0 = reading }
  }

  /// What was read so far.
  var elements: [Element] { state.withLock { $0.elements } }

  /// Returns what was read once there are `count` elements or the stream has ended; throws the
  /// stream's error if it ended with one before `count`.
  func waitFor(count: Int) async throws -> [Element] {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.ended != nil || state.elements.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
    let (elements, ended) = state.withLock { ($0.elements, $0.ended) }
    if elements.count < count, case .failure(let error)? = ended { throw error }
    return elements
  }

  /// Waits until the stream has ended, and returns how: normally, or with its error.
  func end() async -> Result<[Element], any Error> {
    await task.withLock { $0 }?.value
    return state.withLock { state in
      switch state.ended {
      case .failure(let error)?: .failure(error)
      default: .success(state.elements)
      }
    }
  }

  /// Cancels the reading task, as a consumer that goes away.
  func cancel() {
    task.withLock { $0 }?.cancel()
  }
}

struct ConnectionClosed: Error {}

/// The connection of exercise 3b: records the beats sent, those sent after it closed, and how
/// often it was closed; it can call back into the test from inside `send` and `close`.
final class RecordingConnection: HeartbeatConnection {
  private struct State {
    var sent: [Int] = []
    var sentAfterClose: [Int] = []
    var closes = 0
  }

  private let state = Locked(State())
  private let held = HeldCall()
  private let heldBeat = Locked<Int?>(nil)
  private let onSend = Locked<(@Sendable (Int) -> Void)?>(nil)
  private let onFirstClose = Locked<(@Sendable () -> Void)?>(nil)

  var sent: [Int] { state.withLock { $0.sent } }
  var sentAfterClose: [Int] { state.withLock { $0.sentAfterClose } }
  var closes: Int { state.withLock { $0.closes } }

  /// Runs `body` inside each `send`, after the beat is recorded, before `send` returns.
  func whileSending(_ body: @escaping @Sendable (Int) -> Void) {
    onSend.withLock { $0 = body }
  }

  /// Runs `body` inside the first `close`, after it is counted, before `close` returns: a
  /// connection that tells its owner it has closed.
  func whileClosing(_ body: @escaping @Sendable () -> Void) {
    onFirstClose.withLock { $0 = body }
  }

  /// Makes the send of `beat` wait, whatever happens meanwhile, until `releaseHeldSend()`.
  func holdSend(of beat: Int) {
    heldBeat.withLock { $0 = beat }
  }

  /// Returns once the held send has begun and is waiting.
  func waitUntilTheHeldSendWaits() async {
    await held.waitUntilItWaits()
  }

  /// Lets the held send return.
  func releaseHeldSend() {
    held.release()
  }

  func send(_ beat: Int) async throws {
    let closed = state.withLock { state -> Bool in
      if state.closes > 0 {
        state.sentAfterClose.append(beat)
        return true
      }
      state.sent.append(beat)
      return false
    }
    if closed { throw ConnectionClosed() }
    onSend.withLock { $0 }?(beat)
    if heldBeat.withLock({ $0 }) == beat { await held.hold() }
  }

  func close() {
    let isFirst = state.withLock { state in
      state.closes += 1
      return state.closes == 1
    }
    if isFirst { onFirstClose.withLock { $0.take() }?() }
  }
}

struct SensorFailure: Error, Equatable {}

/// The sensor of exercise 3c: it answers 20.0, 20.5, 21.0 and on.
///
/// It can fail at one read, or hold one read until the test lets it return.
final class ScriptedTemperatureSource: TemperatureSource {
  private struct State {
    var reads = 0
    var heldReadWasCancelled = false
  }

  private let failingRead: Int?
  private let heldRead: Int?
  private let state = Locked(State())
  private let held = HeldCall()

  /// - Parameters:
  ///   - failingRead: the read (1 for the first) that throws `SensorFailure`.
  ///   - heldRead: the read (1 for the first) that waits for `releaseHeldRead()`.
  init(failingRead: Int? = nil, heldRead: Int? = nil) {
    self.failingRead = failingRead
    self.heldRead = heldRead
  }

  func read() async throws -> Double {
    let number = state.withLock { state in
      state.reads += 1
      return state.reads
    }
    if number == heldRead {
      // A cancel is noted, and the read goes on waiting: a read that does not look.
      await withTaskCancellationHandler {
        await held.hold()
      } onCancel: { [state] in
        state.withLock { $0.heldReadWasCancelled = true }
      }
    }
    if number == failingRead { throw SensorFailure() }
    return 20 + 0.5 * Double(number - 1)
  }

  /// Returns once the held read has begun and is waiting.
  func waitUntilTheHeldReadWaits() async {
    await held.waitUntilItWaits()
  }

  /// Whether the task of the held read was cancelled while it waited.
  var heldReadWasCancelled: Bool { state.withLock { $0.heldReadWasCancelled } }

  /// Lets the held read return its reading.
  func releaseHeldRead() {
    held.release()
  }
}

/// One call held until the test lets it return, whatever happens meanwhile (a cancel too): a
/// send or a read stuck in flight.
final class HeldCall: Sendable {
  private struct State {
    var held: CheckedContinuation<Void, Never>?
    var started: CheckedContinuation<Void, Never>?
    var isWaiting = false
    var released = false
  }

  private let state = Locked(State())

  /// Waits until `release()`.
  func hold() async {
    await withCheckedContinuation { continuation in
      let (started, releasedAlready) = state.withLock { state in
        state.isWaiting = true
        if !state.released { state.held = continuation }
        return (state.started.take(), state.released)
      }
      started?.resume()
      if releasedAlready { continuation.resume() }
    }
  }

  /// Returns once `hold()` has begun and is waiting.
  func waitUntilItWaits() async {
    await withCheckedContinuation { continuation in
      let waiting = state.withLock { state -> Bool in
        if state.isWaiting { return true }
        state.started = continuation
        return false
      }
      if waiting { continuation.resume() }
    }
  }

  /// Lets the held call return.
  func release() {
    state.withLock { state in
      state.released = true
      return state.held.take()
    }?.resume()
  }
}

extension SeededNumbers {
  /// An interval from `lowest` seconds (1 attosecond) to `years` years (of 365 days), as likely
  /// to have any number of digits as any other, most with a part of a nanosecond.
  mutating func chapter03Interval(
    fromSeconds lowest: Double = 1e-18,
    upToYears years: Double
  )
    -> Duration
  {
    let exponent = Double.random(in: log10(lowest)...log10(31_536_000 * years), using: &self)
    let seconds = pow(10, exponent)
    guard seconds >= 1 else {
      return Duration(secondsComponent: 0, attosecondsComponent: max(1, Int64(seconds * 1e18)))
    }
    return Duration(
      secondsComponent: Int64(seconds),
      attosecondsComponent: chance(80)
        ? Int64.random(in: 0..<1_000_000_000_000_000_000, using: &self) : 0
    )
  }
}
