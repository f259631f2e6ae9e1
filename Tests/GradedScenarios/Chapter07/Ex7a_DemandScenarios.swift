import MiniCombine
import XCTest

// Exercise 7a graded by its statement: generated ranges, requests, returned demands, cancels and
// calls from inside the subscriber, each run on the answer and on a model of the statement.

/// One subscriber's life with a `NumbersSubscription`, as the grade generates it.
struct DemandScenario: GradedScenario {
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

  var range: Range<Int>
  /// The subscriber's calls from outside, one after the other.
  var calls: [Call]
  /// What `receive(_:)` returns with each number in turn (`returnsAfter` past the end of the
  /// list).
  var returns: [Subscribers.Demand]
  /// What `receive(_:)` returns with each number past the end of `returns`.
  var returnsAfter = Subscribers.Demand.none
  /// The calls made from inside `receive(_:)` of the k-th number (0 for the first), one after the
  /// other, before it returns.
  var callsInsideReceive: [Int: [Call]]
  /// A call made from inside `receive(completion:)`.
  var callInsideCompletion: Call?

  var size: Int {
    calls.count + returns.count + callsInsideReceive.values.joined().count * 2
      + (callInsideCompletion == nil ? 0 : 1) + min(Self.length(of: range), 1_000) / 10
  }

  /// The number of numbers in `range`, or `Int.max` if it has more.
  static func length(of range: Range<Int>) -> Int {
    let (length, overflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
    return overflow ? Int.max : length
  }

  var description: String {
    var parts = [
      "the numbers in \(Self.spelled(range.lowerBound))..<\(Self.spelled(range.upperBound))"
    ]
    parts.append(
      calls.isEmpty
        ? "the subscriber makes no call"
        : "the subscriber calls " + calls.map(\.description).joined(separator: ", then ")
    )
    let returning = returns.enumerated().filter { $0.element != .none }
      .map { "\(Call.spelled($0.element)) with the \(Self.ordinal($0.offset)) number" }
    if !returning.isEmpty {
      parts.append("receive(_:) returns " + returning.joined(separator: ", "))
    }
    if returnsAfter != .none {
      let after = returns.isEmpty ? "every number" : "every number after those"
      parts.append("receive(_:) returns \(Call.spelled(returnsAfter)) with \(after)")
    }
    for (index, calls) in callsInsideReceive.sorted(by: { $0.key < $1.key }) {
      let spelled = calls.map(\.description).joined(separator: ", then ")
      parts.append("inside receive(_:) of the \(Self.ordinal(index)) number it calls \(spelled)")
    }
    if let callInsideCompletion {
      parts.append("inside receive(completion:) it calls \(callInsideCompletion)")
    }
    return parts.joined(separator: "; ")
  }

  /// A bound as a learner reads it: "Int.max - 3", "Int.min + 2", "17".
  static func spelled(_ bound: Int) -> String {
    if bound == Int.max { return "Int.max" }
    if bound == Int.min { return "Int.min" }
    if bound > Int.max - 1_000 { return "Int.max - \(Int.max - bound)" }
    if bound < Int.min + 1_000 { return "Int.min + \(bound - Int.min)" }
    return "\(bound)"
  }

  static func ordinal(_ index: Int) -> String {
    let number = index + 1
    let suffix =
      (number % 100 / 10 == 1) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
    return "\(number)\(suffix)"
  }

  var smaller: [DemandScenario] {
    var candidates: [DemandScenario] = []
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
    let length = Self.length(of: range)
    if range.lowerBound != 0, length < 1_000 {
      candidates.append(with { $0.range = 0..<length })
    }
    if length > 0 {
      candidates.append(with { $0.range = range.lowerBound..<(range.upperBound - 1) })
      if length > 1 {
        candidates.append(with { $0.range = range.lowerBound..<(range.lowerBound + length / 2) })
      }
    }
    for index in calls.indices {
      if case .request(let demand) = calls[index], let number = demand.max, number > 1 {
        candidates.append(with { $0.calls[index] = .request(.max(number / 2)) })
      }
    }
    return candidates
  }

  private func with(_ change: (inout DemandScenario) -> Void) -> DemandScenario {
    var copy = self
    change(&copy)
    return copy
  }
}

/// What the subscriber saw: each number and the completion, in order ("7 while receive(_:) of 6
/// was still running" if one came inside another), and whether it was let go at the end.
struct DemandOutcome: Equatable {
  var received: [String] = []
  /// Whether the subscription let go of the subscriber; nil where the statement says nothing
  /// (the subscription is not over yet).
  var letGo: Bool?
  /// Whether the subscription kept the subscriber alive once nothing else held it.
  var kept = true
}

/// The statement of exercise 7a, as a program: what the subscriber must see.
func demandModel(_ scenario: DemandScenario) -> DemandOutcome {
  var outcome = DemandOutcome()
  var next = scenario.range.lowerBound
  var demand = Subscribers.Demand.none
  var over = false
  var sending = false
  var count = 0

  func call(_ call: DemandScenario.Call) {
    switch call {
    case .cancel: over = true
    case .request(let more): request(more)
    }
  }
  func request(_ more: Subscribers.Demand) {
    demand += more
    // A request made while numbers are being sent only adds to the demand.
    guard !sending, !over else { return }
    sending = true
    while !over, demand > 0, next < scenario.range.upperBound {
      demand -= 1
      outcome.received.append("\(next)")
      next += 1
      let index = count
      count += 1
      for inside in scenario.callsInsideReceive[index] ?? [] { call(inside) }
      demand += index < scenario.returns.count ? scenario.returns[index] : scenario.returnsAfter
    }
    if !over, next == scenario.range.upperBound {
      over = true
      outcome.received.append("finished")
      if let inside = scenario.callInsideCompletion { call(inside) }
    }
    sending = false
  }

  for step in scenario.calls { call(step) }
  outcome.letGo = over ? true : nil
  return outcome
}

/// A subscriber that follows a scenario and writes down what it receives.
final class ScriptedNumbersSubscriber: Subscriber {
  /// What a subscriber received, kept apart from it: the test reads it after the subscriber is
  /// gone.
  final class Log {
    var received: [String] = []
  }

  // Used from the test's thread only, as the exercise's calls are.
  private let scenario: DemandScenario
  private(set) var subscription: (any Subscription)?
  let log = Log()
  var received: [String] {
    get { log.received }
    set { log.received = newValue }
  }
  private var inside: [String] = []  // the receive calls running now, innermost last
  private var count = 0
  /// More numbers than any scenario asks for: the subscriber cancels, so a loop that ignores
  /// the demand ends.
  static let tooMany = 2_000
  /// `tooMany`, or for a scenario whose subscriber asks for more with every number, a thousand
  /// more than its range holds.
  private var limit: Int {
    guard scenario.returnsAfter != .none else { return Self.tooMany }
    return DemandScenario.length(of: scenario.range) + 1_000
  }

  init(_ scenario: DemandScenario) {
    self.scenario = scenario
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
  }

  func perform(_ call: DemandScenario.Call) {
    switch call {
    case .request(let demand): subscription?.request(demand)
    case .cancel: subscription?.cancel()
    }
  }

  private func note(_ event: String) {
    // On the log itself: through `received` each append would copy all before it.
    log.received.append(inside.last.map { "\(event) while \($0) was still running" } ?? event)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    note("\(input)")
    let index = count
    count += 1
    if log.received.count > limit {
      subscription?.cancel()
      return .none
    }
    inside.append("receive(_:) of \(input)")
    defer { inside.removeLast() }
    for call in scenario.callsInsideReceive[index] ?? [] { perform(call) }
    return index < scenario.returns.count ? scenario.returns[index] : scenario.returnsAfter
  }

  func receive(completion: Subscribers.Completion<Never>) {
    note("finished")
    // Only at the first completion: a second one is a mistake the log shows already, and
    // calling again from inside each would nest without end.
    guard log.received.filter({ $0.hasPrefix("finished") }).count == 1 else { return }
    inside.append("receive(completion:)")
    defer { inside.removeLast() }
    if let call = scenario.callInsideCompletion { perform(call) }
  }
}

/// The scenarios exercise 7a is graded on: a fixed list, from fixed seeds.
func demandScenarios(count: Int, seed: UInt64) -> [DemandScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in makeDemandScenario(&numbers) }
}

private func makeDemandScenario(_ numbers: inout SeededNumbers) -> DemandScenario {
  let range: Range<Int>
  switch Int.random(in: 0..<10, using: &numbers) {
  case 0: range = 0..<0
  case 1:
    let at = Int.random(in: -1_000...1_000, using: &numbers)
    range = at..<at
  case 2:
    let length = Int.random(in: 0...6, using: &numbers)
    range = (Int.max - length)..<Int.max
  case 3:
    let length = Int.random(in: 0...6, using: &numbers)
    range = Int.min..<(Int.min + length)
  case 4: range = 0..<Int.random(in: 100...400, using: &numbers)
  case 5:
    // More numbers than any demand of this scenario will reach.
    let start = numbers.pick([0, -5, Int.random(in: -1_000_000...1_000_000, using: &numbers)])
    range = start..<numbers.pick([Int.max, start + 1_000_000])
  default:
    let start = numbers.pick([0, 0, 1, -3, Int.random(in: -50...50, using: &numbers)])
    range = start..<(start + Int.random(in: 1...8, using: &numbers))
  }
  // Where the range is long, only small numbers: the scenario must end.
  let long = DemandScenario.length(of: range) > 400
  func demand() -> Subscribers.Demand {
    if long {
      return numbers.pick([.none, .max(1), .max(2), .max(Int.random(in: 1...30, using: &numbers))])
    }
    return numbers.pick([
      .none, .max(1), .max(1), .max(2), .max(3), .max(Int.random(in: 1...12, using: &numbers)),
      .max(Int.max), .max(Int.max - 1), .unlimited,
    ])
  }
  func call() -> DemandScenario.Call {
    numbers.chance(12) ? .cancel : .request(demand())
  }
  let calls = (0..<Int.random(in: 1...4, using: &numbers)).map { _ in call() }
  var returns: [Subscribers.Demand] = []
  if numbers.chance(60) {
    returns = (0..<Int.random(in: 1...6, using: &numbers)).map { _ in
      numbers.chance(50) ? .none : demand()
    }
  }
  var inside: [Int: [DemandScenario.Call]] = [:]
  if numbers.chance(55) {
    for _ in 0..<Int.random(in: 1...3, using: &numbers) {
      // Now and then two calls inside one receive(_:): requests add up there too.
      inside[Int.random(in: 0...8, using: &numbers)] =
        numbers.chance(25) ? [call(), call()] : [call()]
    }
  }
  let completion: DemandScenario.Call? = numbers.chance(20) ? call() : nil
  return DemandScenario(
    range: range,
    calls: calls,
    returns: returns,
    callsInsideReceive: inside,
    callInsideCompletion: completion
  )
}

/// Runs 7a is graded on besides `demandScenarios`': a subscriber that asks for one more with
/// every number, over ranges of 2^8 + 2 and 2^16 + 2 numbers, and of 2^16 + 3 ending at
/// `Int.max`.
func demandScenariosAskingWithEveryNumber() -> [DemandScenario] {
  func asking(_ range: Range<Int>) -> DemandScenario {
    DemandScenario(
      range: range,
      calls: [.request(.max(1))],
      returns: [],
      returnsAfter: .max(1),
      callsInsideReceive: [:]
    )
  }
  return [
    asking(0..<258),
    asking(0..<65_538),
    asking((Int.max - 65_539)..<Int.max),
  ]
}

/// The failure message: the scenario, then what the subscriber saw and what it should have.
func explainDemand(
  _ scenario: DemandScenario,
  _ got: DemandOutcome,
  _ expected: DemandOutcome
)
  -> String
{
  func listed(_ events: [String]) -> String {
    if events.isEmpty { return "nothing" }
    // A long run of numbers in a row, one after the other, as its first two and its last.
    guard scenario.returnsAfter != .none else { return events.joined(separator: ", ") }
    var parts: [String] = []
    var index = 0
    while index < events.count {
      var end = index
      while end + 1 < events.count, let this = Int(events[end]), let after = Int(events[end + 1]),
        this < Int.max, after == this + 1
      {
        end += 1
      }
      if end - index >= 3 {
        parts.append("\(events[index]), \(events[index + 1]), ..., \(events[end])")
        index = end + 1
      } else {
        parts.append(events[index])
        index += 1
      }
    }
    return parts.joined(separator: ", ")
  }
  if !got.kept {
    return "\(scenario): the subscriber was freed as soon as only the subscription held it, "
      + "before any request: the subscription must keep it until the subscription is over"
  }
  if got.received != expected.received {
    return "\(scenario): the subscriber got \(listed(got.received)); the statement gives "
      + "\(listed(expected.received))"
  }
  return "\(scenario): the subscription still held the subscriber once it was over; expected "
    + "it let go"
}
