import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// Exercise 1.3 graded by its statement: generated timeouts (1 ns to an hour) and readers that call
// back never, once or twice, with a barcode or an error, inside `readBarcode` itself, while the
// timer waits, or after the timeout, on a manual clock the test moves.

/// One read, as the grade generates it.
struct BarcodeScenario: GradedScenario {
  enum Moment: String, Equatable, Sendable {
    case insideReadBarcode = "inside readBarcode"
    case whileTheTimerWaits = "while the timer waits"
    case afterTheTimeout = "after the timeout"
  }

  struct Callback: Equatable, Sendable, CustomStringConvertible {
    var moment: Moment
    /// A barcode's value, or nil for a `BarcodeReadError`.
    var value: String?

    var description: String {
      (value.map { "Barcode \"\($0)\"" } ?? "BarcodeReadError(blurred)") + " " + moment.rawValue
    }
  }

  var timeout: Duration
  var callbacks: [Callback]
  /// How far past the timer's deadline the test moves the clock when the timeout comes.
  var lateBy: Duration = .zero

  var size: Int { callbacks.count + (lateBy == .zero ? 0 : 1) }

  var description: String {
    "readBarcodeOnce(timeout: \(spelled(timeout))), the reader calling back "
      + (callbacks.isEmpty ? "never" : callbacks.map(\.description).joined(separator: ", then "))
      + (lateBy == .zero ? "" : ", the clock moving \(spelled(lateBy)) past the timer's deadline")
  }

  var smaller: [BarcodeScenario] {
    var candidates = callbacks.eachWithOneLeftOut.map {
      BarcodeScenario(timeout: timeout, callbacks: $0, lateBy: lateBy)
    }
    if timeout != .seconds(1) {
      candidates.append(BarcodeScenario(timeout: .seconds(1), callbacks: callbacks, lateBy: lateBy))
    }
    if lateBy != .zero {
      candidates.append(BarcodeScenario(timeout: timeout, callbacks: callbacks))
    }
    return candidates
  }
}

/// What the read gave, and whether its timer was still waiting once a callback had won.
struct BarcodeOutcome: Equatable, CustomStringConvertible {
  var result: String
  var timerLeftWaiting: Bool

  var description: String {
    result
      + (timerLeftWaiting ? ", and the timer still waited after the winning callback returned" : "")
  }
}

private func spelledResult(_ callback: BarcodeScenario.Callback) -> String {
  callback.value.map { "returned Barcode \"\($0)\"" } ?? "threw BarcodeReadError(blurred)"
}

/// The statement of exercise 1.3, as a program: the first callback before the timeout wins;
/// otherwise the timeout does.
func barcodeModel(_ scenario: BarcodeScenario) -> BarcodeOutcome {
  let first = scenario.callbacks.first { $0.moment != .afterTheTimeout }
  return BarcodeOutcome(
    result: first.map(spelledResult)
      ?? "threw BarcodeReadTimeout(after: \(spelled(scenario.timeout)))",
    timerLeftWaiting: false
  )
}

/// A reader the test drives: it calls back at once the callbacks the scenario makes inside
/// `readBarcode`, and keeps its completion for the test to call the others.
private final class DrivenReader: BarcodeReading {
  private let inside: [BarcodeScenario.Callback]
  private let completion = Locked<(@Sendable (Result<Barcode, BarcodeReadError>) -> Void)?>(nil)
  let asked = OneShotSignal<Bool>()

  init(inside: [BarcodeScenario.Callback]) {
    self.inside = inside
  }

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    self.completion.withLock { $0 = completion }
    inside.forEach { call($0, with: completion) }
    asked.fire(true)
  }

  func callBack(_ callback: BarcodeScenario.Callback) {
    guard let completion = completion.withLock({ $0 }) else { return }
    call(callback, with: completion)
  }

  private func call(
    _ callback: BarcodeScenario.Callback,
    with completion: @Sendable (Result<Barcode, BarcodeReadError>) -> Void
  ) {
    completion(
      callback.value.map { .success(Barcode(value: $0)) }
        ?? .failure(BarcodeReadError(reason: "blurred"))
    )
  }
}

/// Runs `scenario` on the answer's `readBarcodeOnce`, with a manual clock the test moves.
func barcodeAnswer(_ scenario: BarcodeScenario) async throws -> BarcodeOutcome {
  let clock = ManualClock()
  // The callbacks inside readBarcode come first, whatever their place in the list.
  let inside = scenario.callbacks.filter { $0.moment == .insideReadBarcode }
  let reader = DrivenReader(inside: inside)
  let read = Task {
    try await readBarcodeOnce(with: reader, timeout: scenario.timeout, clock: clock)
  }
  let ended = Task {
    _ = await read.result; reader.asked.fire(false)
  }
  _ = await reader.asked.wait()
  var timerLeftWaiting = false
  var timedOut = false
  for callback in scenario.callbacks where callback.moment != .insideReadBarcode {
    await clock.waitForASleeper(orTheEndOf: read)
    if callback.moment == .afterTheTimeout, !timedOut, let deadline = clock.sleeperDeadlines.first {
      clock.advance(by: clock.now.duration(to: deadline) + scenario.lateBy)
      timedOut = true
      _ = await read.result
    }
    let timerWaited = clock.sleeperCount > 0
    reader.callBack(callback)
    // The callback that wins cancels the timer before it returns.
    if timerWaited, callback.moment == .whileTheTimerWaits, clock.sleeperCount > 0 {
      timerLeftWaiting = true
    }
  }
  await clock.waitForASleeper(orTheEndOf: read)
  if let deadline = clock.sleeperDeadlines.first {
    clock.advance(by: clock.now.duration(to: deadline) + scenario.lateBy)
  }
  _ = await ended.value
  let result: String
  switch await read.result {
  case .success(let barcode): result = "returned Barcode \"\(barcode.value)\""
  case .failure(let error as NotImplemented): throw error
  case .failure(let error as BarcodeReadError): result = "threw BarcodeReadError(\(error.reason))"
  case .failure(let error as BarcodeReadTimeout):
    result = "threw BarcodeReadTimeout(after: \(spelled(error.timeout)))"
  case .failure(let error): result = "threw \(error)"
  }
  return BarcodeOutcome(result: result, timerLeftWaiting: timerLeftWaiting)
}

/// The reads exercise 1.3 is graded on: a fixed list, from a fixed seed.
func barcodeScenarios(count: Int, seed: UInt64) -> [BarcodeScenario] {
  var numbers = SeededNumbers(seed: seed)
  // A stream of its own, so that the other choices stay what they were for this seed.
  var lateness = SeededNumbers(seed: seed &+ 1)
  return (0..<count).map { _ in
    let timeout = numbers.pick([
      Duration.nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(30),
      .seconds(3_600),
    ])
    var callbacks = (0..<numbers.pick([0, 1, 1, 2, 2, 2])).map { _ in
      BarcodeScenario.Callback(
        moment: numbers.pick([
          .insideReadBarcode, .whileTheTimerWaits, .whileTheTimerWaits, .afterTheTimeout,
        ]),
        value: numbers.chance(70)
          ? numbers.pick(["4006381333931", "978-3-16", "", "QR:hello"]) : nil
      )
    }
    // Inside readBarcode comes before anything the test does, and the timeout before what follows it.
    let order: [BarcodeScenario.Moment] = [
      .insideReadBarcode, .whileTheTimerWaits, .afterTheTimeout,
    ]
    callbacks.sort { order.firstIndex(of: $0.moment) ?? 0 < order.firstIndex(of: $1.moment) ?? 0 }
    let lateBy = lateness.pick([
      Duration.zero, .zero, .zero, .nanoseconds(1), .seconds(1), .seconds(3_600),
    ])
    return BarcodeScenario(timeout: timeout, callbacks: callbacks, lateBy: lateBy)
  }
}
