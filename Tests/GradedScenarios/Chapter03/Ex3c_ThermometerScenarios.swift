import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 3c graded by its statement: generated intervals (1 attosecond to ten billion
// years), sources that fail at any read (the first one too), readings that repeat, are not round
// or are not a number with a sign or a payload, more than 10,000 readings, and ends of every kind: the source fails, the consumer leaves
// after any number of readings, or the owner lets go while the consumer waits or while a read is
// under way, on a manual clock the test moves.

/// One thermometer's life, as the grade generates it.
struct ThermometerScenario: GradedScenario {
  enum End: String, Equatable, Sendable {
    case sourceFails = "the consumer reads on until the stream ends"
    case consumerLeaves = "then the consumer's task is cancelled"
    case ownerLetsGoWhileTheConsumerWaits =
      "then the owner lets go of the thermometer while the consumer waits"
    case ownerLetsGoDuringARead =
      "then the owner lets go of the thermometer while the next read is under way"
  }

  var interval: Duration
  /// The read (1 for the first) that throws `SensorFailure`, when the end is `.sourceFails`.
  var failingRead: Int?
  /// How many readings the consumer takes before the end.
  var readings: Int
  var end: End
  /// The failing read throws a `CancellationError` of its own (nobody cancelled), not
  /// `SensorFailure`.
  var failsWithCancellation = false
  /// The failing read throws this error of the platform's own instead.
  var platformFailure: PlatformError?
  /// The source's readings are `oddReadings` in turn, not 20.0, 20.5, 21.0, ...
  var oddValues = false
  /// The source's readings are `extremeReadings` in turn: not a number, infinite, below absolute
  /// zero, the largest and smallest a Double holds.
  var extremeValues = false
  /// The consumer starts reading only once the source has failed: every reading waits for it.
  var consumerIsLate = false
  /// The source's readings are `unusualNaNs` in turn: not a number with its sign bit set or with
  /// a payload.
  var unusualNaNValues = false

  /// The readings the source gives in turn, when not 20.0, 20.5, 21.0, ...
  private var given: [Double]? {
    unusualNaNValues
      ? unusualNaNs : extremeValues ? extremeReadings : oddValues ? oddReadings : nil
  }

  /// The reading read `read` (1 for the first) gives.
  func reading(_ read: Int) -> Double {
    given.map { $0[(read - 1) % $0.count] } ?? 20 + 0.5 * Double(read - 1)
  }

  /// What the failing read throws, as the messages show it.
  var failure: String {
    platformFailure.map { "\($0)" }
      ?? (failsWithCancellation ? "CancellationError()" : "SensorFailure")
  }

  var size: Int { readings + (failingRead ?? 0) }

  var description: String {
    var text = "a Thermometer every \(spelled(interval))"
    if let given {
      text +=
        " whose source reads " + given.map { "\($0)" }.joined(separator: ", ")
        + " in turn, again and again"
      if let failingRead { text += ", and throws \(failure) at read \(failingRead)" }
    } else if let failingRead {
      text += " whose source throws \(failure) at read \(failingRead)"
    }
    if end == .sourceFails, consumerIsLate {
      return text + "; the consumer starts reading only once that read has failed, then reads on "
        + "until the stream ends"
    }
    if end == .sourceFails { return text + "; " + end.rawValue }
    return text + "; the consumer takes \(readings) reading\(readings == 1 ? "" : "s"), "
      + end.rawValue
  }

  var smaller: [ThermometerScenario] {
    var candidates: [ThermometerScenario] = []
    // Past 5,000 readings a life takes long on the clock: only halves are tried.
    if (readings > 1 && readings <= 5_000) || (readings == 1 && end == .ownerLetsGoDuringARead) {
      var copy = self
      copy.readings -= 1
      candidates.append(copy)
    }
    if let failingRead, failingRead > 12 {
      var copy = self
      copy.failingRead = failingRead / 2
      candidates.append(copy)
    }
    if let failingRead, failingRead > (consumerIsLate ? 2 : 1), failingRead <= 5_000 {
      var copy = self
      copy.failingRead = failingRead - 1
      candidates.append(copy)
    }
    if readings > 12 {
      var copy = self
      copy.readings = readings / 2
      candidates.append(copy)
    }
    if interval != .seconds(1) {
      var copy = self
      copy.interval = .seconds(1)
      candidates.append(copy)
    }
    if oddValues {
      var copy = self
      copy.oddValues = false
      candidates.append(copy)
    }
    return candidates
  }
}

extension ThermometerScenario: Equatable {}

/// What happened, in order: "read 1 at 0 s", ..., then what the consumer got and how it ended.
///
/// The log shows a long list of readings by its ends; `readings` holds every one, as text (so
/// that not-a-number equals itself), and is compared too.
struct ThermometerOutcome: Equatable, CustomStringConvertible {
  var log: [String]
  var readings: [String] = []

  init(log: [String], readings: [Double] = []) {
    self.log = log
    self.readings = readings.map { "\($0)" }
  }

  /// A long log by its first reads and its end.
  var description: String {
    guard log.count > 16 else { return log.joined(separator: ", ") }
    return (log.prefix(3) + ["... (\(log.count - 11) more)"] + log.suffix(8)).joined(
      separator: ", "
    )
  }
}

/// Readings a real sensor gives: the same one twice, and values no rounding keeps.
private let oddReadings: [Double] = [21.37, 21.37, -3.05, 0.0001, 1_000_000.3, 21.37, 19.99]
private let extremeReadings: [Double] = [
  .nan, 21.5, .infinity, -300, -.infinity, -273.16, .greatestFiniteMagnitude, -0.0,
  .leastNonzeroMagnitude, -.greatestFiniteMagnitude,
]

/// Readings that are not a number, each a NaN of its own: with its sign bit set, with a payload.
private let unusualNaNs: [Double] = [
  -.nan, 21.5, Double(nan: 0x1234, signaling: false), -Double(nan: 7, signaling: false),
]

/// The statement of exercise 3c, as a program.
func thermometerModel(_ scenario: ThermometerScenario) -> ThermometerOutcome {
  func readAt(_ read: Int) -> String {
    "read \(read) at \(spelled(scenario.interval * (read - 1)))"
  }
  let taken = (1..<scenario.readings + 1).map(scenario.reading)
  switch scenario.end {
  case .sourceFails:
    let failing = scenario.failingRead ?? 1
    let given = (1..<failing).map(scenario.reading)
    return ThermometerOutcome(
      log: (1...failing).map(readAt) + [
        "the consumer got \(spelledReadings(given)), then \(scenario.failure) thrown"
      ],
      readings: given
    )
  case .consumerLeaves:
    return ThermometerOutcome(
      log: (1..<scenario.readings + 1).map(readAt) + [
        "the consumer got \(spelledReadings(taken))", "the reading task has stopped",
      ],
      readings: taken
    )
  case .ownerLetsGoWhileTheConsumerWaits:
    return ThermometerOutcome(
      log: (1..<scenario.readings + 1).map(readAt) + [
        "freed at once", "the reading task has stopped",
        "the consumer got \(spelledReadings(taken)), then the end",
      ],
      readings: taken
    )
  case .ownerLetsGoDuringARead:
    return ThermometerOutcome(
      log: (1...scenario.readings + 1).map(readAt) + [
        "freed at once", "the consumer got \(spelledReadings(taken)), then the end",
      ],
      readings: taken
    )
  }
}

/// The source of a scenario: logs each read with the clock's time; fails one, or holds one until
/// the test lets it return.
final class LoggingSource: TemperatureSource {
  let log = Locked<[String]>([])
  private let clock: ManualClock
  private let failingRead: Int?
  private let heldRead: Int?
  private let reads = Locked(0)
  private let given = Locked(0)
  let held = HeldCall()

  private let failure: any Error
  private let reading: @Sendable (Int) -> Double

  init(
    clock: ManualClock,
    failingRead: Int?,
    heldRead: Int?,
    failure: any Error,
    reading: @escaping @Sendable (Int) -> Double
  ) {
    self.clock = clock
    self.reading = reading
    self.failure = failure
    self.failingRead = failingRead
    self.heldRead = heldRead
  }

  func read() async throws -> Double {
    let number = reads.withLock { count in
      count += 1
      return count
    }
    log.withLock { $0.append("read \(number) at \(spelled(clock.now.offset))") }
    if number == heldRead { await held.hold() }
    if number == failingRead { throw failure }
    given.withLock { $0 += 1 }
    return reading(number)
  }

  /// How many reads have returned a reading.
  var readingsGiven: Int { given.withLock { $0 } }
}

/// The failure message, and where the readings differ when the log's shortened lists hide it.
func explainThermometer(
  _ scenario: ThermometerScenario,
  _ got: ThermometerOutcome,
  _ expected: ThermometerOutcome
) -> String {
  let text = theStatementGives(scenario, got, expected)
  guard got.log == expected.log,
    let index = got.readings.indices.first(where: {
      $0 < expected.readings.count && got.readings[$0] != expected.readings[$0]
    })
  else { return text }
  return text + " (reading \(index + 1) of the consumer's: \(got.readings[index]), not "
    + "\(expected.readings[index]))"
}

/// The readings a consumer got, as the messages show them: a list of over 12 by its ends.
func spelledReadings(_ readings: [Double]) -> String {
  guard readings.count > 12 else { return "\(readings)" }
  let ends =
    readings.prefix(4).map { "\($0)" } + ["... (\(readings.count - 8) more)"]
    + readings.suffix(4).map { "\($0)" }
  return "[" + ends.joined(separator: ", ") + "] (\(readings.count) readings)"
}

/// The lives exercise 3c is graded on: a fixed list, from a fixed seed.
func thermometerScenarios(count: Int, seed: UInt64) -> [ThermometerScenario] {
  // From a seed of their own, so that the lives above stay as they were: intervals past an hour,
  // readings that repeat or are not round, and consumers that take over a hundred readings.
  var more = SeededNumbers(seed: seed &+ 2)
  let later = drawnLives(count: count / 6, seed: seed &+ 3).map { life in
    var life = life
    life.oddValues = more.chance(60)
    if more.chance(40) {
      life.interval = more.pick([.seconds(7_200), .seconds(90_000), .seconds(604_800)])
    }
    if life.end != .sourceFails, more.chance(30) {
      life.readings = Int.random(in: 101...150, using: &more)
    }
    return life
  }
  // From seeds of their own too: sources that fail with the platform's errors (a URLError, a
  // POSIXError or a CocoaError, those that say "cancelled" as likely as the others).
  var platform = SeededNumbers(seed: seed &+ 12)
  let failingOtherwise = drawnLives(count: count / 6, seed: seed &+ 10).map { life in
    var life = life
    if life.failingRead != nil { life.platformFailure = platform.platformError() }
    return life
  }
  // And from seeds of their own: readings no thermometer gives (not a number, infinite, below
  // absolute zero), and intervals from a week to 30 million years (of 365 days).
  var extreme = SeededNumbers(seed: seed &+ 22)
  let extremes = drawnLives(count: count / 6, seed: seed &+ 20).map { life in
    var life = life
    life.extremeValues = extreme.chance(70)
    if extreme.chance(50) {
      life.interval = .seconds(extreme.logUniform(604_801...946_080_000_000_000))
    }
    return life
  }
  // And: consumers that fall behind, reading nothing until the source has failed at a read from
  // the 2nd to the 3,000th: every reading before it waits in the stream.
  var behind = SeededNumbers(seed: seed &+ 32)
  let late = drawnLives(count: count / 6, seed: seed &+ 30).map { life in
    var life = life
    if life.end == .sourceFails {
      life.consumerIsLate = true
      life.failingRead = behind.logUniform(2...3_000)
    }
    return life
  }
  // And: intervals from 1 attosecond to ten billion years (of 365 days), half of them from a
  // week up, most with a part of a nanosecond, and readings that are not a number with a sign or
  // a payload.
  var wide = SeededNumbers(seed: seed &+ 42)
  let wider = drawnLives(count: count / 6, seed: seed &+ 40).map { life in
    var life = life
    life.interval =
      wide.chance(50)
      ? wide.chapter03Interval(upToYears: 1e10)
      : wide.chapter03Interval(fromSeconds: 604_800, upToYears: 1e10)
    life.unusualNaNValues = wide.chance(50)
    return life
  }
  // And, when grading: a consumer that takes 10,001 to 10,050 readings, and one that falls behind
  // until the source fails at such a read.
  var many = SeededNumbers(seed: seed &+ 52)
  let most = onlyWhenGrading([
    ThermometerScenario(
      interval: .seconds(1),
      failingRead: nil,
      readings: many.logUniform(10_001...10_050),
      end: .consumerLeaves
    ),
    ThermometerScenario(
      interval: .seconds(1),
      failingRead: many.logUniform(10_001...10_050),
      readings: 0,
      end: .sourceFails,
      consumerIsLate: true
    ),
  ])
  return drawnLives(count: count, seed: seed) + later + failingOtherwise + extremes + late + wider
    + most
}

private func drawnLives(count: Int, seed: UInt64) -> [ThermometerScenario] {
  var numbers = SeededNumbers(seed: seed)
  // A stream of its own, so that the other choices stay what they were for this seed.
  var errors = SeededNumbers(seed: seed &+ 1)
  return (0..<count).map { _ in
    let interval = numbers.pick([
      Duration.nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(3_600),
    ])
    let end = numbers.pick([
      ThermometerScenario.End.sourceFails, .consumerLeaves, .ownerLetsGoWhileTheConsumerWaits,
      .ownerLetsGoDuringARead,
    ])
    let readings =
      numbers.chance(15)
      ? Int.random(in: 8...30, using: &numbers) : Int.random(in: 1...4, using: &numbers)
    switch end {
    case .sourceFails:
      return ThermometerScenario(
        interval: interval,
        failingRead: numbers.chance(35) ? 1 : min(readings, 6),
        readings: 0,
        end: end,
        failsWithCancellation: errors.chance(30)
      )
    case .ownerLetsGoDuringARead:
      return ThermometerScenario(
        interval: interval,
        failingRead: nil,
        readings: readings - 1,
        end: end
      )
    default:
      return ThermometerScenario(interval: interval, failingRead: nil, readings: readings, end: end)
    }
  }
}
