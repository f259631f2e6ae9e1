import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Exercise 4d graded by its statement: generated budgets (many ending just as a wait ends, or an
// attosecond before or after), first delays (odd counts of nanoseconds too), attempts that take
// time, sequences of errors (every status from 100 to 599, every URLError code the platform has,
// decoding errors, errors that are not FetchErrors) and cancels (before the call, during an
// attempt, during a wait, just as a wait ends), run on a manual clock and compared with the
// statement.

/// An error an operation throws that is not a `FetchError`.
struct NotAFetchError: Error, Equatable {}

/// One run of `retrying`, as the grade generates it.
struct RetryScenario: GradedScenario {
  enum Failure: Equatable, Sendable, CustomStringConvertible {
    case fetch(FetchError)
    case other
    case platform(PlatformError)
    /// A `CancellationError` of the operation's own, the task not cancelled (a request cancelled
    /// elsewhere, say): an error that is not a `FetchError`, like any other.
    case cancellationError

    var description: String {
      switch self {
      case .platform(let error): "\(error) as it is, not a FetchError"
      case .cancellationError: "CancellationError"
      case .fetch(.status(let code, nil)): ".status(\(code))"
      case .fetch(.status(let code, let message?)):
        ".status(\(code), message: \(quotedText(message)))"
      case .fetch(.transport(let code)): ".transport(\(urlErrorCodeName(code)))"
      case .fetch(.decoding(let path)): ".decoding(path: \"\(path)\")"
      case .other: "an error that is not a FetchError"
      }
    }
  }

  var budget: Duration
  var firstDelay: Duration
  /// What the operation throws at its first call, its second, and so on; then it returns.
  var failures: [Failure]
  /// The wait (1 for the first) during which the task is cancelled, if any.
  var cancelDuringWait: Int?
  /// How long each attempt takes on the clock before it throws or returns.
  var attemptTakes: Duration = .zero
  /// The task is cancelled before it calls `retrying`.
  var cancelledBeforeTheCall = false
  /// The attempt (1 for the first) during which the task is cancelled, if any, as it starts; that
  /// attempt still ends as scripted, at once, as a request the server has answered does.
  var cancelDuringAttempt: Int?
  /// The wait (1 for the first) whose sleep returns with the task just cancelled, if any: the
  /// cancel comes after the wait has ended, so the next attempt still runs.
  var cancelAsWaitEnds: Int?

  var size: Int {
    failures.count + (cancelDuringWait == nil ? 0 : 1) + (cancelledBeforeTheCall ? 1 : 0)
      + (cancelDuringAttempt == nil ? 0 : 1) + (cancelAsWaitEnds == nil ? 0 : 1)
  }

  var description: String {
    var text =
      "retrying(within: \(spelledExactly(budget)), firstDelay: \(spelledExactly(firstDelay))): "
      + "the operation "
    // A failure repeated in a row is said once, with its count.
    var runs: [(failure: Failure, count: Int)] = []
    for failure in failures {
      if failure == runs.last?.failure {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((failure, 1))
      }
    }
    let said = runs.map {
      $0.count > 2
        ? "\($0.failure) \($0.count) times"
        : Array(repeating: "\($0.failure)", count: $0.count).joined(separator: ", then ")
    }
    text +=
      failures.isEmpty
      ? "returns" : "throws " + said.joined(separator: ", then ") + ", then returns"
    if attemptTakes > .zero { text += "; each attempt takes \(spelledExactly(attemptTakes))" }
    if cancelledBeforeTheCall { text += "; the task is already cancelled when it calls retrying" }
    if let cancelDuringAttempt {
      text += "; the task is cancelled during attempt \(cancelDuringAttempt)"
    }
    if let cancelDuringWait { text += "; the task is cancelled during wait \(cancelDuringWait)" }
    if let cancelAsWaitEnds {
      text += "; the task is cancelled just as wait \(cancelAsWaitEnds) ends (its sleep returns)"
    }
    return text
  }

  var smaller: [RetryScenario] {
    // A long run (of one failure repeated) is cut from its end by a half, a tenth, a hundredth,
    // then one: leaving out each in turn would take thousands of tries of thousands of attempts.
    let count = failures.count
    let cuts: [Int] = Set([count / 2, count / 10, count / 100, 1]).filter { $0 > 0 }.sorted(by: >)
    let shorter: [[Failure]] =
      count <= 20 ? failures.eachWithOneLeftOut : cuts.map { Array(failures.dropLast($0)) }
    var candidates: [RetryScenario] = shorter.map { with(failures: $0) }
    if attemptTakes > .zero {
      var copy = self
      copy.attemptTakes = .zero
      candidates.append(copy)
    }
    if cancelDuringWait != nil {
      var copy = self
      copy.cancelDuringWait = nil
      candidates.append(copy)
    }
    if cancelledBeforeTheCall {
      var copy = self
      copy.cancelledBeforeTheCall = false
      candidates.append(copy)
    }
    if cancelAsWaitEnds != nil {
      var copy = self
      copy.cancelAsWaitEnds = nil
      candidates.append(copy)
    }
    if cancelDuringAttempt != nil {
      var copy = self
      copy.cancelDuringAttempt = nil
      candidates.append(copy)
    }
    return candidates
  }

  private func with(failures: [Failure]) -> RetryScenario {
    var copy = self
    copy.failures = failures
    return copy
  }
}

/// "1 s", "250 ms", "5 s + 1 ns": `spelled`, unless it would round, then to the nanosecond (or
/// the attosecond).
func spelledExactly(_ duration: Duration) -> String {
  // A Duration holds up to about 1.7e20 s; its `components` trap past Int64.max seconds.
  guard duration <= .seconds(Int64.max) else {
    let (seconds, rest) = duration.attoseconds.quotientAndRemainder(
      dividingBy: 1_000_000_000_000_000_000
    )
    return rest == 0 ? "\(seconds) s" : "\(seconds) s + \(rest) as"
  }
  let (seconds, attoseconds) = duration.components
  if attoseconds % 1_000_000_000_000 == 0 { return spelled(duration) }
  if attoseconds % 1_000_000_000 != 0 {
    return seconds == 0 ? "\(attoseconds) as" : "\(seconds) s + \(attoseconds) as"
  }
  if seconds == 0 { return spelled(duration) }
  return "\(seconds) s + \(attoseconds / 1_000_000_000) ns"
}

/// What happened, in order: "attempt 2 at 1 s", "waited 2 s", "returned 3", "threw .status(404)".
struct RetryOutcome: Equatable {
  var events: [String]
}

/// What HTTP says may pass, as the statement lists it.
private func mayPass(_ failure: RetryScenario.Failure) -> Bool {
  switch failure {
  case .fetch(.status(let code, _)):
    [408, 429].contains(code) || (500...599 ~= code && ![501, 505].contains(code))
  case .fetch(.transport(let code)):
    [.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet].contains(
      code
    )
  case .fetch(.decoding), .other, .platform, .cancellationError: false
  }
}

/// The statement of exercise 4d, as a program.
func retryModel(_ scenario: RetryScenario) -> RetryOutcome {
  var events: [String] = []
  var now = Duration.zero
  var wait = scenario.firstDelay
  var attempt = 1
  var waits = 0
  var cancelled = scenario.cancelledBeforeTheCall
  while true {
    events.append("attempt \(attempt) at \(spelledExactly(now))")
    if scenario.cancelDuringAttempt == attempt, scenario.attemptTakes > .zero {
      cancelled = true  // as the attempt starts: it ends at once, as scripted
    } else if !cancelled {
      // The wait starts when the attempt has failed. (In a task already cancelled the attempt's
      // own sleep ends at once: it takes no time.)
      now += scenario.attemptTakes
    }
    guard attempt <= scenario.failures.count else {
      events.append("returned \(attempt)")
      break
    }
    let failure = scenario.failures[attempt - 1]
    // The wait starts when the attempt has failed; one that would end past the budget is not made.
    guard mayPass(failure), now + wait <= scenario.budget else {
      events.append("threw \(failure)")
      break
    }
    if cancelled {
      // Only the wait sees the cancel: its sleep throws at once.
      events.append("threw CancellationError")
      break
    }
    waits += 1
    events.append("waited \(spelledExactly(wait))")
    if scenario.cancelDuringWait == waits {
      events.append("threw CancellationError")
      break
    }
    if scenario.cancelAsWaitEnds == waits { cancelled = true }  // after the wait: attempts go on
    now += wait
    wait *= 2
    attempt += 1
  }
  return RetryOutcome(events: events)
}

/// Three failures the statement retries, which the late runs and the runs of odd errors, long
/// waits and wide counts repeat or mix with theirs.
let retriedFailures: [RetryScenario.Failure] = [
  .fetch(.status(503, message: nil)), .fetch(.status(429, message: nil)),
  .fetch(.transport(.timedOut)),
]

/// The longest budget and first delay the statement allows: 2^64 s.
let longestBudget = Duration(attoseconds: (Int128(1) << 64) * 1_000_000_000_000_000_000)

/// When wait `wait` (1 for the first) ends, counted from the call, if every attempt before it
/// fails and takes `attemptTakes`; nil past `longestBudget`.
func endOfWait(_ wait: Int, firstDelay: Duration, attemptTakes: Duration) -> Duration? {
  guard wait < 126 else { return nil }  // 2^126 attoseconds is past 2^64 s
  let waits = firstDelay.attoseconds.multipliedReportingOverflow(by: (Int128(1) << wait) - 1)
  let attempts = attemptTakes.attoseconds.multipliedReportingOverflow(by: Int128(wait))
  guard !waits.overflow, !attempts.overflow else { return nil }
  let end = Duration(attoseconds: waits.partialValue) + Duration(attoseconds: attempts.partialValue)
  return end <= longestBudget ? end : nil
}

/// A budget for a run: most often one that ends just as one of its waits ends, or an attosecond
/// before or after it; else zero, an attosecond, a round figure, any number of digits, or the
/// longest the statement allows.
func generatedBudget(
  for failures: [RetryScenario.Failure],
  firstDelay: Duration,
  attemptTakes: Duration,
  using numbers: inout SeededNumbers
) -> Duration {
  let waits = failures.prefix(while: mayPass).count  // the most waits the run can make
  if waits > 0, numbers.chance(60),
    let end = endOfWait(
      Int.random(in: 1...waits, using: &numbers),
      firstDelay: firstDelay,
      attemptTakes: attemptTakes
    )
  {
    let attosecond = Duration(attoseconds: 1)
    return end + numbers.pick([.zero, attosecond, .zero - attosecond])
  }
  let anyDigits = numbers.durationOfAnyDigits()
  return numbers.pick([
    Duration.zero, Duration(attoseconds: 1), .seconds(1), .seconds(60), .seconds(3_600),
    longestBudget, anyDigits,
  ])
}

extension SeededNumbers {
  /// A duration from 1 attosecond to `longestBudget`, as likely to have any number of digits.
  mutating func durationOfAnyDigits() -> Duration {
    let digits = Double.random(in: 0...37.2, using: &self)
    return min(Duration(attoseconds: Int128(pow(10, digits).rounded())), longestBudget)
  }
}

/// The runs exercise 4d is graded on: a fixed list, from fixed seeds.
func retryScenarios(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  let retried: [RetryScenario.Failure] = [
    .fetch(.status(408, message: nil)), .fetch(.status(429, message: nil)),
    .fetch(.status(500, message: "x")), .fetch(.status(502, message: nil)),
    .fetch(.status(503, message: nil)), .fetch(.status(504, message: nil)),
    .fetch(.status(599, message: nil)), .fetch(.transport(.timedOut)),
    .fetch(.transport(.networkConnectionLost)), .fetch(.transport(.cannotConnectToHost)),
    .fetch(.transport(.notConnectedToInternet)),
  ]
  let mayComeBack: [URLError.Code] = [
    .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
  ]
  // Every other code the platform has: none of them may pass.
  let transports = everyURLErrorCode.map(\.code).filter { !mayComeBack.contains($0) }
  func failure() -> RetryScenario.Failure {
    if numbers.chance(60) {
      return numbers.pick(retried)
    }
    switch Int.random(in: 0..<6, using: &numbers) {
    case 0:
      return .fetch(
        .status(
          numbers.pick([501, 505, 400, 401, 403, 404, 409, 413, 418, 422, 499]),
          message: nil
        )
      )
    case 1: return .fetch(.status(Int.random(in: 100...599, using: &numbers), message: nil))
    case 2: return .fetch(.transport(numbers.pick(transports)))
    case 3: return .fetch(.decoding(path: "[0].id"))
    case 4: return .other
    default: return .fetch(.status(Int.random(in: 400...599, using: &numbers), message: nil))
    }
  }
  // Every status from 100 to 599 once, and every transport error, as the first failure, in a
  // budget that the first wait fills exactly: what may pass is a rule over the whole range, not a
  // list of the usual codes.
  let sweep =
    (100...599).map { RetryScenario.Failure.fetch(.status($0, message: nil)) }
    + transports.map { RetryScenario.Failure.fetch(.transport($0)) } + retried
  let swept = sweep.map {
    RetryScenario(
      budget: .seconds(1),
      firstDelay: .seconds(1),
      failures: [$0],
      cancelDuringWait: nil
    )
  }
  let generated = (0..<count).map { _ -> RetryScenario in
    let count =
      numbers.chance(10)
      ? Int.random(in: 8...12, using: &numbers) : Int.random(in: 0...7, using: &numbers)
    let failures = (0..<count).map { _ in failure() }
    if numbers.chance(3) {
      // Waits past 2^63 nanoseconds: a doubling done in an Int overflows there.
      return RetryScenario(
        budget: longestBudget,
        firstDelay: .nanoseconds(1),
        failures: Array(repeating: .fetch(.status(503, message: nil)), count: 66),
        cancelDuringWait: nil
      )
    }
    let firstDelay = numbers.pick([
      Duration.nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(20),
      .seconds(45),
      .seconds(3_600),
      // Odd counts of nanoseconds: each wait is exact, to the nanosecond.
      .nanoseconds(5_000_000_001), .nanoseconds(123_456_789_123),
      .nanoseconds(Int64.random(in: 1...10_000_000_000_000, using: &numbers)),
    ])
    let cancel: Int? = numbers.chance(20) ? Int.random(in: 1...4, using: &numbers) : nil
    let attemptTakes = numbers.pick([
      Duration.zero, .zero, .zero, .milliseconds(250), .seconds(1), .seconds(3_600),
    ])
    return RetryScenario(
      budget: generatedBudget(
        for: failures,
        firstDelay: firstDelay,
        attemptTakes: attemptTakes,
        using: &numbers
      ),
      firstDelay: firstDelay,
      failures: failures,
      cancelDuringWait: cancel,
      attemptTakes: attemptTakes
    )
  }
  // Tasks cancelled before they call retrying, or while an attempt takes its time.
  let cancelled = generated.map { scenario in
    var scenario = scenario
    if numbers.chance(8) {
      scenario.cancelledBeforeTheCall = true
    } else if numbers.chance(12) {
      scenario.cancelDuringAttempt = Int.random(in: 1...3, using: &numbers)
      if scenario.attemptTakes == .zero { scenario.attemptTakes = .seconds(1) }
    }
    return scenario
  }
  return swept + cancelled + lateScenarios(count: count / 8, seed: seed &+ 1)
}

/// More runs, from a seed of their own (so that the runs above stay as they were): waits of an
/// attosecond, cancels just as a wait ends, and runs of over a hundred waits.
private func lateScenarios(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  let ending: [RetryScenario.Failure] = [.fetch(.status(404, message: nil)), .other]
  return (0..<count).map { index -> RetryScenario in
    var failures = (0..<Int.random(in: 1...6, using: &numbers)).map { _ in
      numbers.chance(85) ? numbers.pick(retriedFailures) : numbers.pick(ending)
    }
    // 1 attosecond doubled 120 times is still a wait a Duration holds.
    var firstDelay = numbers.pick([
      Duration(attoseconds: 1), .nanoseconds(1), .seconds(1),
    ])
    var budget = generatedBudget(
      for: failures,
      firstDelay: firstDelay,
      attemptTakes: .zero,
      using: &numbers
    )
    if index % 4 == 0 {
      // Over a hundred failures in a row: the statement puts no cap on the waits, and 123 waits
      // from an attosecond fit in 2^64 s.
      failures = Array(
        repeating: numbers.pick(retriedFailures),
        count: Int.random(in: 101...130, using: &numbers)
      )
      firstDelay = Duration(attoseconds: 1)
      budget =
        numbers.chance(30)
        ? longestBudget
        : endOfWait(
          Int.random(in: 101...123, using: &numbers),
          firstDelay: firstDelay,
          attemptTakes: .zero
        ) ?? longestBudget
    }
    var scenario = RetryScenario(
      budget: budget,
      firstDelay: firstDelay,
      failures: failures,
      cancelDuringWait: nil
    )
    switch Int.random(in: 0..<4, using: &numbers) {
    case 0: scenario.cancelAsWaitEnds = Int.random(in: 1...3, using: &numbers)
    case 1: scenario.cancelledBeforeTheCall = true
    case 2:
      scenario.cancelDuringWait = Int.random(in: 1...3, using: &numbers)
    default: break
    }
    return scenario
  }
}

/// Runs 4d is graded on besides `retryScenarios`', from a seed of their own: statuses below 100
/// and above 599 (any number of digits), the platform's errors thrown as they are (a URLError of
/// a connection that may come back among them), and runs of 121 to 3,000 failures in a row in the
/// longest budget (123 waits from an attosecond fit in it).
func retryScenariosOfOddErrors(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  func odd() -> RetryScenario.Failure {
    switch Int.random(in: 0..<5, using: &numbers) {
    case 0: .fetch(.status(Int.random(in: 0...99, using: &numbers), message: nil))
    case 1: .fetch(.status(numbers.logUniform(600...Int(Int32.max)), message: nil))
    case 2:
      // A status that may pass with a digit taken off or put on: 50, 5030, 429123.
      .fetch(.status(digitsChanged(of: numbers.pick([408, 429, 500, 503, 599])), message: nil))
    case 3:
      .platform(
        .url(
          numbers.pick([
            .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
          ])
        )
      )
    default:
      .platform(
        numbers.chance(50)
          ? .posix(numbers.pick([.ETIMEDOUT, .ECONNRESET, .EAGAIN, .ENETDOWN]))
          : .cocoa(numbers.pick([.fileReadUnknown, .userCancelled, .featureUnsupported]))
      )
    }
  }
  func digitsChanged(of status: Int) -> Int {
    numbers.pick([
      status / 10, status * 10 + Int.random(in: 0...9, using: &numbers),
      status * 1_000 + Int.random(in: 0...999, using: &numbers),
    ])
  }
  return (0..<count).map { index -> RetryScenario in
    guard index % 5 != 4 else {
      // As many waits as the longest budget holds: no cap but the budget.
      let failures = Array(
        repeating: numbers.pick(retriedFailures),
        count: numbers.logUniform(121...3_000)
      )
      return RetryScenario(
        budget: longestBudget,
        firstDelay: Duration(attoseconds: 1),
        failures: failures,
        cancelDuringWait: nil
      )
    }
    let failures = (0..<Int.random(in: 1...4, using: &numbers)).map { _ in
      numbers.chance(50) ? numbers.pick(retriedFailures) : odd()
    }
    return RetryScenario(
      budget: numbers.pick([.seconds(1), .seconds(3), .seconds(7), longestBudget]),
      firstDelay: numbers.pick([.nanoseconds(1), .seconds(1)]),
      failures: failures,
      cancelDuringWait: nil
    )
  }
}

/// Runs 4d is graded on besides the others, from a seed of their own: statuses with messages as
/// servers send them (some naming a time to wait, which the statement does not use), and as many
/// waits as the longest budget (2^64 s) holds, the last ones past Int64.max seconds.
func retryScenariosOfLongWaits(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { index -> RetryScenario in
    guard index % 2 == 1 else {
      let failures = (0..<Int.random(in: 1...4, using: &numbers)).map { _ in
        let message =
          numbers.chance(40)
          ? "Retry-After: \(numbers.logUniform(1...86_400))"
          : numbers.pick([
            "retry after 3 seconds", "Retry-After: Wed, 21 Oct 2026 07:28:00 GMT",
            "try again in 1 h", "60", "0", "slow down", "",
          ])
        return RetryScenario.Failure.fetch(
          .status(
            numbers.chance(80) ? numbers.pick([503, 429, 500, 408]) : 404,
            message: numbers.chance(70) ? message : oddText(message, using: &numbers)
          )
        )
      }
      return RetryScenario(
        budget: numbers.pick([.seconds(3), .seconds(7), longestBudget]),
        firstDelay: numbers.pick([.nanoseconds(1), .seconds(1)]),
        failures: failures,
        cancelDuringWait: nil
      )
    }
    // As many waits as the budget holds: from a first delay of a second or more, the last one is
    // longer than Int64.max seconds.
    let firstDelay = numbers.pick([
      Duration(attoseconds: 1), .nanoseconds(1), .seconds(1), .seconds(3_600),
      .seconds(numbers.logUniform(1...3_600)),
    ])
    let failures = Array(repeating: numbers.pick(retriedFailures), count: 130)
    return RetryScenario(
      budget: longestBudget,
      firstDelay: firstDelay,
      failures: failures,
      cancelDuringWait: nil
    )
  }
}

/// Runs 4d is graded on besides the others, from a seed of their own: statuses below zero and
/// past Int32.max, some of them a status that may pass in their low 32 bits or without their sign.
func retryScenariosOfOutlandishStatuses(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let failures = (0..<Int.random(in: 1...3, using: &numbers)).map { _ in
      let passes = numbers.pick([408, 429, 500, 503, 599])
      let status = numbers.pick([
        -passes, (1 << 32) + passes, (Int.random(in: 1...1_000, using: &numbers) << 32) + passes,
        Int.min, Int.max, -numbers.logUniform(1...Int(Int32.max)),
        numbers.logUniform(Int(Int32.max) + 1...Int.max),
      ])
      return RetryScenario.Failure.fetch(.status(status, message: nil))
    }
    return RetryScenario(
      budget: numbers.pick([.seconds(3), .seconds(60), longestBudget]),
      firstDelay: numbers.pick([.nanoseconds(1), .seconds(1)]),
      failures: failures,
      cancelDuringWait: nil
    )
  }
}

/// Runs 4d is graded on besides the others, from a seed of their own: errors that may not pass
/// and no list of the usual ones holds: a status of 0 or below 100, and a decoding error at the
/// top of the body or deep in it.
func retryScenariosOfUnlistedErrors(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let failure = numbers.pick([
      RetryScenario.Failure.fetch(.status(0, message: nil)),
      .fetch(.status(Int.random(in: 1...99, using: &numbers), message: nil)),
      .fetch(.decoding(path: "")), .fetch(.decoding(path: "users[2].email")),
    ])
    return RetryScenario(
      budget: numbers.pick([.seconds(1), .seconds(60), longestBudget]),
      firstDelay: numbers.pick([.nanoseconds(1), .seconds(1)]),
      failures: [failure],
      cancelDuringWait: nil
    )
  }
}

/// Runs 4d is graded on besides the others, from a seed of their own: an operation that throws a
/// `CancellationError` of its own, the task not cancelled, after failures that may pass.
func retryScenariosOfStrayCancellations(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let before = (0..<Int.random(in: 0...2, using: &numbers)).map { _ in
      numbers.pick([
        RetryScenario.Failure.fetch(.status(503, message: nil)), .fetch(.transport(.timedOut)),
      ])
    }
    return RetryScenario(
      budget: numbers.pick([.seconds(3), .seconds(60), longestBudget]),
      firstDelay: numbers.pick([.nanoseconds(1), .seconds(1)]),
      failures: before + [.cancellationError],
      cancelDuringWait: nil
    )
  }
}

/// The failure message: the run, then what happened and what the statement says.
func explainRetry(
  _ scenario: RetryScenario,
  _ got: RetryOutcome,
  _ expected: RetryOutcome
) -> String {
  // A long run is shown from a little before the first event that differs.
  let same = zip(got.events, expected.events).prefix { $0 == $1 }.count
  let skipped = same > 6 ? same - 3 : 0
  let lead = skipped > 0 ? "(\(skipped) events as the statement gives them), " : ""
  let shown = { (events: [String]) in
    lead + events.dropFirst(skipped).prefix(12).joined(separator: ", ")
      + (events.count > skipped + 12 ? ", ..." : "")
  }
  return "\(scenario): \(shown(got.events)); the statement gives \(shown(expected.events))"
}

/// Runs 4d is graded on besides the others, from a seed of their own: budgets and first delays
/// from 1 attosecond to 2^64 s, as likely to have any number of digits, half of the budgets ending
/// just as a wait ends or an attosecond before or after it, with attempts that take any time.
func retryScenariosOfWideBudgets(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ -> RetryScenario in
    let failures = (0..<numbers.logUniform(1...130)).map { _ in numbers.pick(retriedFailures) }
    let firstDelay = numbers.durationOfAnyDigits()
    let attemptTakes = numbers.chance(50) ? .zero : numbers.durationOfAnyDigits() / 1_000
    return RetryScenario(
      budget: numbers.chance(50)
        ? numbers.durationOfAnyDigits()
        : generatedBudget(
          for: failures,
          firstDelay: firstDelay,
          attemptTakes: attemptTakes,
          using: &numbers
        ),
      firstDelay: firstDelay,
      failures: failures,
      cancelDuringWait: nil,
      attemptTakes: attemptTakes
    )
  }
}

/// Runs 4d is graded on besides the others, from a seed of their own: the platform's URLError of
/// any code and a DecodingError thrown as they are, and statuses that may pass whose messages say
/// what a server may say (a quota, "do not retry", a time to wait, a sooner one too), in runs of a
/// few failures. (A transport code Foundation has no name for cannot be made on Linux, where
/// `URLError.Code(rawValue:)` gives nil for it.)
func retryScenariosOfStrangerErrors(count: Int, seed: UInt64) -> [RetryScenario] {
  var numbers = SeededNumbers(seed: seed)
  let messages = [
    "daily quota exceeded", "rate limit exceeded, do not retry", "permanent failure",
    "Retry-After: 0", "Retry-After: 1", "Retry-After: 2", "retry-after: 1", "try again in 1 s",
    "maintenance until tomorrow", "",
  ]
  return (0..<count).map { _ in
    let failures = (0..<Int.random(in: 1...4, using: &numbers)).map { _ -> RetryScenario.Failure in
      numbers.chance(30)
        ? .platform(numbers.chance(80) ? .url(numbers.pick(everyURLErrorCode).code) : .decoding)
        : .fetch(.status(numbers.pick([408, 429, 500, 503, 599]), message: numbers.pick(messages)))
    }
    return RetryScenario(
      budget: numbers.pick([.seconds(3), .seconds(7), .seconds(60)]),
      firstDelay: .seconds(1),
      failures: failures,
      cancelDuringWait: nil
    )
  }
}
