import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 1c graded by its statement: generated timeouts (zero or less, 1 ns to an hour, a day
// to just under 2^61 s) and readers that call back never, once or twice, with a barcode or an
// error, inside `readBarcode` itself, while the timer waits, or after the timeout, on a manual
// clock the test moves; now and then the caller's task is cancelled while the timer waits; readers
// that answer a cancelRead() at once, from inside it, or not at all.

/// One read, as the grade generates it.
struct BarcodeScenario: GradedScenario {
  enum Moment: String, Equatable, Sendable {
    case insideReadBarcode = "inside readBarcode"
    case whileTheTimerWaits = "while the timer waits"
    case afterTheTimeout = "after the timeout"
  }

  struct Callback: Equatable, Sendable, CustomStringConvertible {
    var moment: Moment
    /// A barcode's value, or nil for a `BarcodeReadError` with `reason`.
    var value: String?
    var reason = "blurred"

    var description: String {
      (value.map { "Barcode \(quotedScalars($0))" } ?? "BarcodeReadError(\(shownReason(reason)))")
        + " "
        + moment.rawValue
    }
  }

  var timeout: Duration
  var callbacks: [Callback]
  /// How far past the timer's deadline the test moves the clock when the timeout comes.
  var lateBy: Duration = .zero
  /// The caller's task is cancelled once the reader was asked and the timer waits.
  var callerCancelled = false
  /// The caller's task is cancelled before it calls `readBarcodeOnce`.
  var cancelledBeforeTheCall = false
  /// The reader answers `cancelRead()` at once, from inside it, with a "cancelled" error.
  var answersACancel = false
  /// The caller's task is cancelled while `readBarcode` runs (before the callbacks inside it).
  var cancelledInsideReadBarcode = false

  var size: Int {
    callbacks.count + (lateBy == .zero ? 0 : 1) + (callerCancelled ? 1 : 0)
      + (cancelledBeforeTheCall ? 1 : 0) + (answersACancel ? 1 : 0)
      + (cancelledInsideReadBarcode ? 1 : 0)
  }

  var description: String {
    "readBarcodeOnce(timeout: \(spelled(timeout))), "
      + (callerCancelled ? "its caller's task cancelled while the timer waits, " : "")
      + (cancelledBeforeTheCall ? "its caller's task cancelled before the call, " : "")
      + (cancelledInsideReadBarcode ? "its caller's task cancelled while readBarcode runs, " : "")
      + "the reader calling back "
      + (callbacks.isEmpty ? "never" : callbacks.map(\.description).joined(separator: ", then "))
      + (lateBy == .zero ? "" : ", the clock moving \(spelled(lateBy)) past the timer's deadline")
      + (answersACancel
        ? "; the reader answers a cancelRead() at once, from inside it, with "
          + "BarcodeReadError(\"cancelled\")" : "")
  }

  var smaller: [BarcodeScenario] {
    var candidates = callbacks.eachWithOneLeftOut.map { with(\.callbacks, $0) }
    if timeout != .seconds(1) { candidates.append(with(\.timeout, .seconds(1))) }
    if lateBy != .zero { candidates.append(with(\.lateBy, .zero)) }
    if callerCancelled { candidates.append(with(\.callerCancelled, false)) }
    if cancelledBeforeTheCall { candidates.append(with(\.cancelledBeforeTheCall, false)) }
    if answersACancel { candidates.append(with(\.answersACancel, false)) }
    if cancelledInsideReadBarcode {
      candidates.append(with(\.cancelledInsideReadBarcode, false))
    }
    return candidates
  }

  private func with<Value>(_ part: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
    var copy = self
    copy[keyPath: part] = value
    return copy
  }
}

/// What the read gave, and whether its timer was still waiting once a callback had won.
struct BarcodeOutcome: Equatable, CustomStringConvertible {
  var result: String
  var timerLeftWaiting: Bool
  /// The timer stopped as the caller's task was cancelled, and the call had not ended: the test
  /// called back to end it.
  var waitedOnWithoutATimer = false
  /// What the timer did otherwise than wait for the timeout, if anything.
  var timerWaitedOtherwise: String?
  /// How many times the answer called `readBarcode`: the messages say it when more than once,
  /// and outcomes are compared without it (what the call gives tells a second read's effect).
  var reads = 1
  /// How many times the read was stopped with `cancelRead()`.
  var readCancels = 0
  /// A `cancelRead()` came only after the call had been given its result (it was resumed).
  var cancelledAfterTheEnd = false

  static func == (first: Self, second: Self) -> Bool {
    (first.result, first.timerLeftWaiting, first.waitedOnWithoutATimer, first.timerWaitedOtherwise)
      == (
        second.result, second.timerLeftWaiting, second.waitedOnWithoutATimer,
        second.timerWaitedOtherwise
      )
      && (first.readCancels, first.cancelledAfterTheEnd)
        == (second.readCancels, second.cancelledAfterTheEnd)
  }

  var description: String {
    if waitedOnWithoutATimer {
      return "the timer stopped as the caller's task was cancelled, and the call went on waiting "
        + "for the reader, with no timeout left to end it (the test called back to end it)"
    }
    return result
      + (timerLeftWaiting ? ", and the timer still waited once a callback had returned" : "")
      + (timerWaitedOtherwise.map { ", and \($0)" } ?? "")
      + (reads > 1 ? ", and readBarcode was called \(reads) times" : "")
      + stops
  }

  /// What became of the read: stopped, left going, or stopped more than once.
  private var stops: String {
    guard !result.contains("no read started") else { return "" }  // the result says it
    let after = cancelledAfterTheEnd ? ", only once the call had its result" : ""
    switch readCancels {
    case 0:
      let withoutAResult = ["threw BarcodeReadTimeout", "threw CancellationError"]
      return withoutAResult.contains { result.hasPrefix($0) } ? ", the read left going" : ""
    case 1: return ", the read stopped with cancelRead()" + after
    default: return ", cancelRead() called \(readCancels) times" + after
    }
  }
}

private func spelledResult(_ callback: BarcodeScenario.Callback) -> String {
  guard let value = callback.value else {
    return "threw BarcodeReadError(\(shownReason(callback.reason)))"
  }
  return "returned Barcode \(quotedScalars(value))"
}

/// A reader's reason as the messages show it: as `escapedText`, with the scalars no one sees
/// escaped too (see `escapingInvisibles`).
func shownReason(_ reason: String) -> String {
  escapingInvisibles(escapedText(reason))
}

/// The statement of exercise 1c, as a program: the first callback before the timeout wins;
/// otherwise the timeout does, and stops the read first.
func barcodeModel(_ scenario: BarcodeScenario) -> BarcodeOutcome {
  let first = scenario.callbacks.first { $0.moment != .afterTheTimeout }
  return BarcodeOutcome(
    result: first.map(spelledResult)
      ?? "threw BarcodeReadTimeout(after: \(spelled(scenario.timeout)))",
    timerLeftWaiting: false,
    readCancels: first == nil ? 1 : 0
  )
}

/// A reader the test drives: it calls back at once the callbacks the scenario makes inside
/// `readBarcode`, and keeps its completion for the test to call the others.
///
/// The scenario's callbacks are one read's: a second call of `readBarcode` is a read that has
/// given nothing yet, whose completion the test's later callbacks go to.
final class DrivenReader: BarcodeReading {
  private struct Stops {
    var count = 0
    var afterTheEnd = false
    var callEnded = false
  }

  private let inside: [BarcodeScenario.Callback]
  private let answersACancel: Bool
  private let completion = Locked<(@Sendable (Result<Barcode, BarcodeReadError>) -> Void)?>(nil)
  private let readCount = Locked(0)
  private let stops = Locked(Stops())
  let asked = OneShotSignal<Bool>()
  /// Runs the reading task, to see a `cancelRead()` that comes after its resume.
  let watch = ResumeWatch()

  private let cancelsTheCaller: Bool

  init(
    inside: [BarcodeScenario.Callback],
    answersACancel: Bool = false,
    cancelsTheCaller: Bool = false
  ) {
    self.inside = inside
    self.answersACancel = answersACancel
    self.cancelsTheCaller = cancelsTheCaller
  }

  /// How many times `readBarcode` was called.
  var reads: Int { readCount.withLock { $0 } }
  /// How many times `cancelRead()` was called.
  var cancels: Int { stops.withLock { $0.count } }
  /// Whether a `cancelRead()` came after the reading task was resumed, or had ended.
  var cancelledAfterTheEnd: Bool { stops.withLock { $0.afterTheEnd } }

  /// Says that the call under test has returned or thrown.
  func callEnded() {
    stops.withLock { $0.callEnded = true }
  }

  func cancelRead() {
    stops.withLock { stops in
      stops.count += 1
      if stops.callEnded || watch.resumedSinceTheRead { stops.afterTheEnd = true }
    }
    guard answersACancel, let completion = completion.withLock({ $0 }) else { return }
    completion(.failure(BarcodeReadError(reason: "cancelled")))
  }

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    watch.readBegan()
    self.completion.withLock { $0 = completion }
    let first = readCount.withLock { count in
      count += 1
      return count == 1
    }
    // The caller's task runs this call: a cancel here is one while readBarcode runs.
    if first, cancelsTheCaller { withUnsafeCurrentTask { $0?.cancel() } }
    if first { inside.forEach { call($0, with: completion) } }
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
        ?? .failure(BarcodeReadError(reason: callback.reason))
    )
  }
}

/// The reads exercise 1c is graded on: a fixed list, from a fixed seed.
func barcodeScenarios(count: Int, seed: UInt64) -> [BarcodeScenario] {
  // From seeds of their own, so that the reads above stay as they were: values and reasons as a
  // reader may give them (spaces and line breaks at the ends, long, empty, beyond ASCII).
  var texts = SeededNumbers(seed: seed &+ 5)
  let later = drawnReads(count: count / 6, seed: seed &+ 6).map { read in
    var read = read
    for index in read.callbacks.indices {
      read.callbacks[index].value = read.callbacks[index].value.map {
        oddText($0, using: &texts)
      }
      read.callbacks[index].reason = oddText(read.callbacks[index].reason, using: &texts)
    }
    return read
  }
  // Timeouts of days, years and far more (a caller's "no limit"), and reasons that speak of a
  // cancel (a reader's failure all the same), from seeds of their own.
  var longer = SeededNumbers(seed: seed &+ 8)
  let long = drawnReads(count: count / 6, seed: seed &+ 7).map { read in
    var read = read
    if read.timeout > .zero {
      read.timeout = longer.pick([
        Duration.seconds(86_400), .seconds(86_400) + .nanoseconds(1), .seconds(90_000),
        .seconds(2 * 86_400), .seconds(30 * 86_400), .seconds(365 * 86_400),
        .seconds(10_000_000_000), .seconds(Int64.max / 4),
        .seconds(Int64.max / 4) + .nanoseconds(999_999_999),
      ])
    }
    for index in read.callbacks.indices where longer.chance(50) {
      read.callbacks[index].reason = longer.pick([
        "cancelled", "user cancelled", "Cancel", "canceled by the system", "CANCELLED", "cancel",
      ])
    }
    return read
  }
  // Timeouts with a fraction of a nanosecond (from 1 attosecond up, alone or after whole
  // seconds), and values and reasons with NUL characters, from seeds of their own.
  var fine = SeededNumbers(seed: seed &+ 10)
  let finer = drawnReads(count: count / 6, seed: seed &+ 9).map { read in
    var read = read
    if read.timeout > .zero {
      let attoseconds = Int64(fine.logUniform(1...999_999_999_999_999_999))
      let seconds = fine.chance(50) ? 0 : Int64(fine.logUniform(1...3_600))
      read.timeout = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
    }
    for index in read.callbacks.indices {
      read.callbacks[index].value = read.callbacks[index].value.map {
        fine.pick(["A\u{0}B", "\u{0}", "\($0)\u{0}", "\u{0}\($0)", "QR:\u{0}hello\u{0}"])
      }
      read.callbacks[index].reason = fine.pick(["blurred\u{0}", "\u{0}", "no\u{0}barcode"])
    }
    return read
  }
  // Callers whose task is cancelled while readBarcode runs, from a seed of its own.
  let cancelledInside = drawnReads(count: count / 12, seed: seed &+ 14).map { read in
    var read = read
    read.callerCancelled = false
    read.cancelledInsideReadBarcode = true
    return read
  }
  // Callers whose task is cancelled before they call, from a seed of its own.
  let cancelledFirst = drawnReads(count: count / 12, seed: seed &+ 11).map { read in
    var read = read
    read.callerCancelled = false
    read.cancelledBeforeTheCall = true
    return read
  }
  // Values as readers give them (GS1 element strings with their U+001D separators, an AIM
  // symbology identifier first, control and invisible characters anywhere: NUL at either end,
  // ESC, a byte order mark, zero-width ones) and reasons that ask for another try or speak of a
  // timeout ("busy", "timed out"): a reader's failure all the same; from seeds of their own.
  var stray = SeededNumbers(seed: seed &+ 13)
  var (values, reasons) = (StrayScalarCycle(), StrayScalarCycle())
  let askingAgain = [
    "reader busy", "Busy", "timed out", "Timeout", "read timeout", "TIMED OUT", "busy, try again",
    "try again later",
  ]
  var failures = 0
  let readerTexts = drawnReads(count: count / 6, seed: seed &+ 12).map { read in
    var read = read
    for index in read.callbacks.indices {
      // Half of them failures, every other one with a reason that asks for another try.
      guard stray.chance(50) else {
        let value = read.callbacks[index].value ?? "4006381333931"
        read.callbacks[index].value =
          switch Int.random(in: 0..<3, using: &stray) {
          case 0:
            stray.pick([
              "0104012345678901\u{1D}10ABC123\u{1D}17261231", "\u{1D}0104012345678901",
              "10LOT7\u{1D}", "\u{1D}", "21SERIAL\u{1D}\u{1D}3103000123",
            ])
          case 1: stray.pick(["]C1", "]E0", "]Q3", "]d2", "]e0", "]", "]]", "]C"]) + value
          default: values.next(value)
          }
        continue
      }
      read.callbacks[index].value = nil
      read.callbacks[index].reason =
        failures % 2 == 0
        ? askingAgain[failures / 2 % askingAgain.count] : reasons.next(read.callbacks[index].reason)
      failures += 1
    }
    return read
  }
  return drawnReads(count: count, seed: seed) + later + long + finer + cancelledFirst + readerTexts
    + cancelledInside
}

private func drawnReads(count: Int, seed: UInt64) -> [BarcodeScenario] {
  var numbers = SeededNumbers(seed: seed)
  // A stream of its own, so that the other choices stay what they were for this seed.
  var lateness = SeededNumbers(seed: seed &+ 1)
  var cancels = SeededNumbers(seed: seed &+ 2)
  // A stream of its own too: which readers answer a cancelRead() from inside it.
  var answering = SeededNumbers(seed: seed &+ 1_000)
  var reasons = SeededNumbers(seed: seed &+ 3)
  var ends = SeededNumbers(seed: seed &+ 4)
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
          ? numbers.pick(["4006381333931", "978-3-16", "", "QR:hello"]) : nil,
        reason: reasons.pick(["blurred", "no barcode in view", "", "lens covered"])
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
    let callerCancelled = cancels.chance(20)
    let answersACancel = answering.chance(50)
    if ends.chance(8) {
      // A timeout of zero or less ends at once: only callbacks inside readBarcode (which come
      // first) or after it, and no wait to cancel.
      return BarcodeScenario(
        timeout: ends.pick([Duration.zero, .seconds(-1), .nanoseconds(-1)]),
        callbacks: callbacks.filter { $0.moment != .whileTheTimerWaits },
        answersACancel: answersACancel
      )
    }
    return BarcodeScenario(
      timeout: timeout,
      callbacks: callbacks,
      lateBy: lateBy,
      callerCancelled: callerCancelled,
      answersACancel: answersACancel
    )
  }
}
