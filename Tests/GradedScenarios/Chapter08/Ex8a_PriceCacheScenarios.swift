import Foundation
import LessonSupport

// Exercise 8a graded by its statement: generated runs of callers asking for the prices of a
// few products (codes that `==` calls equal though spelled apart among them, and codes a reader
// takes for one another that it tells apart), one asked for many times over, lookups answered
// in any order with a price (0, negatives, Int.min and Int.max among them) or an error, and
// callers' tasks cancelled while they wait.

/// One step of a run of `PriceCache`.
enum PriceStep: Equatable, Sendable {
  /// A new caller asks cache `cache` (0 or 1) for the price of this product, its task already
  /// cancelled if `cancelled` (callers are numbered from 1).
  case call(String, cache: Int = 0, cancelled: Bool = false)
  /// The lookup under way for this product, in cache `cache`, ends so.
  case answer(String, PriceAnswer, cache: Int = 0)
  /// The task of this caller (its number) is cancelled while it waits.
  case cancel(caller: Int)
}

/// How a lookup ends.
enum PriceAnswer: Equatable, Sendable, CustomStringConvertible {
  case price(Int)
  /// `lookUp` throws `LookupFailure(code)`.
  case failure(Int)
  /// `lookUp` throws `CancellationError()` of its own accord (no task was cancelled).
  case cancellationError
  /// `lookUp` throws an error of the platform's own (a URLError, as a network call does, a
  /// POSIXError or a CocoaError).
  case platformError(PlatformError)
  /// `lookUp` throws `DecodingError.keyNotFound` for this key, as a decoder of its answer does.
  case decodingError(String)
  /// `lookUp` throws `DecodingError.dataCorrupted`, as a decoder of a garbled answer does.
  case corruptedData
  /// `lookUp` throws an `NSError` of this domain and code, as a server's error may come.
  case nsError(String, Int)

  var description: String {
    switch self {
    case .price(let price): "finds \(price)"
    case .cancellationError: "throws CancellationError()"
    default: "throws " + spelledResult
    }
  }

  /// What a caller given this answer gets, as the outcome spells it.
  var spelledResult: String {
    switch self {
    case .price(let price): "\(price)"
    case .failure(let code): "LookupFailure(\(code))"
    case .cancellationError: "CancellationError"
    case .platformError(let error): "\(error)"
    case .decodingError(let key): spelledDecodingError(key: key)
    case .corruptedData: "DecodingError.dataCorrupted"
    case .nsError(let domain, let code): "NSError(\(domain), \(code))"
    }
  }
}

/// "DecodingError.keyNotFound(price)": a decoder's error for a missing key, as messages show it.
func spelledDecodingError(key: String) -> String {
  "DecodingError.keyNotFound(\(key))"
}

/// The error a decoder throws for a missing `key`.
func decodingError(key: String) -> DecodingError {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
  return .keyNotFound(
    Key(stringValue: key),
    DecodingError.Context(codingPath: [], debugDescription: "no value for \(key)")
  )
}

/// The error a lookup of the graded runs throws.
struct LookupFailure: Error, Equatable {
  let code: Int
}

/// "A", "", "e\u{301}": a product code as the messages show it, every scalar outside printable
/// ASCII escaped, so that two codes spelled apart look apart; a long one shortened in the middle,
/// with its length.
func spelledProduct(_ product: String) -> String {
  func spelled(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    scalars.map { scalar in
      (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\"
        ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
    }.joined()
  }
  let scalars = product.unicodeScalars
  let count = scalars.count
  guard count > 40 else { return "\"" + spelled(scalars) + "\"" }
  // Only the ends are shown: a code of 10,000 scalars is spelled as fast as a short one.
  return "\"" + spelled(scalars.prefix(4)) + "..." + spelled(scalars.suffix(4))
    + "\" (\(count) scalars)"
}

/// One generated run: the steps, in order; each lookup still under way at the end is then
/// answered with a price (see `closingSteps`).
struct PriceScenario: GradedScenario, Equatable {
  var steps: [PriceStep]

  var size: Int {
    steps.count
  }

  /// How many caches the run has, each with a lookUp of its own.
  var cacheCount: Int {
    1
      + (steps.map {
        switch $0 {
        case .call(_, let cache, _), .answer(_, _, let cache): cache
        case .cancel: 0
        }
      }.max() ?? 0)
  }

  /// "cache 2: " in a run of several caches.
  func which(_ cache: Int) -> String {
    cacheCount > 1 ? "cache \(cache + 1): " : ""
  }

  var description: String {
    var caller = 0
    var spelled: [String] = steps.map { step in
      switch step {
      case .call(let product, let cache, let cancelled):
        caller += 1
        let how = cancelled ? ", its task already cancelled" : ""
        let asked = cacheCount > 1 ? "asks cache \(cache + 1) for" : "asks for"
        return "caller \(caller) \(asked) \(spelledProduct(product))\(how)"
      case .answer(let product, let answer, let cache):
        return "\(which(cache))the lookup of \(spelledProduct(product)) \(answer)"
      case .cancel(let caller):
        return "caller \(caller)'s task is cancelled"
      }
    }
    let closing = priceLife(self)?.closing ?? []
    if !closing.isEmpty {
      let answers = closing.map {
        "\(which($0.cache))the lookup of \(spelledProduct($0.product)) \($0.answer)"
      }
      spelled.append("then " + answers.joined(separator: ", "))
    }
    return spelled.joined(separator: "; ")
  }

  var smaller: [PriceScenario] {
    var candidates: [PriceScenario] = []
    func consider(_ steps: [PriceStep]) {
      let candidate = PriceScenario(steps: steps)
      if candidate != self, priceLife(candidate) != nil { candidates.append(candidate) }
    }
    var callers = 0
    for (index, step) in steps.enumerated() {
      switch step {
      case .call(let product, let cache, let cancelled):
        if cancelled {
          var plainer = steps
          plainer[index] = .call(product, cache: cache)
          consider(plainer)
        }
        // The caller goes, with its cancel; the callers after it move up a number.
        callers += 1
        let gone = callers
        consider(
          steps.enumerated().compactMap { other, step in
            if other == index { return nil }
            guard case .cancel(let caller) = step else { return step }
            if caller == gone { return nil }
            return .cancel(caller: caller > gone ? caller - 1 : caller)
          }
        )
      case .answer(let product, let answer, let cache):
        var without = steps
        without.remove(at: index)
        consider(without)
        if answer != .price(1) {
          var plainer = steps
          plainer[index] = .answer(product, .price(1), cache: cache)
          consider(plainer)
        }
      case .cancel:
        var without = steps
        without.remove(at: index)
        consider(without)
      }
    }
    return candidates
  }
}

/// What the harness waits for after a step, by the statement.
enum PricePlan: Equatable, Sendable {
  /// The caller (number) gets its result at once: the price is kept.
  case returnsAtOnce(caller: Int)
  /// The caller (number) starts the lookup of its product, the `count`th lookup of the run.
  case looksUp(caller: Int, count: Int)
  /// The caller waits for the lookup under way; a cancel changes nothing.
  case waits
  /// The lookup ends; these callers get its result.
  case ends(callers: [Int])
}

/// What a run gives: the products given to each cache's `lookUp`, in order, spelled as given
/// (so that a code passed on in another spelling shows), and what each caller got.
struct PriceOutcome: Equatable, CustomStringConvertible {
  var lookups: [[String]]
  var results: [String]

  var description: String {
    let looked = lookups.enumerated().map { cache, products in
      let which = lookups.count > 1 ? "cache \(cache + 1)'s " : ""
      return products.isEmpty
        ? "\(which)lookUp was never called"
        : "\(which)lookUp was called for " + products.joined(separator: ", ")
    }
    let got = results.enumerated().map { "caller \($0.offset + 1) got \($0.element)" }
    return (looked + got).joined(separator: ", ")
  }
}

/// A run by the statement: what it gives, what the harness waits for after each step (the
/// closing ones included), and the answers that close it; nil when a step is not possible (an
/// answer with no lookup under way, a cancel of a caller that is not waiting).
func priceLife(
  _ scenario: PriceScenario
) -> (
  outcome: PriceOutcome, plans: [PricePlan],
  closing: [(product: String, answer: PriceAnswer, cache: Int)]
)? {
  let caches = scenario.cacheCount
  var kept = [[String: Int]](repeating: [:], count: caches)
  // The lookups under way, oldest first: the cache, the product and the callers waiting for it.
  var underWay: [(cache: Int, product: String, waiting: [Int])] = []
  var lookups = [[String]](repeating: [], count: caches)
  var results: [String?] = []
  var plans: [PricePlan] = []
  func answer(_ product: String, _ answer: PriceAnswer, cache: Int) -> PricePlan? {
    guard let index = underWay.firstIndex(where: { $0.cache == cache && $0.product == product })
    else { return nil }
    let waiting = underWay.remove(at: index).waiting
    if case .price(let price) = answer { kept[cache][product] = price }
    for caller in waiting { results[caller - 1] = answer.spelledResult }
    return .ends(callers: waiting)
  }
  for step in scenario.steps {
    switch step {
    case .call(let product, let cache, _):
      results.append(nil)
      let caller = results.count
      if let price = kept[cache][product] {
        results[caller - 1] = "\(price)"
        plans.append(.returnsAtOnce(caller: caller))
      } else if let index = underWay.firstIndex(where: {
        $0.cache == cache && $0.product == product
      }) {
        underWay[index].waiting.append(caller)
        plans.append(.waits)
      } else {
        underWay.append((cache, product, [caller]))
        lookups[cache].append(spelledProduct(product))  // as this caller spelled it
        plans.append(.looksUp(caller: caller, count: lookups[cache].count))
      }
    case .answer(let product, let given, let cache):
      guard let plan = answer(product, given, cache: cache) else { return nil }
      plans.append(plan)
    case .cancel(let caller):
      guard caller >= 1, caller <= results.count, results[caller - 1] == nil else { return nil }
      plans.append(.waits)
    }
  }
  let closing = underWay.enumerated().map { index, lookup in
    (product: lookup.product, answer: PriceAnswer.price(9_000 + index), cache: lookup.cache)
  }
  for (product, given, cache) in closing {
    guard let plan = answer(product, given, cache: cache) else { return nil }
    plans.append(plan)
  }
  return (PriceOutcome(lookups: lookups, results: results.map { $0 ?? "nothing" }), plans, closing)
}

/// The statement of exercise 8a, as a program.
func priceModel(_ scenario: PriceScenario) -> PriceOutcome {
  priceLife(scenario)?.outcome ?? PriceOutcome(lookups: [], results: [])
}

/// The runs exercise 8a is graded on: a fixed list, from a fixed seed.
func priceScenarios(count: Int, seed: UInt64) -> [PriceScenario] {
  var numbers = SeededNumbers(seed: seed)
  let long = String(repeating: "X", count: 40)
  let longer = String(repeating: "X", count: 1_100)
  // Pairs of codes, each with "A" in the run: some `==` calls equal though spelled apart ("é" in
  // one scalar or two, the Angstrom sign and "Å"), some it tells apart though they look alike or
  // mean the same to a reader (case, a space, NUL, "ﬁ" and "fi", a full-width "Ａ", codes that
  // part only after 40 or 1,100 scalars, the empty code).
  let pairs =
    [
      ["\u{E9}", "e\u{301}"], ["\u{C5}", "\u{212B}"], ["\u{FB01}", "fi"], ["\u{FF21}"], ["a"],
      [" A", "A "], ["A\t", "A\n"], ["A\u{A0}"], ["A\u{0}"], [long + "1", long + "2"],
      [longer + "1", longer + "2"], ["", "\u{1F600}"],
    ]
  // Codes a reader takes for one another, two at a time: every two of a group.
  let alike =
    pairs.map { ["A"] + $0 }
    + lookalikeGroups(of: "A").flatMap { group in
      group.indices.flatMap { first in
        group.indices.dropFirst(first + 1).map { [group[first], group[$0]] }
      }
    }
  var nextCode = 0  // every URLError code in turn
  let prices = [0, -1, 1, 250, 999, 1_000_000, Int.max, Int.min, Int.max - 1]
  // For each piece a tidying shortcut removes, doubles or resolves, the codes around it, each
  // looked up once, then asked for again.
  var scenarios = tidiedPieces.map { piece in
    let codes = tidiedStrings(around: piece, between: "A", and: "B")
    let lookedUp = codes.enumerated().flatMap { index, code -> [PriceStep] in
      [.call(code), .answer(code, .price(index + 1))]
    }
    return PriceScenario(steps: lookedUp + codes.map { .call($0) })
  }
  let fixed = scenarios.count
  while scenarios.count < fixed + count {
    let products =
      switch Int.random(in: 0..<100, using: &numbers) {
      case 0..<40: numbers.pick(alike)
      case 40..<55: nearbyStrings(&numbers)
      default: ["A", "B", "C"]
      }
    let caches = numbers.chance(20) ? Int.random(in: 2...3, using: &numbers) : 1
    var steps: [PriceStep] = []
    // The generator only guesses what is under way; the model has the last word (and drops a
    // run with a step that is not possible).
    var underWay: [(cache: Int, product: String)] = []
    var waiting: [Int] = []  // callers that wait for a lookup
    var waitingFor: [Int: (cache: Int, product: String)] = [:]
    var callers = 0
    // Now and then a product whose price is kept is asked for many times over.
    if numbers.chance(8) {
      let product = numbers.pick(products)
      let price = numbers.pick(prices)
      steps = [.call(product), .answer(product, .price(price))]
      for _ in 0..<Int.random(in: 21...40, using: &numbers) {
        steps.append(.call(numbers.pick(products), cancelled: numbers.chance(10)))
      }
      let scenario = PriceScenario(steps: steps)
      if priceLife(scenario) != nil { scenarios.append(scenario) }
      continue
    }
    for _ in 0..<Int.random(in: 1...12, using: &numbers) {
      let roll = Int.random(in: 0..<100, using: &numbers)
      if roll < 50 || underWay.isEmpty {
        let product = numbers.pick(products.shuffled(using: &numbers).prefix(2).map { $0 })
        let cache = Int.random(in: 0..<caches, using: &numbers)
        callers += 1
        steps.append(.call(product, cache: cache, cancelled: numbers.chance(10)))
        if !underWay.contains(where: { $0 == (cache, product) }) {
          underWay.append((cache, product))
        }
        waiting.append(callers)
        waitingFor[callers] = (cache, product)
      } else if roll < 85 {
        let (cache, product) = numbers.pick(underWay)
        let answer: PriceAnswer =
          switch Int.random(in: 0..<100, using: &numbers) {
          case 0..<65:
            .price(
              numbers.chance(40) ? numbers.pick(prices) : Int.random(in: 1...9_999, using: &numbers)
            )
          case 65..<80: .failure(Int.random(in: 1...9, using: &numbers))
          case 80..<86: .platformError(.url(everyURLErrorCode[nextURLErrorCode(&nextCode)].code))
          case 86..<92: .platformError(numbers.platformError())
          case 92..<94: .decodingError(numbers.pick(["price", "cost", "amount"]))
          case 94..<95: .corruptedData
          case 95..<96:
            .nsError(
              numbers.pick(["Catalog", "HTTP"]),
              numbers.pick([404, 500, 0, -1])
            )
          default: .cancellationError
          }
        steps.append(.answer(product, answer, cache: cache))
        underWay.removeAll { $0 == (cache, product) }
        waiting.removeAll { waitingFor[$0].map { $0 == (cache, product) } ?? false }
      } else if let caller = waiting.randomElement(using: &numbers) {
        steps.append(.cancel(caller: caller))
        waiting.removeAll { $0 == caller }
      }
    }
    let scenario = PriceScenario(steps: steps)
    if priceLife(scenario) != nil { scenarios.append(scenario) }
  }
  return scenarios
}

/// The failure message: the run, then what the answer gave and what the statement gives.
func explainPrices(
  _ scenario: PriceScenario,
  _ got: PriceOutcome,
  _ expected: PriceOutcome
)
  -> String
{
  "\(scenario): \(got); the statement gives \(expected)"
}

/// The `lookUp` the graded runs give the cache: each call waits until the run answers it, and
/// ends with `CancellationError` at once if its task is cancelled, as a network call does.
///
/// The run answers a product's lookups when the statement ends its lookup; a call that comes
/// after that, before the run expects the next lookup of that product, is answered at once the
/// same way, so that an answer that looks up more often than the statement says ends all the
/// same and shows it in `products`.
final class PriceLookups: Sendable {
  private struct Call {
    let product: String
    var continuation: CheckedContinuation<Int, any Error>?
    var ended = false
    var cancelled = false
    /// An answer given before the call began to wait.
    var early: PriceAnswer?
  }

  private struct State {
    var calls: [Call] = []
    /// The calls of each product that may still wait for an answer.
    var open: [String: [Int]] = [:]
    /// How the last lookup of a product was answered, until the run expects another.
    var recent: [String: PriceAnswer] = [:]
    var countWaiters: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var nextWaiter = 0
    /// Waits whose caller ended before the wait began.
    var released: Set<Int> = []
  }

  private let state = Locked(State())

  init() {}

  /// How many calls have come.
  var count: Int {
    state.withLock { $0.calls.count }
  }

  /// The products given to `lookUp`, in the order of the calls, as the messages spell them.
  var products: [String] {
    state.withLock { $0.calls.map { spelledProduct($0.product) } }
  }

  func lookUp(_ product: String) async throws -> Int {
    let (index, answered, ready) = state.withLock { state in
      state.calls.append(Call(product: product))
      state.open[product, default: []].append(state.calls.count - 1)
      let ready = state.countWaiters.filter { $0.count <= state.calls.count }
      state.countWaiters.removeAll { $0.count <= state.calls.count }
      return (state.calls.count - 1, state.recent[product], ready.map(\.continuation))
    }
    for continuation in ready { continuation.resume() }
    if let answered {
      state.withLock { $0.calls[index].ended = true }
      return try Self.result(of: answered)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let now = state.withLock { state -> PriceAnswer? in
          if state.calls[index].cancelled {
            state.calls[index].ended = true
            return .cancellationError
          }
          if let early = state.calls[index].early {
            state.calls[index].ended = true
            return early
          }
          state.calls[index].continuation = continuation
          return nil
        }
        if let now { continuation.resume(with: Result { try Self.result(of: now) }) }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Int, any Error>? in
        guard !state.calls[index].ended else { return nil }
        state.calls[index].cancelled = true
        guard let continuation = state.calls[index].continuation else { return nil }
        state.calls[index].ended = true
        state.calls[index].continuation = nil
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// The run expects a new lookup of `product`: calls from now on wait to be answered.
  func expect(_ product: String) {
    state.withLock { _ = $0.recent.removeValue(forKey: product) }
  }

  /// Ends every waiting call for `product` with `answer`, and, unless `onlyThese`, calls to come
  /// until `expect`.
  func answer(_ product: String, with answer: PriceAnswer, onlyThese: Bool = false) {
    let continuations = state.withLock { state in
      if !onlyThese { state.recent[product] = answer }
      var taken: [CheckedContinuation<Int, any Error>] = []
      for index in state.open.removeValue(forKey: product) ?? [] {
        guard !state.calls[index].ended else { continue }
        if let continuation = state.calls[index].continuation {
          taken.append(continuation)
          state.calls[index].continuation = nil
          state.calls[index].ended = true
        } else {
          state.calls[index].early = answer
        }
      }
      return taken
    }
    for continuation in continuations {
      continuation.resume(with: Result { try Self.result(of: answer) })
    }
  }

  /// Returns once `count` calls have come in all, or once `caller` has ended: an answer that
  /// does not look up (a failure kept) has its caller end with no call to wait for.
  func waitForCalls(_ count: Int, orEndOf caller: Task<Int, any Error>) async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    let watcher = Task {
      _ = await caller.result
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let index = state.countWaiters.firstIndex(where: { $0.id == id }) else {
          state.released.insert(id)
          return nil
        }
        return state.countWaiters.remove(at: index).continuation
      }
      waiter?.resume()
    }
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.calls.count >= count || state.released.contains(id) { return true }
        state.countWaiters.append((id, count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
    watcher.cancel()
  }

  private static func result(of answer: PriceAnswer) throws -> Int {
    switch answer {
    case .price(let price): return price
    case .failure(let code): throw LookupFailure(code: code)
    case .cancellationError: throw CancellationError()
    case .platformError(let error): throw error.error
    case .decodingError(let key): throw decodingError(key: key)
    case .corruptedData:
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "garbled"))
    case .nsError(let domain, let code): throw NSError(domain: domain, code: code)
    }
  }
}
