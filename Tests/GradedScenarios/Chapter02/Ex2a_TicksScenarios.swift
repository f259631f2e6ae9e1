import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 2a graded by its statement: generated sources (0 to 140 ticks one every 1 ns to an
// hour on a manual clock, from a task of the source's own, after up to 3 given inside start(), or
// up to 10,050 all inside start(); repeats, one tick up to 200,000 times in a row, Int.min and
// Int.max; a source that finishes, or fails with TickSourceFailed, a CancellationError, or any of
// the platform's POSIX errors; a source whose stop() gives one more tick or calls onFinish before
// it returns), one to three streams at once, and consumers that read as ticks come or only after
// the end, leave by break after any tick, or whose task is cancelled after any tick. Besides, up
// to 65,600 streams open at once, each over a source of its own.

/// One run of `ticks(from:)`, over one source per stream, as the grade generates it.
struct TickScenario: GradedScenario {
  enum End: Equatable, Sendable {
    case finishes
    /// Fails with `TickSourceFailed`.
    case fails
    /// Fails with a `CancellationError`, which nobody asked for: an error like any other.
    case failsWithCancellationError
    /// Fails with an error of the platform's own type, one that says "cancelled" too.
    case failsWith(PlatformError)
    /// Fails with an error that carries another (NSUnderlyingErrorKey), or a code only
    /// `CarriedError` names.
    case failsWithCarried(CarriedError)

    /// The error the source fails with, if it fails.
    func failure(source name: String) -> (any Error)? {
      switch self {
      case .finishes: nil
      case .fails: TickSourceFailed(source: name)
      case .failsWithCancellationError: CancellationError()
      case .failsWith(let error): error.error
      case .failsWithCarried(let error): error.error
      }
    }

    /// How the stream ends by the statement: "the end", "TickSourceFailed(A) thrown".
    func said(source name: String) -> String {
      switch self {
      case .finishes: "the end"
      case .fails: "TickSourceFailed(\(name)) thrown"
      case .failsWithCancellationError: "CancellationError() thrown"
      case .failsWith(let error): "\(error) thrown"
      case .failsWithCarried(let error): "\(error) thrown"
      }
    }
  }

  /// One source and what it does.
  struct Source: Equatable, Sendable {
    /// Ticks given inside start(), before it returns.
    var atStart: [Int] = []
    /// Ticks given later, one every `interval`, on the source's own task.
    var later: [Int] = []
    var end: End = .finishes
    /// The end (finished or failed) comes inside start() too, after `atStart`.
    var endsInStart = false
    var interval: Duration = .seconds(1)
    /// stop() calls onFinish(nil) before it returns, if the source has not ended yet.
    var finishesInStop = false
    /// stop() calls onTick with this tick before it returns (and before a finish it gives), if
    /// the source has not ended yet.
    var ticksInStop: Int?

    var all: [Int] { atStart + later }
  }

  enum Consumer: Equatable, Sendable {
    case readsAsTheyCome
    /// Starts reading only once its source has finished or failed.
    case readsAfterTheEnd
    /// Leaves its loop by break once it has read this many ticks.
    case leavesAfter(Int)
    /// Its task is cancelled once the source has given this many ticks.
    case cancelledAfter(Int)

    /// The number of ticks after which the consumer leaves, if it does.
    var leavesAt: Int? {
      switch self {
      case .leavesAfter(let count), .cancelledAfter(let count): count
      default: nil
      }
    }
  }

  struct Stream: Equatable, Sendable {
    var source: Source
    var consumer: Consumer
  }

  var streams: [Stream]

  var size: Int {
    streams.map { stream in
      var size = stream.source.all.count + 2
      if stream.source.finishesInStop { size += 1 }
      if stream.source.ticksInStop != nil { size += 1 }
      if case .failsWith = stream.source.end { size += 1 }
      if case .failsWithCarried = stream.source.end { size += 1 }
      if stream.consumer.leavesAt != nil { size += 1 }
      if case .leavesAfter = stream.consumer { size += 1 }
      return size
    }.reduce(0, +)
  }

  var description: String {
    let names = ["A", "B", "C"]
    var parts = streams.enumerated().map { index, stream in
      let (source, name) = (stream.source, streams.count > 1 ? names[index] : "source")
      var text = streams.count > 1 ? "stream \(index + 1) = ticks(from: \(name)), where " : ""
      var gives: [String] = []
      if !source.atStart.isEmpty { gives.append("\(spelledTicks(source.atStart)) inside start()") }
      if !source.later.isEmpty {
        gives.append("\(spelledTicks(source.later)) one every \(spelled(source.interval))")
      }
      text += "\(name) gives " + (gives.isEmpty ? "no tick" : gives.joined(separator: ", then "))
      let end =
        switch source.end {
        case .finishes: "finishes"
        case .fails: "fails"
        case .failsWithCancellationError: "fails with CancellationError()"
        case .failsWith(let error): "fails with \(error)"
        case .failsWithCarried(let error): "fails with \(error)"
        }
      if source.endsInStart {
        text += ", then \(end), all inside start()"
      } else {
        text += ", then \(end) \(spelled(source.interval)) after "
        text += source.later.isEmpty ? "start()" : "its last tick"
      }
      switch (source.ticksInStop, source.finishesInStop) {
      case (let tick?, true):
        text += " (its stop() calls onTick(\(tick)), then onFinish(nil), before it returns)"
      case (let tick?, false): text += " (its stop() calls onTick(\(tick)) before it returns)"
      case (nil, true): text += " (its stop() calls onFinish(nil) before it returns)"
      case (nil, false): break
      }
      switch stream.consumer {
      case .readsAsTheyCome: text += "; its consumer reads ticks as they come"
      case .readsAfterTheEnd: text += "; its consumer starts reading only once \(name) has ended"
      case .leavesAfter(let count):
        text += "; its consumer reads \(count) tick\(count == 1 ? "" : "s"), then leaves by break"
      case .cancelledAfter(let count):
        text += "; its consumer's task is cancelled once \(name) has given \(count) tick"
        text += count == 1 ? "" : "s"
      }
      return text
    }
    if streams.count > 1 { parts.append("the streams made first, in this order") }
    return parts.joined(separator: "; ")
  }

  var smaller: [TickScenario] {
    var candidates: [TickScenario] = []
    func with(_ change: (inout TickScenario) -> Void) {
      var copy = self
      change(&copy)
      copy.streams = copy.streams.map(\.fitted)
      if copy != self, copy.isPossible { candidates.append(copy) }
    }
    for index in streams.indices where streams.count > 1 {
      with { $0.streams.remove(at: index) }
    }
    for index in streams.indices {
      let later = streams[index].source.later
      if later.count > 12 {
        with { $0.streams[index].source.later = Array(later.prefix(later.count / 2)) }
        with { $0.streams[index].source.later.removeLast() }
      } else {
        for shorter in later.eachWithOneLeftOut {
          with { $0.streams[index].source.later = shorter }
        }
      }
      let atStart = streams[index].source.atStart
      if atStart.count > 12 {
        with { $0.streams[index].source.atStart = Array(atStart.prefix(atStart.count / 2)) }
        with { $0.streams[index].source.atStart.removeLast() }
      } else {
        for shorter in atStart.eachWithOneLeftOut {
          with { $0.streams[index].source.atStart = shorter }
        }
      }
      with { $0.streams[index].source.end = .finishes }
      with { $0.streams[index].source.finishesInStop = false }
      with { $0.streams[index].source.ticksInStop = nil }
      with { $0.streams[index].source.interval = .seconds(1) }
      with { $0.streams[index].consumer = .readsAsTheyCome }
      switch streams[index].consumer {
      case .leavesAfter(let count): with { $0.streams[index].consumer = .leavesAfter(count - 1) }
      case .cancelledAfter(let count):
        with { $0.streams[index].consumer = .cancelledAfter(count - 1) }
      default: break
      }
    }
    return candidates
  }

  /// Each consumer within its source's ticks; a cancel only after start() has returned.
  var isPossible: Bool {
    streams.allSatisfy { stream in
      let source = stream.source
      if source.endsInStart && !source.later.isEmpty { return false }
      switch stream.consumer {
      case .readsAsTheyCome, .readsAfterTheEnd: return true
      case .leavesAfter(let count): return count >= 0 && count <= source.all.count
      case .cancelledAfter(let count):
        return count >= source.atStart.count && count <= source.all.count && !source.endsInStart
      }
    }
  }

  /// What happens in time, across the streams: each source's later ticks and its end, at their
  /// times, the earlier stream first at the same time; a source whose consumer leaves gives no more
  /// after that.
  var events: [TickEvent] {
    var events: [(at: Duration, event: TickEvent)] = []
    for (index, stream) in streams.enumerated() where !stream.source.endsInStart {
      let source = stream.source
      let steps = stream.consumer.leavesAt.map { max(0, $0 - source.atStart.count) }
      for step in 1..<(steps ?? source.later.count + 1) + 1 {
        events.append((source.interval * step, TickEvent(stream: index, step: step)))
      }
    }
    return events.sorted { ($0.at, $0.event.stream) < ($1.at, $1.event.stream) }.map(\.event)
  }
}

extension TickScenario.Stream {
  /// The same stream, its consumer's count brought within its source's ticks.
  var fitted: Self {
    var copy = self
    let (first, all) = (source.endsInStart ? 0 : source.atStart.count, source.all.count)
    switch consumer {
    case .leavesAfter(let count): copy.consumer = .leavesAfter(min(count, all))
    case .cancelledAfter(let count): copy.consumer = .cancelledAfter(min(max(count, first), all))
    default: break
    }
    return copy
  }
}

/// A step of one source: its `step`th tick given later, or its end after the last one.
struct TickEvent: Equatable, Sendable {
  var stream: Int
  var step: Int
}

extension TickScenario: Equatable {}

/// "[3, 1, 4]", or "140 ticks from -5 to 9" for a long list.
private func spelledTicks(_ ticks: [Int]) -> String {
  guard ticks.count > 8, let low = ticks.min(), let high = ticks.max() else { return "\(ticks)" }
  return "\(ticks.count) ticks from \(low) to \(high)"
}

/// What each stream's consumer got, how its loop ended, and what was left behind.
struct TickOutcome: Equatable, CustomStringConvertible {
  struct Stream: Equatable, Sendable {
    var got: [Int]
    var end: String
    /// What the source was doing as the consumer left, if it left.
    var sourceAsItLeft: String?
    var starts = 1
  }

  var streams: [Stream]
  /// Sources still alive once the consumers and the test let go: "source A", "the source".
  var kept: [String] = []

  var description: String {
    var parts = streams.enumerated().map { index, stream in
      var text = streams.count > 1 ? "stream \(index + 1)'s consumer got " : "the consumer got "
      text += spelledTicks(stream.got) + ", " + stream.end
      if let state = stream.sourceAsItLeft { text += "; as it left, the source \(state)" }
      if stream.starts != 1 { text += "; start() called \(stream.starts) times" }
      return text
    }
    if !kept.isEmpty {
      parts.append(
        "\(kept.joined(separator: ", ")) still alive once every stream had ended and the test "
          + "let go (something still held it: a closure kept, or work queued for later)"
      )
    }
    return parts.joined(separator: "; ")
  }
}

/// The statement of exercise 2a, as a program.
func tickModel(_ scenario: TickScenario) -> TickOutcome {
  TickOutcome(
    streams: scenario.streams.enumerated().map { index, stream in
      let source = stream.source
      if let count = stream.consumer.leavesAt {
        return TickOutcome.Stream(
          got: Array(source.all.prefix(count)),
          end: "then it left",
          sourceAsItLeft: source.endsInStart ? "had ended" : "was stopped"
        )
      }
      let name = ["A", "B", "C"][index]
      return TickOutcome.Stream(got: source.all, end: "then " + source.end.said(source: name))
    }
  )
}

/// A reference that does not keep its source alive.
struct WeakTickSource {
  weak var source: ClockedTickSource?
}

/// The runs exercise 2a is graded on: a fixed list, from a fixed seed.
func tickScenarios(count: Int, seed: UInt64) -> [TickScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [TickScenario] = []
  while scenarios.count < count {
    let streams = (0..<numbers.pick([1, 1, 1, 1, 2, 2, 3])).map { _ in
      generatedTickStream(&numbers)
    }
    let scenario = TickScenario(streams: streams)
    if scenario.isPossible { scenarios.append(scenario) }
  }
  return scenarios
}

/// Runs 2a is graded on besides `tickScenarios`', from a seed of their own: sources that fail
/// with the platform's errors, give the same tick many times in a row, or call onFinish from
/// inside stop().
func tickScenariosOfOddSources(count: Int, seed: UInt64) -> [TickScenario] {
  var numbers = SeededNumbers(seed: seed)
  return tickScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    for index in scenario.streams.indices {
      var source = scenario.streams[index].source
      if numbers.chance(40) { source.end = .failsWith(numbers.platformError()) }
      if numbers.chance(35), !source.endsInStart {
        // One tick repeated, as many times in a row as any number of digits says.
        let repeats = numbers.logUniform(2...300)
        source.later = Array(repeating: Int.random(in: -5...9, using: &numbers), count: repeats)
      }
      source.finishesInStop = numbers.chance(40)
      scenario.streams[index].source = source
      scenario.streams[index] = scenario.streams[index].fitted
    }
    return scenario
  }.filter(\.isPossible)
}

/// Runs 2a is graded on besides the others', from a seed of their own: sources whose stop() gives
/// one more tick before it returns (then, now and then, calls onFinish too).
func tickScenariosTickingInStop(count: Int, seed: UInt64) -> [TickScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return tickScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    for index in scenario.streams.indices {
      scenario.streams[index].source.ticksInStop = Int.random(in: -5...9, using: &numbers)
      scenario.streams[index].source.finishesInStop = numbers.chance(30)
    }
    return scenario
  }
}

private func generatedTickStream(_ numbers: inout SeededNumbers) -> TickScenario.Stream {
  func ticks(_ count: Int) -> [Int] {
    (0..<count).map { _ in
      numbers.chance(3)
        ? numbers.pick([Int.min, Int.max]) : Int.random(in: -5...9, using: &numbers)
    }
  }
  var source = TickScenario.Source()
  source.interval = numbers.pick([
    Duration.nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(3_600),
  ])
  source.end = numbers.pick([
    .finishes, .finishes, .finishes, .fails, .fails, .failsWithCancellationError,
  ])
  if numbers.chance(12) {
    source.endsInStart = true
    // Now and then more than a buffer of a round size holds.
    let count =
      switch Int.random(in: 0..<100, using: &numbers) {
      case 0..<75: Int.random(in: 0...6, using: &numbers)
      case 75..<88: Int.random(in: 20...60, using: &numbers)
      case 88..<94: Int.random(in: 1_025...1_100, using: &numbers)
      default: Int.random(in: 10_001...10_050, using: &numbers)
      }
    source.atStart = ticks(count)
  } else {
    source.atStart = numbers.chance(30) ? ticks(Int.random(in: 1...3, using: &numbers)) : []
    let count =
      switch Int.random(in: 0..<100, using: &numbers) {
      case 0..<75: Int.random(in: 0...6, using: &numbers)
      case 75..<92: Int.random(in: 7...30, using: &numbers)
      default: Int.random(in: 90...140, using: &numbers)
      }
    source.later = ticks(count)
  }
  let all = source.all.count
  var consumer: TickScenario.Consumer =
    switch Int.random(in: 0..<100, using: &numbers) {
    case 0..<35: .readsAsTheyCome
    case 35..<55: .readsAfterTheEnd
    case 55..<75: .leavesAfter(Int.random(in: 0...all, using: &numbers))
    default: .cancelledAfter(Int.random(in: source.atStart.count...all, using: &numbers))
    }
  if source.endsInStart, case .cancelledAfter = consumer { consumer = .readsAfterTheEnd }
  return TickScenario.Stream(source: source, consumer: consumer)
}

/// Runs 2a is graded on besides the others': a source that gives no tick or one, then fails with
/// each of the platform's POSIX error codes in turn, read as the ticks come.
func tickScenariosFailingWithEveryPOSIXError() -> [TickScenario] {
  everyPOSIXErrorCode.enumerated().map { index, code in
    var source = TickScenario.Source()
    source.later = index.isMultiple(of: 2) ? [] : [7]
    source.end = .failsWith(.posix(code))
    return TickScenario(streams: [TickScenario.Stream(source: source, consumer: .readsAsTheyCome)])
  }
}

/// Runs 2a is graded on besides the others', from a seed of their own: a source that gives one
/// tick many times in a row inside start() (2 to 200,000 times, as many as any number of digits
/// says), then finishes or fails, read as the ticks come or only after the end.
func tickScenariosOfStuckSources(count: Int, seed: UInt64) -> [TickScenario] {
  var numbers = SeededNumbers(seed: seed &+ 7)
  return (0..<count).map { _ in
    var source = TickScenario.Source()
    source.endsInStart = true
    let tick = Int.random(in: -5...9, using: &numbers)
    source.atStart = Array(repeating: tick, count: numbers.logUniform(2...200_000))
    source.end = numbers.pick([.finishes, .fails])
    let consumer: TickScenario.Consumer =
      numbers.chance(50) ? .readsAsTheyCome : .readsAfterTheEnd
    return TickScenario(streams: [TickScenario.Stream(source: source, consumer: consumer)])
  }
}

/// Runs 2a is graded on besides the others': a source that gives no tick or one, then fails with
/// each of `everyCarriedError` in turn (an error that carries another among them), read as the
/// ticks come or only after the end.
func tickScenariosFailingWithCarriedErrors() -> [TickScenario] {
  everyCarriedError.enumerated().flatMap { index, error in
    [TickScenario.Consumer.readsAsTheyCome, .readsAfterTheEnd].map { consumer in
      var source = TickScenario.Source()
      source.later = index.isMultiple(of: 2) ? [1] : []
      source.end = .failsWithCarried(error)
      return TickScenario(streams: [TickScenario.Stream(source: source, consumer: consumer)])
    }
  }
}
