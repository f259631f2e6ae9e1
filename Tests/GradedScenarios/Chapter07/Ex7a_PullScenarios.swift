import MiniCombine
import XCTest

// Exercise 7a graded by its statement: generated sources, requests, returned demands, cancels and
// calls from inside the subscriber, each run on the answer and on a model of the statement.

/// One subscriber's life with an `IteratorSubscription`, as the grade generates it.
struct PullScenario: GradedScenario, Equatable {
  /// A call the subscriber makes on its subscription.
  enum Call: Equatable, Sendable, CustomStringConvertible {
    case request(Subscribers.Demand)
    case cancel

    var description: String {
      switch self {
      case .request(let demand): "request(\(Self.spelled(demand)))"
      case .cancel: "cancel()"
      }
    }

    static func spelled(_ demand: Subscribers.Demand) -> String {
      switch demand.max {
      case nil: ".unlimited"
      case 0: ".none"
      case Int.max: ".max(Int.max)"
      case let number? where number > Int.max - 10: ".max(Int.max - \(Int.max - number))"
      case let number?: ".max(\(number))"
      }
    }
  }

  /// The source's first value; each next one is one more (wrapping past `Int.max`).
  var first: Int
  /// How many values the source gives before it returns nil; nil for a source that never ends.
  var count: Int?
  /// The subscriber's calls from outside, one after the other.
  var calls: [Call]
  /// What `receive(_:)` returns with each value in turn (`returnsAfter` past the end of the
  /// list).
  var returns: [Subscribers.Demand]
  /// What `receive(_:)` returns with each value past the end of `returns`.
  var returnsAfter = Subscribers.Demand.none
  /// The calls made from inside `receive(_:)` of the k-th value (0 for the first), one after the
  /// other, before it returns.
  var callsInsideReceive: [Int: [Call]]
  /// A call made from inside `receive(completion:)`.
  var callInsideCompletion: Call?

  var size: Int {
    calls.count + returns.count + callsInsideReceive.values.joined().count * 2
      + (callInsideCompletion == nil ? 0 : 1) + min(count ?? 1_000, 1_000) / 10
  }

  /// The source's value at `index` (0 for the first).
  func value(at index: Int) -> Int { first &+ index }

  var description: String {
    var parts: [String] = []
    switch count {
    case nil: parts.append("a source that never ends, giving \(first), \(value(at: 1)), ...")
    case 0: parts.append("a source with no value (its first next() returns nil)")
    case 1: parts.append("a source giving \(first), then nil")
    case let count?:
      parts.append(
        "a source giving the \(count) values \(first) to \(value(at: count - 1)), then nil"
      )
    }
    parts.append(
      calls.isEmpty
        ? "the subscriber makes no call"
        : "the subscriber calls " + calls.map(\.description).joined(separator: ", then ")
    )
    let returning = returns.enumerated().filter { $0.element != .none }
      .map { "\(Call.spelled($0.element)) with the \(Self.ordinal($0.offset)) value" }
    if !returning.isEmpty {
      parts.append("receive(_:) returns " + returning.joined(separator: ", "))
    }
    if returnsAfter != .none {
      let after = returns.isEmpty ? "every value" : "every value after those"
      parts.append("receive(_:) returns \(Call.spelled(returnsAfter)) with \(after)")
    }
    for (index, calls) in callsInsideReceive.sorted(by: { $0.key < $1.key }) {
      let spelled = calls.map(\.description).joined(separator: ", then ")
      parts.append("inside receive(_:) of the \(Self.ordinal(index)) value it calls \(spelled)")
    }
    if let callInsideCompletion {
      parts.append("inside receive(completion:) it calls \(callInsideCompletion)")
    }
    return parts.joined(separator: "; ")
  }

  static func ordinal(_ index: Int) -> String {
    let number = index + 1
    let suffix =
      (number % 100 / 10 == 1) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
    return "\(number)\(suffix)"
  }

  var smaller: [PullScenario] {
    var candidates: [PullScenario] = []
    for calls in calls.eachWithOneLeftOut { candidates.append(with { $0.calls = calls }) }
    for key in callsInsideReceive.keys.sorted() {
      candidates.append(with { $0.callsInsideReceive[key] = nil })
      for fewer in (callsInsideReceive[key] ?? []).eachWithOneLeftOut where !fewer.isEmpty {
        candidates.append(with { $0.callsInsideReceive[key] = fewer })
      }
    }
    if callInsideCompletion != nil { candidates.append(with { $0.callInsideCompletion = nil }) }
    if returnsAfter != .none { candidates.append(with { $0.returnsAfter = .none }) }
    if !returns.isEmpty { candidates.append(with { $0.returns.removeLast() }) }
    for index in returns.indices where returns[index] != .none {
      candidates.append(with { $0.returns[index] = .none })
    }
    if first != 0, (count ?? 0) < 1_000 { candidates.append(with { $0.first = 0 }) }
    if let count, count > 0 {
      // Halved first: one less at a time could use up the tries on a long source.
      if count > 1 { candidates.append(with { $0.count = count / 2 }) }
      candidates.append(with { $0.count = count - 1 })
    }
    for index in calls.indices {
      if case .request(let demand) = calls[index], let number = demand.max, number > 1 {
        candidates.append(with { $0.calls[index] = .request(.max(number / 2)) })
      }
    }
    return candidates
  }

  private func with(_ change: (inout PullScenario) -> Void) -> PullScenario {
    var copy = self
    change(&copy)
    return copy
  }
}

/// What happened, in order: each time the source was asked and what it gave ("source gave 3",
/// "source gave nil"), each value and the completion the subscriber got ("3", "finished"), any
/// of them "while receive(_:) of 2 was still running" if it came inside another; and, once the
/// subscription is over, whether it let go of the subscriber and of the source.
struct PullOutcome: Equatable {
  var events: [String] = []
  /// Whether the subscription let go of the subscriber; nil where the statement says nothing
  /// (the subscription is not over yet).
  var letGo: Bool?
  /// Whether it let go of the source; nil as `letGo`.
  var sourceLetGo: Bool?
  /// Whether the subscription was freed once nothing else held it; nil as `letGo`.
  var subscriptionFreed: Bool?
  /// Whether the subscription kept the subscriber alive once nothing else held it.
  var kept = true
}

/// The statement of exercise 7a, as a program: what the source and the subscriber must see.
func pullModel(_ scenario: PullScenario) -> PullOutcome {
  var outcome = PullOutcome()
  var index = 0
  var demand = Subscribers.Demand.none
  var over = false
  var sending = false
  // The same log the answer's source and subscriber write: the same words, nested alike.
  let log = PullLog()
  func call(_ call: PullScenario.Call) {
    switch call {
    case .cancel: over = true
    case .request(let more): request(more)
    }
  }
  func request(_ more: Subscribers.Demand) {
    demand += more
    // A request made while values are being sent only adds to the demand.
    guard !sending, !over else { return }
    sending = true
    defer { sending = false }
    while !over, demand > 0 {
      guard scenario.count.map({ index < $0 }) ?? true else {
        log.note("source gave nil")
        over = true
        log.note("finished")
        log.inside.append("receive(completion:)")
        if let inside = scenario.callInsideCompletion { call(inside) }
        log.inside.removeLast()
        return
      }
      let value = scenario.value(at: index)
      log.note("source gave \(value)")
      demand -= 1
      log.note("\(value)")
      log.inside.append("receive(_:) of \(value)")
      for inside in scenario.callsInsideReceive[index] ?? [] { call(inside) }
      log.inside.removeLast()
      demand += index < scenario.returns.count ? scenario.returns[index] : scenario.returnsAfter
      index += 1
    }
  }

  for step in scenario.calls { call(step) }
  outcome.events = log.events
  outcome.letGo = over ? true : nil
  outcome.sourceLetGo = outcome.letGo
  outcome.subscriptionFreed = outcome.letGo
  return outcome
}

/// What a scenario's source and subscriber saw, kept apart from both: the test reads it after
/// they are gone.
final class PullLog {
  // Used from the test's thread only, as the exercise's calls are.
  var events: [String] = []
  /// The receive calls running now, innermost last.
  var inside: [String] = []

  func note(_ event: String) {
    events.append(inside.last.map { "\(event) while \($0) was still running" } ?? event)
  }
}

/// A scenario's source: a struct, as many iterators are, that writes down each time it is asked.
struct ScriptedSource: IteratorProtocol {
  /// An object only the source holds, to see whether the subscription let go of the source.
  final class Token {}

  let scenario: PullScenario
  let log: PullLog
  let token = Token()
  private var index = 0

  init(_ scenario: PullScenario, log: PullLog) {
    self.scenario = scenario
    self.log = log
  }

  mutating func next() -> Int? {
    guard scenario.count.map({ index < $0 }) ?? true else {
      log.note("source gave nil")
      return nil
    }
    let value = scenario.value(at: index)
    index += 1
    log.note("source gave \(value)")
    return value
  }
}

/// A subscriber that follows a scenario and writes down what it receives.
final class ScriptedPullSubscriber: Subscriber {
  // Used from the test's thread only, as the exercise's calls are.
  private let scenario: PullScenario
  private(set) var subscription: (any Subscription)?
  let log: PullLog
  private var count = 0
  private var finished = 0
  /// More values than any scenario asks for: the subscriber cancels, so a loop that ignores
  /// the demand ends.
  static let tooMany = 2_000
  /// `tooMany`, or for a scenario whose subscriber asks for more with every value, a thousand
  /// more than its source holds.
  private var limit: Int {
    guard scenario.returnsAfter != .none, let count = scenario.count else { return Self.tooMany }
    return count + 1_000
  }

  init(_ scenario: PullScenario, log: PullLog) {
    self.scenario = scenario
    self.log = log
  }

  func receive(subscription: any Subscription) {
    // The publisher hands it over once; a subscription that does it too is told on the log.
    if self.subscription != nil { log.note(Self.handedOverAgain) }
    self.subscription = subscription
  }

  /// What the log says of a second `receive(subscription:)`.
  static let handedOverAgain = "receive(subscription:) called a second time"

  func perform(_ call: PullScenario.Call) {
    switch call {
    case .request(let demand): subscription?.request(demand)
    case .cancel: subscription?.cancel()
    }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    log.note("\(input)")
    let index = count
    count += 1
    if count > limit {
      subscription?.cancel()
      return .none
    }
    log.inside.append("receive(_:) of \(input)")
    defer { log.inside.removeLast() }
    for call in scenario.callsInsideReceive[index] ?? [] { perform(call) }
    return index < scenario.returns.count ? scenario.returns[index] : scenario.returnsAfter
  }

  func receive(completion: Subscribers.Completion<Never>) {
    log.note("finished")
    finished += 1
    // Only at the first completion: a second one is a mistake the log shows already, and
    // calling again from inside each would nest without end.
    guard finished == 1 else { return }
    log.inside.append("receive(completion:)")
    defer { log.inside.removeLast() }
    if let call = scenario.callInsideCompletion { perform(call) }
  }
}

/// The scenarios exercise 7a is graded on: a fixed list, from fixed seeds.
func pullScenarios(count: Int, seed: UInt64) -> [PullScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in makePullScenario(&numbers) }
}

private func makePullScenario(_ numbers: inout SeededNumbers) -> PullScenario {
  let first = numbers.pick([0, 1, -3, Int.random(in: -1_000...1_000, using: &numbers)])
  let count: Int?
  switch Int.random(in: 0..<10, using: &numbers) {
  case 0, 1: count = 0
  case 2: count = 1
  case 3: count = Int.random(in: 100...400, using: &numbers)
  case 4: count = nil
  case 5: count = 1_000_000  // more values than any demand of this scenario will reach
  default: count = Int.random(in: 2...8, using: &numbers)
  }
  // Where the source is long, only small numbers: the scenario must end.
  let long = (count ?? Int.max) > 400
  func demand() -> Subscribers.Demand {
    if long {
      return numbers.pick([.none, .max(1), .max(2), .max(Int.random(in: 1...30, using: &numbers))])
    }
    return numbers.pick([
      .none, .none, .max(1), .max(1), .max(2), .max(3),
      .max(Int.random(in: 1...12, using: &numbers)), .max(Int.max), .max(Int.max - 1), .unlimited,
    ])
  }
  func call() -> PullScenario.Call {
    numbers.chance(12) ? .cancel : .request(demand())
  }
  let calls = (0..<Int.random(in: 1...4, using: &numbers)).map { _ in call() }
  var returns: [Subscribers.Demand] = []
  if numbers.chance(60) {
    returns = (0..<Int.random(in: 1...6, using: &numbers)).map { _ in
      numbers.chance(50) ? .none : demand()
    }
  }
  var inside: [Int: [PullScenario.Call]] = [:]
  if numbers.chance(55) {
    for _ in 0..<Int.random(in: 1...3, using: &numbers) {
      // Now and then two calls inside one receive(_:): requests add up there too.
      inside[Int.random(in: 0...8, using: &numbers)] =
        numbers.chance(25) ? [call(), call()] : [call()]
    }
  }
  let completion: PullScenario.Call? = numbers.chance(20) ? call() : nil
  return PullScenario(
    first: first,
    count: count,
    calls: calls,
    returns: returns,
    callsInsideReceive: inside,
    callInsideCompletion: completion
  )
}

/// Runs 7a is graded on besides `pullScenarios`': a subscriber that asks for one more with
/// every value, from sources of 2^8 + 1 and 2^16 + 2 values, and of 2^16 + 3 whose last value is
/// `Int.max`.
func pullScenariosAskingWithEveryValue() -> [PullScenario] {
  func asking(first: Int, count: Int) -> PullScenario {
    PullScenario(
      first: first,
      count: count,
      calls: [.request(.max(1))],
      returns: [],
      returnsAfter: .max(1),
      callsInsideReceive: [:]
    )
  }
  return [
    asking(first: 0, count: 257),
    asking(first: 0, count: 65_538),
    asking(first: Int.max - 65_538, count: 65_539),
  ]
}

/// The failure message: the scenario, then what happened and what the statement gives.
func explainPull(
  _ scenario: PullScenario,
  _ got: PullOutcome,
  _ expected: PullOutcome
)
  -> String
{
  if !got.kept {
    return "\(scenario): the subscriber was freed as soon as only the subscription held it, "
      + "before any request: the subscription must keep it until the subscription is over"
  }
  if got.events != expected.events {
    return "\(scenario): \(toldApart(got.events, expected.events))"
  }
  if got.letGo == expected.letGo, got.sourceLetGo == expected.sourceLetGo {
    return "\(scenario): once the subscription was over and nothing else held it, it was still "
      + "alive: something it holds keeps it (itself, say); expected it freed"
  }
  let what =
    got.letGo == false
    ? got.sourceLetGo == false ? "the subscriber and the source" : "the subscriber"
    : "the source"
  return "\(scenario): the subscription still held \(what) once it was over; expected it let go"
}

/// Two timelines, told where they part: all of them when short, else the last few events they
/// share and the next few of each.
private func toldApart(_ got: [String], _ expected: [String]) -> String {
  func listed(_ events: some Collection<String>) -> String {
    events.isEmpty ? "nothing" : events.joined(separator: ", ")
  }
  if got.count <= 24, expected.count <= 24 {
    return "what happened: \(listed(got)); the statement gives \(listed(expected))"
  }
  let shared = zip(got, expected).prefix { $0 == $1 }.count
  let before = got[max(0, shared - 4)..<shared]
  let lead = shared == 0 ? "" : "after \(shared) events alike (the last: \(listed(before))), "
  return "\(lead)what happened next: \(listed(got.dropFirst(shared).prefix(6))); the statement "
    + "gives \(listed(expected.dropFirst(shared).prefix(6)))"
}
