import ExerciseSupport
import Foundation
import LessonSupport
import MiniCombine
import XCTest

// Exercise 7b graded by its statement: generated limits, demands, pauses and cancels (before the
// producer starts, while it waits, from inside receive(_:)), run in a real `Create` and compared
// with a model of the statement. Everything after the first request happens on the producer's own
// thread, called from the context and the subscriber, so each run goes the same way every time.

/// A producer's run, as the grade generates it.
struct ProducerScenario: GradedScenario, Equatable {
  /// What the subscriber does.
  enum Action: Equatable, Sendable, CustomStringConvertible {
    case request(Subscribers.Demand)
    case cancel
    /// The context says cancelled from now on (a wrapper's stop), while the subscription still
    /// delivers what is sent.
    case contextSaysCancelled

    var description: String {
      switch self {
      case .request(let demand): "asks for \(demand.max.map(String.init) ?? "every number")"
      case .cancel: "cancels"
      case .contextSaysCancelled:
        "has the context say cancelled (a wrapper's stop), while the subscription still delivers"
      }
    }
  }

  var limit: Int
  /// The subscriber's first request, which starts the producer.
  var first: Subscribers.Demand
  /// A cancel that comes before the producer's thread has done anything.
  var cancelledBeforeStart = false
  /// The context says cancelled before the producer's thread has done anything, while the
  /// subscription still delivers.
  var contextCancelledBeforeStart = false
  /// What the subscriber does each time the producer waits while paused, in turn; once these
  /// are used up, it cancels.
  var whenPaused: [Action]
  /// What it does from inside `receive(_:)` of a number.
  var insideReceive: [Int: Action]

  var size: Int {
    whenPaused.count + insideReceive.count + min(limit, 1_000) / 10
  }

  var description: String {
    var parts = [
      "upTo: \(limit == Int.max ? "Int.max" : String(limit))",
      "the subscriber first \(Action.request(first))",
    ]
    if cancelledBeforeStart { parts.append("then cancels before the producer's thread runs") }
    if contextCancelledBeforeStart {
      parts.append(
        "the context says cancelled before the producer's thread runs (a wrapper's stop), while "
          + "the subscription still delivers"
      )
    }
    for (number, action) in insideReceive.sorted(by: { $0.key < $1.key }) {
      parts.append("on getting the \(number) it \(action)")
    }
    if !cancelledBeforeStart, !contextCancelledBeforeStart {
      let turns = (whenPaused + [.cancel]).map(\.description)
      parts.append("each time the producer waits, it " + turns.joined(separator: ", then "))
    }
    return parts.joined(separator: "; ")
  }

  /// Whether the statement fixes the end: a context that says cancelled after the last number
  /// (or with none to make) meets no check, so that end is left free and not generated.
  var isValid: Bool {
    !(contextCancelledBeforeStart && limit <= 0)
      && !insideReceive.contains { $0.value == .contextSaysCancelled && $0.key >= limit - 1 }
  }

  var smaller: [ProducerScenario] {
    // A long run is only halved: each try makes every number again.
    guard limit <= 1_000 else { return [with { $0.limit = limit / 2 }] }
    var candidates: [ProducerScenario] = []
    if limit > 0 { candidates.append(with { $0.limit = limit / 2 }) }
    if limit > 0 { candidates.append(with { $0.limit = limit - 1 }) }
    for actions in whenPaused.eachWithOneLeftOut {
      candidates.append(with { $0.whenPaused = actions })
    }
    for key in insideReceive.keys.sorted() {
      candidates.append(with { $0.insideReceive[key] = nil })
    }
    if let number = first.max, number > 1 {
      candidates.append(with { $0.first = .max(number / 2) })
    }
    return candidates.filter(\.isValid)
  }

  private func with(_ change: (inout ProducerScenario) -> Void) -> ProducerScenario {
    var copy = self
    change(&copy)
    return copy
  }
}

/// What happened, in order: "made 3", "got 3", "waited while paused", "finished", and how the
/// producer ended.
struct ProducerOutcome: Equatable {
  var events: [String]
}

/// The statement of exercise 7b, as a program.
func producerModel(_ scenario: ProducerScenario) -> ProducerOutcome {
  var events: [String] = []
  var demand = scenario.first
  var cancelled = scenario.cancelledBeforeStart || scenario.contextCancelledBeforeStart
  var turns = scenario.whenPaused[...]
  func perform(_ action: ProducerScenario.Action) {
    switch action {
    case .request(let more): if !cancelled { demand += more }
    case .cancel, .contextSaysCancelled: cancelled = true
    }
  }
  for number in 0..<max(scenario.limit, 0) {
    if !cancelled, demand == .none {
      events.append("waited while paused")
      perform(turns.popFirst() ?? .cancel)
    }
    if cancelled {
      events.append(ProducerRun.threw)
      return ProducerOutcome(events: events)
    }
    events.append("made \(number)")
    demand -= 1
    events.append("got \(number)")
    if let action = scenario.insideReceive[number] { perform(action) }
  }
  if !cancelled { events.append("finished") }
  events.append(cancelled ? ProducerRun.endedAfterTheLast : ProducerRun.returned)
  return ProducerOutcome(events: events)
}

/// One run of the answer: its log, and the subscription the context and subscriber act on.
final class ProducerRun: Sendable {
  static let returned = "returned"
  static let threw = "threw CancellationError"
  /// A cancel after the last number is made: the statement leaves returning or throwing free.
  static let endedAfterTheLast = "returned or threw CancellationError"

  let scenario: ProducerScenario
  private struct State {
    var events: [String] = []
    var subscription: (any Subscription)?
    var turn = 0
    var pausedReadsInARow = 0
    var asksAfterTheCancel = 0
    var contextSaysCancelled = false
  }
  private let state = Locked(State())

  /// Tells the test the run is over when the producer is parked, and will never end.
  private let parkedForGood: @Sendable () -> Void

  init(_ scenario: ProducerScenario, parkedForGood: @escaping @Sendable () -> Void = {}) {
    self.scenario = scenario
    self.parkedForGood = parkedForGood
  }

  var events: [String] { state.withLock { $0.events } }

  func note(_ event: String) { state.withLock { $0.events.append(event) } }

  /// Whether the context says cancelled while the subscription goes on (a wrapper's stop).
  var contextSaysCancelled: Bool { state.withLock { $0.contextSaysCancelled } }

  func keep(_ subscription: any Subscription) { state.withLock { $0.subscription = subscription } }

  func perform(_ action: ProducerScenario.Action) {
    let subscription = state.withLock { $0.subscription }
    switch action {
    case .request(let demand): subscription?.request(demand)
    case .cancel: subscription?.cancel()
    case .contextSaysCancelled: state.withLock { $0.contextSaysCancelled = true }
    }
  }

  /// The producer waits while paused: the subscriber takes its next turn.
  func paused() {
    let turn = state.withLock { state in
      state.events.append("waited while paused")
      state.pausedReadsInARow = 0
      defer { state.turn += 1 }
      return state.turn
    }
    perform(turn < scenario.whenPaused.count ? scenario.whenPaused[turn] : .cancel)
  }

  /// How many times the producer may ask its context anything once it says cancelled, before
  /// the run is called endless: a producer that stops asks once or twice.
  static let asksAfterTheCancel = 10_000
  /// The producer is parked here once it has asked that many times: it never returns, and no
  /// longer keeps a core busy.
  private let parked = DispatchSemaphore(value: 0)

  /// The producer asked its context something while the subscription is over.
  ///
  /// It may read `cancelled`, `paused`, or wait. Past `asksAfterTheCancel` times the run is noted as one that does
  /// not stop, and the producer's thread is parked for good.
  func askedAfterTheCancel() {
    let endless = state.withLock { state in
      state.asksAfterTheCancel += 1
      guard state.asksAfterTheCancel == Self.asksAfterTheCancel else { return false }
      state.events.append(Self.kept(on: Self.asksAfterTheCancel))
      return true
    }
    guard endless else { return }
    parkedForGood()
    parked.wait()
  }

  /// What the run notes for a producer that went on asking its context after the cancel.
  static func kept(on asks: Int) -> String {
    "went on after the cancel (asked its context \(asks) times more, and kept going)"
  }

  /// A read of `paused` that said true; a loop that only reads it would spin forever, so after
  /// many in a row, the subscriber takes its turn as if the producer waited.
  func readPaused() {
    let spinning = state.withLock { state in
      state.pausedReadsInARow += 1
      return state.pausedReadsInARow >= 100_000
    }
    guard spinning else { return }
    note("read paused 100,000 times without waiting")
    paused()
  }
}

/// The context the answer gets: the real one, with the subscriber's turns taken at each wait.
struct ScriptedContext: CreateContext {
  let inner: any CreateContext
  let run: ProducerRun

  var paused: Bool {
    noteIfCancelled()
    let paused = inner.paused
    if paused { run.readPaused() }
    return paused
  }

  var cancelled: Bool {
    let cancelled = inner.cancelled || run.contextSaysCancelled
    if cancelled { run.askedAfterTheCancel() }
    return cancelled
  }

  func waitIfPaused() {
    noteIfCancelled()
    // A wrapper that says cancelled ends its wait at once, as a cancel ends the real one.
    guard !run.contextSaysCancelled else { return }
    if inner.paused { run.paused() }
    guard !run.contextSaysCancelled else { return }
    inner.waitIfPaused()
  }

  /// Counts an ask that comes once the subscription is over, or the context says it is.
  private func noteIfCancelled() {
    if inner.cancelled || run.contextSaysCancelled { run.askedAfterTheCancel() }
  }
}

/// The subscriber of a scenario: notes what it gets, and acts inside `receive(_:)`.
final class ScriptedProducerSubscriber: Subscriber, Sendable {
  let run: ProducerRun

  init(_ run: ProducerRun) {
    self.run = run
  }

  func receive(subscription: any Subscription) { run.keep(subscription) }

  func receive(_ input: Int) -> Subscribers.Demand {
    run.note("got \(input)")
    if let action = run.scenario.insideReceive[input] { run.perform(action) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) { run.note("finished") }
}

/// The scenarios exercise 7b is graded on: a fixed list, from fixed seeds.
func producerScenarios(count: Int, seed: UInt64) -> [ProducerScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    // A run of up to 20,000 numbers, all wanted, now and then: a range cut short is seen.
    if numbers.chance(5) {
      return ProducerScenario(
        limit: Int.random(in: 201...20_000, using: &numbers),
        first: .unlimited,
        whenPaused: [],
        insideReceive: [:]
      )
    }
    let limit = numbers.pick([0, 1, 2, 3, Int.random(in: 1...12, using: &numbers), 200])
    func demand() -> Subscribers.Demand {
      numbers.pick([.max(1), .max(1), .max(2), .max(Int.random(in: 1...6, using: &numbers))])
    }
    func action() -> ProducerScenario.Action {
      numbers.chance(15)
        ? (numbers.chance(40) ? .contextSaysCancelled : .cancel)
        : .request(numbers.chance(5) ? .unlimited : demand())
    }
    var inside: [Int: ProducerScenario.Action] = [:]
    if numbers.chance(40) {
      for _ in 0..<Int.random(in: 1...2, using: &numbers) {
        let number = Int.random(in: 0...max(limit, 1), using: &numbers)
        var act = action()
        // After the last number the statement asks for no check: the end is left free.
        if act == .contextSaysCancelled, number >= limit - 1 { act = .cancel }
        inside[number] = act
      }
    }
    return ProducerScenario(
      limit: limit,
      first: numbers.chance(10) ? .unlimited : demand(),
      cancelledBeforeStart: numbers.chance(10),
      // With no number to make there is no check before one: the end is left free.
      contextCancelledBeforeStart: limit > 0 && numbers.chance(6),
      whenPaused: (0..<Int.random(in: 0...5, using: &numbers)).map { _ in action() },
      insideReceive: inside
    )
  }
}

/// Runs 7b is graded on besides `producerScenarios`', from a seed of their own, when grading: long
/// runs of 100,001 to 400,000 numbers, all wanted.
func producerScenariosOfLongRuns(count: Int, seed: UInt64) -> [ProducerScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return (0..<count).map { _ in
    ProducerScenario(
      limit: numbers.logUniform(100_001...400_000),
      first: .unlimited,
      whenPaused: [],
      insideReceive: [:]
    )
  }
}

/// The failure message: the scenario, then what happened and what the statement says.
func explainProducer(
  _ scenario: ProducerScenario,
  _ got: ProducerOutcome,
  _ expected: ProducerOutcome
) -> String {
  // The first event that differs, with a little before it.
  let same = zip(got.events, expected.events).prefix { $0 == $1 }.count
  let from = max(0, same - 3)
  func shown(_ events: [String]) -> String {
    let part = events[from...].prefix(8)
    let more = events.count > from + 8 ? ", ..." : ""
    return (from > 0 ? "..., " : "")
      + (part.isEmpty ? "nothing more" : part.joined(separator: ", ")) + more
  }
  return "\(scenario): the run went \(shown(got.events)); the statement gives "
    + "\(shown(expected.events))"
}
