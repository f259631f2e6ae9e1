import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 3a graded by its statement: generated upstreams (0 to 3,000 numbers, 10,001 to 10,050,
// and Int.max with a consumer that leaves or an owner that cancels; numbers ready at once, or each
// after a wait of 1 attosecond to a billion years), a make or an upstream that fails at any number
// (with any URLError or the platform's other errors too), and consumers that read as events come,
// read only after the last, leave while the upstream waits or just as a wait ends, or whose
// producer its owner cancels at once or at such a moment, all on a manual clock the test moves.

/// One run of `relayEvents`, as the grade generates it: an upstream of `count` numbers, each given
/// after `interval` (ready at once for zero).
struct EventScenario: GradedScenario {
  enum Consumer: Equatable, Sendable {
    case readsAsTheyCome
    /// Reads nothing until the producer has made every event.
    case readsAfterTheLast
    /// Its task is cancelled at once, perhaps before the producer has started.
    case leavesAtOnce
    /// Its task is cancelled during wait `n` (1 for the first), having read every event before.
    case leavesDuringWait(Int)
    /// Its task is cancelled as wait `n` is over, before the producer runs on.
    case leavesAsWaitEnds(Int)
    /// The producer's owner cancels it during wait `n`; the consumer reads as events come.
    case ownerCancelsDuringWait(Int)
    /// The producer's owner cancels it as wait `n` is over, before the producer runs on.
    case ownerCancelsAsWaitEnds(Int)
    /// The producer's owner cancels it while `make` makes the event after wait `n`.
    case ownerCancelsDuringMake(Int)
    /// The producer's owner cancels it at once, perhaps before it has started; the consumer
    /// reads as events come.
    case ownerCancelsAtOnce

    var wait: Int? {
      switch self {
      case .leavesDuringWait(let wait), .leavesAsWaitEnds(let wait),
        .ownerCancelsDuringWait(let wait), .ownerCancelsAsWaitEnds(let wait),
        .ownerCancelsDuringMake(let wait):
        wait
      default: nil
      }
    }

    /// The consumer leaves, or the owner cancels the producer.
    var cancels: Bool {
      switch self {
      case .readsAsTheyCome, .readsAfterTheLast: false
      default: true
      }
    }

    func with(wait: Int) -> Consumer {
      switch self {
      case .leavesDuringWait: .leavesDuringWait(wait)
      case .leavesAsWaitEnds: .leavesAsWaitEnds(wait)
      case .ownerCancelsDuringWait: .ownerCancelsDuringWait(wait)
      case .ownerCancelsAsWaitEnds: .ownerCancelsAsWaitEnds(wait)
      case .ownerCancelsDuringMake: .ownerCancelsDuringMake(wait)
      default: self
      }
    }
  }

  var count: Int
  var interval: Duration
  /// The number whose `make` throws, if any (or at which the upstream throws).
  var failingAt: Int?
  /// The upstream throws at `failingAt`, after its wait, instead of `make`.
  var failsInUpstream = false
  /// What that make (or the upstream) throws: `MakeFailure`, or a `CancellationError` of its own
  /// (nobody cancelled).
  var failsWithCancellation = false
  /// Or a `URLError` with the code at this index of `everyURLErrorCode`.
  var failsWithURLError: Int?
  /// Or this error of the platform's own (a `URLError`, a `POSIXError` or a `CocoaError`).
  var platformFailure: PlatformError?
  /// Or an error that carries another (NSUnderlyingErrorKey), or a code only `CarriedError` names.
  var carriedFailure: CarriedError?
  var consumer: Consumer
  /// What make(number) returns, for each number; "event N" if nil.
  var texts: [String]?
  /// The numbers the upstream gives, in order (from 0 up if nil).
  var values: [Int]?
  /// The stream is made in a task already cancelled, and handed to a consumer task and an owner
  /// that are not.
  var madeInACancelledTask = false

  /// What the failing make throws, as the messages show it.
  var failure: String {
    if let carriedFailure { return "\(carriedFailure)" }
    if let platformFailure { return "\(platformFailure)" }
    if let index = failsWithURLError { return spelledURLError(everyURLErrorCode[index].code) }
    return failsWithCancellation ? "CancellationError()" : "MakeFailure()"
  }

  /// How a consumer's loop ends when make or the upstream throws: with what it threw.
  var failedEnd: String {
    platformFailure != nil || carriedFailure != nil
      ? "then \(failure) thrown"
      : failsWithCancellation
        ? "then CancellationError thrown"
        : failsWithURLError == nil ? "then MakeFailure thrown" : "then \(failure) thrown"
  }

  /// How many waits there are, when nobody leaves: one before each event made.
  var waits: Int { failingAt.map { $0 + 1 } ?? count }

  /// A count too large to walk through (`Int.max`) counts as half of `Int.max`, and runs last.
  var size: Int {
    min(count, Int.max / 2) + (failingAt == nil ? 0 : 1) + (consumer == .readsAsTheyCome ? 0 : 1)
      + (texts == nil ? 0 : 1) + (madeInACancelledTask ? 1 : 0) + (failsInUpstream ? 1 : 0)
      + (values == nil ? 0 : 1)
  }

  var description: String {
    let numbers =
      count == Int.max ? "Int.max numbers" : count == 1 ? "1 number" : "\(count) numbers"
    var text =
      "relayEvents(from: an upstream of \(numbers), "
      + (interval == .zero ? "each ready at once)" : "each after a wait of \(spelled(interval)))")
    if madeInACancelledTask {
      text += " called in a task already cancelled, which hands the stream and the producer to a "
      text += "consumer task and an owner that are not cancelled"
    }
    if let values { text += ", the upstream giving \(Array(values.prefix(count))) in turn" }
    if let texts {
      text += ", make returning \(Array(texts.prefix(count))) at its first call, second, ..."
    }
    if let failingAt {
      text +=
        failsInUpstream
        ? ", the upstream throwing \(failure) instead of giving \(failingAt)"
        : ", make throwing \(failure) at event \(failingAt)"
    }
    switch consumer {
    case .readsAsTheyCome: text += "; the consumer reads every event as it comes"
    case .readsAfterTheLast:
      text += "; the consumer reads only after the producer has made every event"
    case .leavesAtOnce: text += "; the consumer's task is cancelled at once"
    case .leavesDuringWait(let wait):
      text += "; the consumer reads every event, and its task is cancelled during wait \(wait)"
    case .leavesAsWaitEnds(let wait):
      text += "; the consumer reads every event, and its task is cancelled as wait \(wait) is over"
    case .ownerCancelsDuringWait(let wait):
      text += "; the owner cancels the producer during wait \(wait)"
    case .ownerCancelsAsWaitEnds(let wait):
      text += "; the owner cancels the producer as wait \(wait) is over"
    case .ownerCancelsDuringMake(let wait):
      text += "; the owner cancels the producer while make(\(wait - 1)) runs"
    case .ownerCancelsAtOnce:
      text += "; the owner cancels the producer at once, perhaps before it has started"
    }
    return text
  }

  var smaller: [EventScenario] {
    var candidates: [EventScenario] = []
    func with(_ change: (inout EventScenario) -> Void) {
      var copy = self
      change(&copy)
      if copy != self, copy.isPossible { candidates.append(copy) }
    }
    // Large counts shrink by halves and tenths first, then one event at a time.
    for step in [count / 2, count / 10].filter({ $0 > 1 }) + [1] {
      with { $0.count -= step }
    }
    with {
      $0.count -= 1
      if let wait = $0.consumer.wait { $0.consumer = $0.consumer.with(wait: wait - 1) }
      if let failingAt = $0.failingAt { $0.failingAt = failingAt - 1 }
    }
    with { $0.failingAt = nil }
    with { $0.failsWithCancellation = false }
    with { $0.failsInUpstream = false }
    with { $0.platformFailure = nil }
    with { $0.carriedFailure = nil }
    with { $0.texts = nil }
    with { $0.values = nil }
    with { $0.madeInACancelledTask = false }
    with { $0.interval = .seconds(1) }
    with { $0.consumer = .readsAsTheyCome }
    if let wait = consumer.wait { with { $0.consumer = $0.consumer.with(wait: wait - 1) } }
    return candidates
  }

  /// A count of at least 0, a failing event among the events, a wait among the waits; a count
  /// past a million only with a consumer that leaves or an owner that cancels.
  var isPossible: Bool {
    count >= 0 && (failingAt.map { 0..<count ~= $0 } ?? true)
      && (consumer.wait.map { $0 >= 1 && $0 <= waits } ?? true)
      && (count <= 1_000_000 || consumer.cancels)
      // make is never called for the number the upstream fails at, so no cancel can come in it.
      && !(failsInUpstream && consumer == .ownerCancelsDuringMake(waits))
      && (failingAt != nil || !failsInUpstream)
      && (values.map { $0.count >= count } ?? true) && (texts.map { $0.count >= count } ?? true)
  }
}

extension EventScenario: Equatable {}

/// What the consumer and the clock saw.
struct EventOutcome: Equatable, CustomStringConvertible {
  /// "make(0) at 1 s", in order.
  var made: [String]
  var read: [String]
  var end: String
  /// Each wait's length, in order; nil where the moment the producer starts is free.
  var waits: [String]?

  var description: String {
    var text = made.isEmpty ? "no make" : Self.listed(made)
    text += "; the consumer read " + (read.isEmpty ? "nothing" : Self.listed(read))
    text += ", " + end
    if let waits { text += "; waits: " + (waits.isEmpty ? "none" : Self.listed(waits)) }
    return text
  }

  /// A list as the message shows it: a long one by its first and last three, and its length.
  private static func listed(_ items: [String]) -> String {
    guard items.count > 8 else { return items.joined(separator: ", ") }
    let ends = items.prefix(3) + ["..."] + items.suffix(3)
    return ends.joined(separator: ", ") + " (\(items.count) in all)"
  }
}

/// The statement of exercise 3a, as a program.
func eventModel(_ scenario: EventScenario) -> EventOutcome {
  let interval = scenario.interval
  // The number the upstream gives at each position, 0 for the first.
  let value = { (position: Int) in scenario.values?[position] ?? position }
  func made(_ positions: Range<Int>) -> [String] {
    positions.map { "make(\(value($0))) at \(spelled(interval * ($0 + 1)))" }
  }
  func events(_ positions: Range<Int>) -> [String] {
    positions.map { position in
      scenario.texts.map { $0[position].debugDescription } ?? "event \(value(position))"
    }
  }
  // A wait of zero is no wait: whether the producer sleeps for it is free.
  let waits = { (count: Int) in
    scenario.interval == .zero ? nil : Array(repeating: spelled(interval), count: count)
  }
  let failed = scenario.failedEnd
  switch scenario.consumer {
  case .readsAsTheyCome, .readsAfterTheLast:
    let end = scenario.failingAt == nil ? "then the end" : failed
    return EventOutcome(
      // The number the upstream fails at is never given, so never made.
      made: made(0..<(scenario.failsInUpstream ? scenario.waits - 1 : scenario.waits)),
      read: events(0..<(scenario.failingAt ?? scenario.count)),
      end: end,
      waits: waits(scenario.waits)
    )
  case .leavesAtOnce, .ownerCancelsAtOnce:
    return EventOutcome(made: [], read: [], end: "then the end", waits: nil)
  case .leavesDuringWait(let wait), .leavesAsWaitEnds(let wait), .ownerCancelsDuringWait(let wait),
    .ownerCancelsAsWaitEnds(let wait):
    // Whoever cancels, the producer makes nothing more: the wait it was in is its last.
    return EventOutcome(
      made: made(0..<wait - 1),
      read: events(0..<wait - 1),
      end: "then the end",
      waits: waits(wait)
    )
  case .ownerCancelsDuringMake(let wait) where scenario.failingAt == wait - 1:
    // The make the owner's cancel came during throws: its error ends the stream all the same.
    return EventOutcome(
      made: made(0..<wait),
      read: events(0..<wait - 1),
      end: failed,
      waits: waits(wait)
    )
  case .ownerCancelsDuringMake(let wait):
    // The event being made still goes out; the next wait, cancelled, ends the producer.
    return EventOutcome(
      made: made(0..<wait),
      read: events(0..<wait),
      end: "then the end",
      waits: waits(wait)
    )
  }
}

/// The `make` of a scenario: records each call with the number it is given and the clock's time,
/// and throws at one call (counted from 0, as the upstream's positions are).
final class TimedMaker: Sendable {
  private let clock: ManualClock
  private let start: ManualClock.Instant
  private let failingAt: Int?
  private let failure: any Error
  private let calls = Locked<[String]>([])
  /// The producer's owner cancels it while this call (0 for the first) runs.
  private let cancelAt: (event: Int, producer: Locked<Task<Void, Never>?>)?
  private let texts: [String]?
  /// Calls of make in a task already cancelled, and how many the test lets pass before it throws
  /// `MadeAfterTheCancel` to stop the producer (nil: as many as come).
  private let callsAfterTheCancel = Locked(0)
  private let mostCallsAfterTheCancel: Int?

  init(
    clock: ManualClock,
    failingAt: Int?,
    failure: any Error,
    cancelAt: (event: Int, producer: Locked<Task<Void, Never>?>)? = nil,
    texts: [String]? = nil,
    mostCallsAfterTheCancel: Int? = nil
  ) {
    self.cancelAt = cancelAt
    self.texts = texts
    self.mostCallsAfterTheCancel = mostCallsAfterTheCancel
    self.failure = failure
    self.clock = clock
    start = clock.now
    self.failingAt = failingAt
  }

  var made: [String] { calls.withLock { $0 } }

  /// How many times make was called in a task already cancelled.
  var madeAfterTheCancel: Int { callsAfterTheCancel.withLock { $0 } }

  func make(_ number: Int) throws -> String {
    if Task.isCancelled, let most = mostCallsAfterTheCancel {
      let calls = callsAfterTheCancel.withLock {
        $0 += 1
        return $0
      }
      if calls > most { throw MadeAfterTheCancel(calls: most) }
    }
    let position = calls.withLock {
      $0.append("make(\(number)) at \(spelled(start.duration(to: clock.now)))")
      return $0.count - 1
    }
    if let cancelAt, cancelAt.event == position {
      if let producer = cancelAt.producer.withLock({ $0 }) {
        producer.cancel()
      } else {
        // With no wait, make can come before makeEventStream has returned the producer's task:
        // make runs in that task, the producer, so the cancel goes to the task it runs in.
        withUnsafeCurrentTask { $0?.cancel() }
      }
    }
    if position == failingAt { throw failure }
    if let texts, position < texts.count { return texts[position] }
    return "event \(number)"
  }
}

/// What the consumer read, and the error its loop ended with; a consumer that reads only now
/// reads the stream itself.
func readAll(
  _ events: AsyncThrowingStream<String, any Error>,
  _ reader: StreamReader<String>?
) async -> ([String], (any Error)?) {
  if let reader {
    switch await reader.end() {
    case .success(let read): return (read, nil)
    case .failure(let error): return (reader.elements, error)
    }
  }
  var read: [String] = []
  do {
    for try await event in events { read.append(event) }
    return (read, nil)
  } catch {
    return (read, error)
  }
}

/// The runs exercise 3a is graded on: a fixed list, from a fixed seed.
func eventScenarios(count: Int, seed: UInt64) -> [EventScenario] {
  // From seeds of their own, so that the runs above stay as they were: intervals past an hour,
  // make failing with a URLError of every code in turn, and owners that cancel while make runs.
  var more = SeededNumbers(seed: seed &+ 2)
  var nextCode = 0
  let later = drawnRuns(count: count / 8 + 1, seed: seed &+ 3).dropLast().map { run in
    var run = run
    if more.chance(40) {
      run.interval = more.pick([.seconds(7_200), .seconds(90_000), .seconds(604_800)])
    }
    if run.failingAt != nil, more.chance(70) {
      run.failsWithCancellation = false
      run.failsWithURLError = more.chance(30) ? 1 : nextURLErrorCode(&nextCode)  // 1: .cancelled
    }
    if let wait = run.consumer.wait ?? (run.waits > 0 ? run.waits : nil), run.failingAt == nil,
      more.chance(50)
    {
      run.consumer = .ownerCancelsDuringMake(Int.random(in: 1...wait, using: &more))
    }
    return run
  }
  // From seeds of their own again: owners that cancel the producer at once, perhaps before it
  // has started, and a count of Int.max, too many to walk through, with a consumer that leaves or
  // an owner that cancels.
  var atOnce = SeededNumbers(seed: seed &+ 4)
  let intervals: [Duration] = [.nanoseconds(1), .milliseconds(250), .seconds(1), .seconds(3_600)]
  let cancelledAtOnce = (0..<count / 16).map { _ in
    EventScenario(
      count: atOnce.chance(25) ? Int.max : Int.random(in: 0...6, using: &atOnce),
      interval: atOnce.pick(intervals),
      failingAt: nil,
      consumer: .ownerCancelsAtOnce
    )
  }
  let endless = (0..<count / 32).map { _ in
    let wait = Int.random(in: 1...4, using: &atOnce)
    return EventScenario(
      count: Int.max,
      interval: atOnce.pick(intervals),
      failingAt: nil,
      consumer: atOnce.pick([
        .leavesAtOnce, .leavesDuringWait(wait), .leavesAsWaitEnds(wait),
        .ownerCancelsDuringWait(wait), .ownerCancelsAsWaitEnds(wait),
        .ownerCancelsDuringMake(wait),
      ])
    )
  }
  // From seeds of their own again: intervals from 1 attosecond to a billion years, most with a
  // part of a nanosecond, and make failing with the platform's own errors (a URLError, a
  // POSIXError or a CocoaError, those that say "cancelled" as likely as the others).
  var wide = SeededNumbers(seed: seed &+ 5)
  let wider = drawnRuns(count: count / 8 + 1, seed: seed &+ 6).dropLast().map { run in
    var run = run
    run.interval = wide.chapter03Interval(upToYears: 1e9)
    if run.failingAt != nil, wide.chance(70) {
      run.failsWithCancellation = false
      run.platformFailure = wide.platformError()
    }
    return run
  }
  return drawnRuns(count: count, seed: seed) + later + cancelledAtOnce + endless + wider
}

private func drawnRuns(count: Int, seed: UInt64) -> [EventScenario] {
  var numbers = SeededNumbers(seed: seed)
  // A stream of its own, so that the other choices stay what they were for this seed.
  var errors = SeededNumbers(seed: seed &+ 1)
  var scenarios: [EventScenario] = []
  while scenarios.count < count {
    // Mostly a few events; some runs make more than a small buffer or a cap of 1,000 holds.
    let events =
      numbers.chance(8)
      ? Int.random(in: 100...3_000, using: &numbers)
      : numbers.chance(25)
        ? Int.random(in: 10...60, using: &numbers) : Int.random(in: 0...6, using: &numbers)
    let interval = numbers.pick([
      Duration.nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(90),
      .seconds(3_600),
    ])
    let failingAt =
      events > 0 && numbers.chance(25) ? Int.random(in: 0..<events, using: &numbers) : nil
    var scenario = EventScenario(
      count: events,
      interval: interval,
      failingAt: failingAt,
      failsInUpstream: failingAt != nil && errors.chance(40),
      failsWithCancellation: failingAt != nil && errors.chance(30),
      consumer: .readsAsTheyCome
    )
    let wait = scenario.waits > 0 ? Int.random(in: 1...scenario.waits, using: &numbers) : 0
    scenario.consumer = numbers.pick([
      .readsAsTheyCome, .readsAfterTheLast, .readsAfterTheLast, .leavesAtOnce,
      .leavesDuringWait(wait),
      .leavesAsWaitEnds(wait), .ownerCancelsDuringWait(wait), .ownerCancelsAsWaitEnds(wait),
    ])
    if scenario.isPossible { scenarios.append(scenario) }
  }
  // One run always makes more than 10,000 events, read only after the last.
  scenarios[scenarios.count - 1] = EventScenario(
    count: Int.random(in: 10_001...10_050, using: &numbers),
    interval: .nanoseconds(1),
    failingAt: nil,
    consumer: .readsAfterTheLast
  )
  return scenarios
}

/// What the test's make throws to stop a producer that runs on after its task was cancelled.
struct MadeAfterTheCancel: Error, CustomStringConvertible {
  var calls: Int

  var description: String {
    "the test's own error (make, called \(calls) times after the producer's task was cancelled, "
      + "threw it to stop the producer)"
  }
}

/// Runs 3a is graded on besides `eventScenarios`', from seeds of their own: make failing with
/// each error that carries another; make returning texts of its own (empty ones, spaces and line
/// breaks around them, NUL, one text several times in a row); streams made in a task already
/// cancelled; and an interval of zero, with consumers that read, leave at once, or owners that
/// cancel at once or while make runs (counts up to Int.max).
func eventScenariosOfOddRuns(seed: UInt64) -> [EventScenario] {
  let carried = everyCarriedError.enumerated().map { index, error in
    var run = EventScenario(
      count: 3,
      interval: .seconds(1),
      failingAt: index % 3,
      consumer: index.isMultiple(of: 2) ? .readsAsTheyCome : .readsAfterTheLast
    )
    run.carriedFailure = error
    return run
  }
  var numbers = SeededNumbers(seed: seed &+ 11)
  let pool = ["", " ", " a\n", "a", "same", "\n", "\u{0}", "\tb", "event 0", "Zoe\u{308}", "A"]
  let texts = (0..<30).map { _ -> EventScenario in
    let count = Int.random(in: 1...12, using: &numbers)
    var texts: [String] = []
    for _ in 0..<count {
      // Now and then the text before it again.
      if let last = texts.last, numbers.chance(35) {
        texts.append(last)
      } else {
        texts.append(numbers.pick(pool))
      }
    }
    let failingAt = numbers.chance(20) ? Int.random(in: 0..<count, using: &numbers) : nil
    let wait = Int.random(in: 1...(failingAt.map { $0 + 1 } ?? count), using: &numbers)
    var run = EventScenario(
      count: count,
      interval: numbers.pick([.nanoseconds(1), .seconds(1), .seconds(3_600)]),
      failingAt: failingAt,
      consumer: numbers.pick([
        .readsAsTheyCome, .readsAsTheyCome, .readsAfterTheLast, .leavesDuringWait(wait),
        .ownerCancelsDuringWait(wait),
      ])
    )
    run.texts = texts
    return run
  }
  let cancelled = drawnRuns(count: 31, seed: seed &+ 12).dropLast().map { drawn in
    var run = drawn
    run.madeInACancelledTask = true
    return run
  }
  var zero = SeededNumbers(seed: seed &+ 13)
  let zeroInterval = (0..<30).map { index -> EventScenario in
    let wait = Int.random(in: 1...4, using: &zero)
    let count =
      // Int.max, not a count a runaway producer could walk through: the runs go smallest first,
      // so a producer that walks the rest after a cancel is told by the endless runs above.
      index % 5 < 2 ? Int.max : Int.random(in: wait...6, using: &zero)
    let consumer: EventScenario.Consumer =
      count > 6
      ? zero.pick([.leavesAtOnce, .ownerCancelsAtOnce, .ownerCancelsDuringMake(wait)])
      : zero.pick([
        .readsAsTheyCome, .readsAfterTheLast, .leavesAtOnce, .ownerCancelsAtOnce,
        .ownerCancelsDuringMake(wait),
      ])
    return EventScenario(count: count, interval: .zero, failingAt: nil, consumer: consumer)
  }
  return carried + texts + cancelled + zeroInterval
}

/// Runs 3a is graded on besides the others, from a seed of their own: an owner that cancels the
/// producer while make runs, and that make throws (MakeFailure, or a URLError of any code): the
/// stream ends with its error, as any make's.
func eventScenariosOfFailuresAsTheOwnerCancels(count: Int, seed: UInt64) -> [EventScenario] {
  var numbers = SeededNumbers(seed: seed)
  let intervals: [Duration] = [.nanoseconds(1), .milliseconds(250), .seconds(1), .seconds(3_600)]
  return (0..<count).map { _ in
    let wait = Int.random(in: 1...5, using: &numbers)
    var run = EventScenario(
      count: wait + Int.random(in: 0...3, using: &numbers),
      interval: numbers.pick(intervals),
      failingAt: wait - 1,
      consumer: .ownerCancelsDuringMake(wait)
    )
    if numbers.chance(40) {
      run.failsWithURLError = Int.random(in: 0..<everyURLErrorCode.count, using: &numbers)
    }
    return run
  }
}

/// Runs 3a is graded on besides the others, from a seed of their own: upstreams that give any
/// numbers (below zero, repeated, out of order, Int.min and Int.max), make returning long texts
/// and texts with carriage returns, and make or the upstream failing with every POSIX code in turn
/// and with a DecodingError.
func eventScenariosOfOddNumbers(count: Int, seed: UInt64) -> [EventScenario] {
  var numbers = SeededNumbers(seed: seed)
  let pool = [-1, 0, 1, 3, 5, 7, 10, 20, -5, 42, 1_000_000, Int.min, Int.max]
  let texts = [
    String(repeating: "x", count: 1_500), "ok\r\n", "\r", "a\r\nb", "line\rfeed", "ok", "",
  ]
  var nextPOSIX = 0
  return (0..<count).map { index in
    let events = Int.random(in: 1...10, using: &numbers)
    var values: [Int] = []
    for _ in 0..<events {
      // Now and then the number before it again.
      if let last = values.last, numbers.chance(25) {
        values.append(last)
      } else {
        values.append(numbers.pick(pool))
      }
    }
    let intervals: [Duration] = [.nanoseconds(1), .seconds(1), .seconds(3_600)]
    var run = EventScenario(
      count: events,
      interval: numbers.pick(intervals),
      failingAt: nil,
      consumer: numbers.pick([.readsAsTheyCome, .readsAfterTheLast])
    )
    run.values = values
    if numbers.chance(40) {
      run.texts = (0..<events).map { _ in numbers.pick(texts) }
    }
    if index.isMultiple(of: 2) {
      // Every POSIX code in turn, now and then a DecodingError, from make or the upstream.
      run.failingAt = Int.random(in: 0..<events, using: &numbers)
      run.failsInUpstream = numbers.chance(50)
      if numbers.chance(15) {
        run.platformFailure = .decoding
      } else {
        run.platformFailure = .posix(everyPOSIXErrorCode[nextPOSIX % everyPOSIXErrorCode.count])
        nextPOSIX += 1
      }
    } else if events > 1, numbers.chance(50) {
      let wait = Int.random(in: 1...events, using: &numbers)
      run.consumer = numbers.pick([.leavesDuringWait(wait), .ownerCancelsDuringMake(wait)])
    }
    return run
  }
}
