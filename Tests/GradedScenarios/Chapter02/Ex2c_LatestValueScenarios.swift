import ExerciseSupport
import Foundation
import LessonSupport

// Exercise 2c graded by its statement: generated lives of one to three streams at once, their
// steps taken in turns: values yielded in bursts while the consumer is away or one at a time while
// it waits (NaN, -0.0, infinities, and values equal to the last one read among them), consumers
// that read, read only after the end, leave by break, or whose task is cancelled while they wait or
// while they are away, and a producer that finishes, fails, or yields once more after the consumer
// has gone.

/// One step of one stream's life.
enum LatestStep: Equatable, Sendable {
  /// The producer yields these values, in order, while the consumer is away.
  case yield([Double])
  /// The consumer reads one value (the one waiting, or the end).
  case read
  /// The consumer waits for a value, and the producer yields this one.
  case yieldWhileWaiting(Double)
  /// The producer finishes, with the failure of its stream if `fails`.
  case finish(fails: Bool)
  /// The consumer leaves its loop by break and lets go of the stream.
  case leave
  /// The consumer's task is cancelled while it waits for a value.
  case cancelWhileWaiting
  /// The consumer's task is cancelled while it is away; it reads once more afterwards.
  case cancelWhileAway
  /// The producer yields this value once the consumer has gone, and looks at what yield returns.
  case yieldAfterTheConsumerLeft(Double)
}

/// One run of `makeLatestValueStream()`, as the grade generates it: the streams' steps, in turns.
struct LatestScenario: GradedScenario {
  var streams: Int
  var steps: [(stream: Int, step: LatestStep)]
  /// Each stream is made in a task already cancelled, and handed to its consumer's task and its
  /// producer.
  var madeInACancelledTask = false

  var size: Int {
    steps.map { entry in
      switch entry.step {
      case .yield(let values): values.count
      // Reads and waits last: an answer that loses a value leaves a read waiting for ever, and
      // a smaller run that reads only after the end shows the loss without a wait.
      case .read: 2
      case .yieldWhileWaiting: 3
      default: 1
      }
    }.reduce(streams + (madeInACancelledTask ? 1 : 0), +)
  }

  var description: String {
    let spelledSteps = steps.map { stream, step in
      let who = streams > 1 ? "stream \(stream + 1): " : ""
      switch step {
      case .yield(let values):
        let yields = values.map { "yield(\(spelledValue($0)))" }.joined(separator: ", ")
        return who + yields + " while the consumer is away"
      case .read: return who + "the consumer reads one"
      case .yieldWhileWaiting(let value):
        return who + "yield(\(spelledValue(value))) while the consumer waits for a value"
      case .finish(let fails):
        return who + (fails ? "finish(throwing: LatestFailure(\(stream + 1)))" : "finish()")
      case .leave: return who + "the consumer leaves its loop by break"
      case .cancelWhileWaiting: return who + "the consumer's task is cancelled while it waits"
      case .cancelWhileAway: return who + "the consumer's task is cancelled while it is away"
      case .yieldAfterTheConsumerLeft(let value): return who + "yield(\(spelledValue(value)))"
      }
    }
    var start = streams > 1 ? "\(streams) streams made, then " : ""
    if madeInACancelledTask {
      start =
        (streams > 1 ? "\(streams) streams" : "the stream")
        + " made by makeLatestValueStream() in a task already cancelled, which hands "
        + (streams > 1 ? "them" : "it") + " to a consumer task that is not cancelled; then "
    }
    return start + spelledSteps.joined(separator: "; ")
      + "; then each consumer still there reads what is left"
  }

  var smaller: [LatestScenario] {
    var candidates: [LatestScenario] = []
    func with(_ change: (inout LatestScenario) -> Void) {
      var copy = self
      change(&copy)
      if copy != self, copy.isPossible { candidates.append(copy) }
    }
    if streams > 1 {
      for stream in 0..<streams {
        with {
          $0.steps = $0.steps.filter { $0.stream != stream }.map {
            ($0.stream > stream ? $0.stream - 1 : $0.stream, $0.step)
          }
          $0.streams -= 1
        }
      }
    }
    for shorter in steps.eachWithOneLeftOut {
      with { $0.steps = shorter }
    }
    with { $0.madeInACancelledTask = false }
    for (index, entry) in steps.enumerated() {
      if case .yield(let values) = entry.step, values.count > 1 {
        for shorter in values.eachWithOneLeftOut {
          with { $0.steps[index].step = .yield(shorter) }
        }
      }
      if case .finish(true) = entry.step { with { $0.steps[index].step = .finish(fails: false) } }
    }
    return candidates
  }

  /// Every step is one the stream can take then: a read only with a value waiting or after the
  /// end, a wait only with none waiting, nothing but a yield after the consumer has gone.
  var isPossible: Bool {
    (0..<streams).allSatisfy { stream in
      latestLife(of: steps.filter { $0.stream == stream }.map(\.step), stream: stream) != nil
    }
  }
}

extension LatestScenario: Equatable {
  static func == (left: LatestScenario, right: LatestScenario) -> Bool {
    left.streams == right.streams && left.steps.map(\.stream) == right.steps.map(\.stream)
      && left.steps.map(\.step) == right.steps.map(\.step)
      && left.madeInACancelledTask == right.madeInACancelledTask
  }
}

/// "20.5", "-0.0", "nan", "inf": a value as the messages show it.
func spelledValue(_ value: Double) -> String {
  "\(value)"
}

/// The error a producer finishes with, naming its stream.
struct LatestFailure: Error, Equatable {
  let stream: Int
}

/// What each stream's producer and consumer saw, in order.
struct LatestOutcome: Equatable, CustomStringConvertible {
  var logs: [[String]]

  var description: String {
    logs.enumerated().map { index, log in
      (logs.count > 1 ? "stream \(index + 1): " : "")
        + (log.isEmpty ? "nothing" : log.joined(separator: ", "))
    }.joined(separator: "; ")
  }
}

/// What one stream's life gives, by the statement: the stream holds the newest value yielded
/// while the consumer is away, and nothing else; nil when a step is not possible.
func latestLife(of steps: [LatestStep], stream: Int) -> [String]? {
  var log: [String] = []
  var waiting: Double?
  var finished: String?  // how the stream ends, once the producer has finished
  var terminated = false  // onTermination has run
  var cancelled = false  // the consumer's task
  var gone = false  // the consumer has left, or its loop has ended
  func terminate(_ reason: String) {
    if !terminated { log.append("onTermination(\(reason))") }
    terminated = true
  }
  func read() {
    if cancelled { terminate(".cancelled") }
    if let value = waiting {
      log.append("read \(spelledValue(value))")
      waiting = nil
    } else {
      log.append("read: " + (finished ?? "the end"))
      finished = "the end"
      gone = true
    }
  }
  for step in steps {
    switch step {
    case .yield(let values):
      guard !gone, !values.isEmpty, finished == nil else { return nil }
      if !terminated { waiting = values.last }
    case .read:
      guard !gone, waiting != nil || finished != nil || cancelled else { return nil }
      read()
    case .yieldWhileWaiting(let value):
      guard !gone, !cancelled, finished == nil, waiting == nil else { return nil }
      log.append("read \(spelledValue(value))")
    case .finish(let fails):
      guard finished == nil, !gone, !cancelled else { return nil }
      finished = fails ? "LatestFailure(\(stream + 1)) thrown" : "the end"
      terminate(fails ? ".finished(LatestFailure(\(stream + 1)))" : ".finished(nil)")
    case .leave:
      guard !gone, finished == nil, !cancelled else { return nil }
      terminate(".cancelled")
      gone = true
    case .cancelWhileWaiting:
      guard !gone, finished == nil, !cancelled, waiting == nil else { return nil }
      terminate(".cancelled")
      log.append("read: the end")
      gone = true
    case .cancelWhileAway:
      guard !gone, finished == nil, !cancelled else { return nil }
      cancelled = true
    case .yieldAfterTheConsumerLeft(let value):
      guard gone, finished == nil || terminated else { return nil }
      log.append("yield(\(spelledValue(value))) returned .terminated")
    }
  }
  // The consumer, if still there, reads what is left (its task cancelled first, which changes
  // nothing once the stream has finished or the task was cancelled); a stream still open is not
  // possible here.
  guard gone || finished != nil || cancelled else { return nil }
  while !gone { read() }
  return log
}

/// The statement of exercise 2c, as a program.
func latestModel(_ scenario: LatestScenario) -> LatestOutcome {
  LatestOutcome(
    logs: (0..<scenario.streams).map { stream in
      latestLife(of: scenario.steps.filter { $0.stream == stream }.map(\.step), stream: stream)
        ?? []
    }
  )
}

/// The runs exercise 2c is graded on: a fixed list, from a fixed seed.
func latestScenarios(count: Int, seed: UInt64) -> [LatestScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [LatestScenario] = []
  while scenarios.count < count {
    let streams = numbers.pick([1, 1, 1, 2, 2, 3])
    var lives = (0..<streams).map { _ in generatedLife(&numbers) }
    var steps: [(stream: Int, step: LatestStep)] = []
    // The streams take turns at random, each keeping its own order.
    while let stream = lives.indices.filter({ !lives[$0].isEmpty }).randomElement(using: &numbers) {
      steps.append((stream, lives[stream].removeFirst()))
    }
    let scenario = LatestScenario(streams: streams, steps: steps)
    if scenario.isPossible { scenarios.append(scenario) }
  }
  return scenarios
}

/// One stream's steps: a few spells of yields and reads, then an end of some kind.
private func generatedLife(_ numbers: inout SeededNumbers) -> [LatestStep] {
  let odd: [Double] = [.nan, -0.0, 0.0, .infinity, -.infinity, .leastNonzeroMagnitude, 1e308]
  var lastRead: Double?
  func value() -> Double {
    if let lastRead, numbers.chance(30) { return lastRead }  // equal to the last one read
    if numbers.chance(15) { return numbers.pick(odd) }
    return Double(Int.random(in: 40...48, using: &numbers)) / 2
  }
  func burst() -> [Double] {
    (0..<numbers.pick([1, 1, 2, 3, 5])).map { _ in value() }
  }
  var steps: [LatestStep] = []
  let late = numbers.chance(20)  // reads nothing until the producer has finished
  for _ in 0..<Int.random(in: 0...4, using: &numbers) {
    if late {
      steps.append(.yield(burst()))
    } else if numbers.chance(35) {
      let next = value()
      steps.append(.yieldWhileWaiting(next))
      lastRead = next
    } else {
      let values = burst()
      steps += [.yield(values), .read]
      lastRead = values.last
    }
  }
  switch Int.random(in: 0..<100, using: &numbers) {
  case 0..<45:
    if numbers.chance(50) { steps.append(.yield(burst())) }
    steps.append(.finish(fails: numbers.chance(35)))
  case 45..<60: steps += [.leave, .yieldAfterTheConsumerLeft(value())]
  case 60..<75: steps += [.cancelWhileWaiting, .yieldAfterTheConsumerLeft(value())]
  default:
    steps.append(.cancelWhileAway)
    if numbers.chance(50) { steps.append(.yield(burst())) }
    steps += [.read]
    if numbers.chance(50) { steps.append(.read) }
  }
  return steps
}

/// The failure message: the run, then what the answer's streams did and what the statement says.
func explainLatest(
  _ scenario: LatestScenario,
  _ got: LatestOutcome,
  _ expected: LatestOutcome
)
  -> String
{
  "\(scenario): \(got); the statement gives \(expected)"
}

/// Runs 2c is graded on besides `latestScenarios`', from a seed of their own: the same kind of
/// runs, each stream made in a task already cancelled and handed to a consumer task and a
/// producer that are not.
func latestScenariosMadeInACancelledTask(count: Int, seed: UInt64) -> [LatestScenario] {
  latestScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    scenario.madeInACancelledTask = true
    return scenario
  }
}
