// Grading by the statement: an answer runs on many generated scenarios, each compared with an
// executable model of what the exercise's statement promises, instead of a few examples a wrong
// answer can happen to get right.
import Foundation
import LessonSupport
import Synchronization
import XCTest

/// Numbers from a seed (SplitMix64): the same seed gives the same scenarios at every grade.
struct SeededNumbers: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// One of `choices`, each as likely.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &self)]
  }

  /// True `percent` times in a hundred.
  mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }
}

/// A generated scenario, told in the learner's terms by its `description`.
protocol GradedScenario: CustomStringConvertible, Sendable {
  /// How big it is: scenarios run smallest first, so that the first difference is a small one,
  /// also when the answer crashes or hangs on it (which leaves no chance to shrink).
  var size: Int { get }
  /// Scenarios a step smaller (a step left out, a number made smaller), to shrink a difference.
  var smaller: [Self] { get }
}

/// Says which scenario is running, while the grader runs the tests.
///
/// On stderr, unbuffered: if the answer crashes or hangs, the grader names the last one. Plain
/// `swift test` stays quiet.
enum ScenarioAnnouncer {
  static let prefix = "graded scenario: "

  static func announce(_ scenario: some GradedScenario) {
    // A description can be long to build (every step of the scenario): only when it is read.
    guard isGrading else { return }
    announce(scenario.description)
  }

  /// Names what the runner waits for in `scenario`, so that a hang says which wait never ended.
  static func announce(
    _ scenario: some GradedScenario,
    waitingFor event: @autoclosure () -> String
  ) {
    guard isGrading else { return }
    announce("\(scenario): the test waits for \(event())")
  }

  /// The same, for a scenario that can be compared: its description, built once and kept while
  /// the same scenario is announced again (a test announces each of its waits, thousands in a
  /// scenario, and building the description took a fifth of 8a's grade).
  static func announce(_ scenario: some GradedScenario & Equatable) {
    guard isGrading else { return }
    announce(told(scenario))
  }

  /// The same, for a scenario that can be compared (see above).
  static func announce(
    _ scenario: some GradedScenario & Equatable,
    waitingFor event: @autoclosure () -> String
  ) {
    guard isGrading else { return }
    announce("\(told(scenario)): the test waits for \(event())")
  }

  /// The scenario last described, and its description.
  private static let lastTold = Locked<(scenario: any Sendable, text: String)?>(nil)

  /// `scenario`'s description, from `lastTold` when it is the same scenario.
  private static func told<S: GradedScenario & Equatable>(_ scenario: S) -> String {
    if let last = lastTold.withLock({ $0 }), let same = last.scenario as? S, same == scenario {
      return last.text
    }
    let text = scenario.description
    lastTold.withLock { $0 = (scenario, text) }
    return text
  }

  /// Says that no scenario runs any more: a test has ended, so a crash in a later one is not put
  /// on the last scenario named.
  static func clear() {
    announce("")
  }

  /// Names the test that starts, on its own line ("graded test: test_x"): the thread sanitizer
  /// writes its reports to stderr too, so the grader knows in which test a race came, also when
  /// the tests ran on past it.
  static func announceTest(_ name: String) {
    guard isGrading else { return }
    // "-[Class test_x]" or "Class.test_x": the test's own name.
    let test = name.split(whereSeparator: { " .[]".contains($0) }).last.map(String.init) ?? name
    FileHandle.standardError.write(Data(("graded test: " + test + "\n").utf8))
  }

  /// Names a moment of a test that is not a generated scenario (a round of two threads).
  static func announce(_ text: String) {
    guard isGrading else { return }
    FileHandle.standardError.write(Data((prefix + text + "\n").utf8))
  }
}

/// Runs each scenario, smallest first, on the answer and on the model of the statement.
///
/// At the first difference, it shrinks the scenario to the smallest one that still shows a
/// difference, and fails with `explain(scenario, answer's outcome, model's outcome)`
/// (`theStatementGives` unless the exercise words it otherwise). Errors the answer throws (a
/// stub's `NotImplemented`) go through. It runs on its caller's actor, the main actor for an
/// answer that lives there.
func assertEveryScenario<S: GradedScenario, Outcome: Equatable>(
  isolation: isolated (any Actor)? = #isolation,
  _ scenarios: [S],
  model: (S) -> Outcome,
  answer: (S) async throws -> Outcome,
  explain: (S, Outcome, Outcome) -> String = theStatementGives,
  file: StaticString = #filePath,
  line: UInt = #line
) async throws {
  func differs(_ scenario: S) async throws -> (got: Outcome, expected: Outcome)? {
    ScenarioAnnouncer.announce(scenario)
    let expected = model(scenario)
    let got = try await answer(scenario)
    return got == expected ? nil : (got, expected)
  }
  for scenario in inGradingOrder(scenarios) {
    guard var difference = try await differs(scenario) else { continue }
    var smallest = scenario
    var tries = 0
    shrinking: while tries < 500 {
      for candidate in smallest.smaller {
        tries += 1
        if let smaller = try await differs(candidate) {
          (smallest, difference) = (candidate, smaller)
          continue shrinking
        }
      }
      break
    }
    ScenarioTestResults.note(S.self, passed: false)
    XCTFail(explain(smallest, difference.got, difference.expected), file: file, line: line)
    return
  }
  ScenarioTestResults.note(S.self, passed: true)
}

/// Whether the scenario test of each kind of scenario has passed in this process (each kind is
/// graded on one list of scenarios).
///
/// A later test that asks whether the answer is right alone takes the scenario test's word:
/// running them all again costs as much again, and an answer that gives one outcome in one run
/// and another in the next (a buffer that drops what a slow reader has not read, say) may pass a
/// scenario the scenario test failed.
enum ScenarioTestResults {
  private static let passed = Mutex<[ObjectIdentifier: Bool]>([:])

  static func note<S: GradedScenario>(_ kind: S.Type, passed: Bool) {
    Self.passed.withLock { $0[ObjectIdentifier(kind)] = passed }
  }

  /// Nil when the scenario test has not run in this process (a test run on its own).
  static func passed<S: GradedScenario>(_ kind: S.Type) -> Bool? {
    passed.withLock { $0[ObjectIdentifier(kind)] }
  }
}

/// `scenarios` in the order `assertEveryScenario` runs them: the smallest first; in a plain
/// `swift test`, only every fourth of them (see `sampledUnlessGrading`).
private func inGradingOrder<S: GradedScenario>(_ scenarios: [S]) -> [S] {
  sampledUnlessGrading(
    scenarios.enumerated().sorted { ($0.element.size, $0.offset) < ($1.element.size, $1.offset) }
      .map(\.element)
  )
}

/// Whether the answer gives what `model` gives in every one of `scenarios`, run as
/// `assertEveryScenario` runs them and stopping where it stops.
///
/// A test of two calls at once asks this first: an answer wrong alone is the scenario test's to
/// report, and this runs nothing that test did not, so a crash it would meet is not met here.
/// Once the scenario test has run in this process, its result is the answer (see
/// `ScenarioTestResults`).
func givesTheModelInEveryScenario<S: GradedScenario, Outcome: Equatable>(
  isolation: isolated (any Actor)? = #isolation,
  _ scenarios: [S],
  model: (S) -> Outcome,
  answer: (S) async throws -> Outcome
) async throws -> Bool {
  if let passed = ScenarioTestResults.passed(S.self) { return passed }
  for scenario in inGradingOrder(scenarios) where try await answer(scenario) != model(scenario) {
    return false
  }
  return true
}

/// The usual failure message: the scenario, what the answer did, and what the statement gives.
func theStatementGives<S: GradedScenario, Outcome>(
  _ scenario: S,
  _ got: Outcome,
  _ expected: Outcome
) -> String {
  "\(scenario): \(got); the statement gives \(expected)"
}

extension Array {
  /// The array without one element at each index in turn: the shrinking steps of a list.
  var eachWithOneLeftOut: [[Element]] {
    indices.map { index in
      var shorter = self
      shorter.remove(at: index)
      return shorter
    }
  }
}

/// "1 s", "250 ms", "4 ns", "1500.5 ms": a duration as the messages show it.
func spelled(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  if attoseconds == 0 { return "\(seconds) s" }
  if seconds == 0, attoseconds % 1_000_000_000_000_000 == 0 {
    return "\(attoseconds / 1_000_000_000_000_000) ms"
  }
  if seconds == 0, attoseconds % 1_000_000_000 == 0 { return "\(attoseconds / 1_000_000_000) ns" }
  return "\(Double(seconds) * 1_000 + Double(attoseconds) / 1e15) ms"
}

extension SeededNumbers {
  /// A number from `range`, as likely to have any number of digits as any other: every size up
  /// to the largest is drawn, so no round number below it is safe to stop at.
  mutating func logUniform(_ range: ClosedRange<Int>) -> Int {
    let low = log(Double(max(range.lowerBound, 1)))
    let high = log(Double(range.upperBound))
    let drawn = Int(exp(Double.random(in: low...high, using: &self)).rounded())
    return min(max(drawn, range.lowerBound), range.upperBound)
  }
}

/// Text as a person or a device may give it, drawn for the scenarios that pass text through:
/// `plain` with spaces, tabs or line breaks at its ends, in upper case, over a hundred characters
/// long, empty, or with letters beyond ASCII.
func oddText(_ plain: String, using numbers: inout SeededNumbers) -> String {
  switch Int.random(in: 0..<6, using: &numbers) {
  case 0: "  \(plain) "
  case 1: "\n\(plain)\t\n"
  case 2: plain.uppercased()
  case 3:
    String(
      repeating: "\(plain.isEmpty ? "word" : plain) ",
      count: Int.random(in: 30...120, using: &numbers)
    )
  case 4: ""
  default: "\(plain) caf\u{E9} e\u{301} \u{1F321}"  // é two ways, and an emoji
  }
}

/// `text` in quotes as a message shows it (see `escapedText`).
func quotedText(
  _ text: String,
  longerThan limit: Int = 60,
  head: Int = 24,
  tail: Int = 12
) -> String {
  shownText(text, longerThan: limit, head: head, tail: tail) { "\"\($0)\"" }
}

/// `text` as a message shows it: line breaks, tabs and every other control character escaped
/// (\n, \t, \r, \u{0}), and a text longer than `limit` by its ends only (`head` and `tail`
/// characters) and its length.
func escapedText(
  _ text: String,
  longerThan limit: Int = 60,
  head: Int = 24,
  tail: Int = 12
) -> String {
  shownText(text, longerThan: limit, head: head, tail: tail) { $0 }
}

/// The escaped text, or its ends, put in `frame`; a length after the frame when abbreviated.
private func shownText(
  _ text: String,
  longerThan limit: Int,
  head: Int,
  tail: Int,
  frame: (String) -> String
) -> String {
  let escaped = text.unicodeScalars.map { scalar -> String in
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    default:
      guard scalar.properties.generalCategory == .control else { return String(scalar) }
      return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
  }.joined()
  guard escaped.count > limit else { return frame(escaped) }
  return frame("\(escaped.prefix(head))...\(escaped.suffix(tail))") + " (\(text.count) characters)"
}

/// The test of two calls at once: once the answer gives what `model` gives in every one of
/// `scenarios` alone (see `givesTheModelInEveryScenario`), runs `pairs` pairs of the scenarios
/// `worthPairing` picks, then `morePairs` (chosen by the test), each pair through `together`, and
/// fails at the first call of a pair that gives otherwise, saying `what` ("two calls of retrying
/// at the same time") and the other call.
func assertEveryPairTogether<S: GradedScenario, Outcome: Equatable>(
  isolation: isolated (any Actor)? = #isolation,
  _ scenarios: [S],
  pairs: Int,
  of worthPairing: (S) -> Bool,
  andPairs morePairs: [(S, S)] = [],
  model: (S) -> Outcome,
  answer: (S) async throws -> Outcome,
  together: (S, S) async throws -> (Outcome, Outcome),
  explain: (S, Outcome, Outcome) -> String = theStatementGives,
  saying what: String,
  file: StaticString = #filePath,
  line: UInt = #line
) async throws {
  guard try await givesTheModelInEveryScenario(scenarios, model: model, answer: answer) else {
    return  // the scenario test reports it
  }
  let picked = scenarios.filter(worthPairing)
  let paired = Array(zip(picked.prefix(pairs), picked.dropFirst(pairs).prefix(pairs))) + morePairs
  for (first, second) in paired {
    let (firstGot, secondGot) = try await together(first, second)
    for (call, other, got) in [(first, second, firstGot), (second, first, secondGot)] {
      let expected = model(call)
      guard got == expected else {
        return XCTFail(
          "\(what) (alone, each gives what the statement gives), the other one \(other): "
            + explain(call, got, expected),
          file: file,
          line: line
        )
      }
    }
  }
}
