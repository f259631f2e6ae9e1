import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import VirtualTime

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// Exercise 5.3 graded by its statement: generated sizes (1 to 5,000 bytes) and part counts (1 to
// 40, up to the size), parts that arrive in any order, as a Data of their own or a slice of a
// larger one, and one part that fails, comes empty, short or long, on a virtual timeline.

/// One call of `downloadInParts`, as the grade generates it.
struct PartsScenario: GradedScenario {
  enum Piece: String, Equatable, Sendable {
    case whole = "its bytes"
    case slice = "its bytes as a slice of a larger Data"
    case empty = "no bytes"
    case short = "one byte too few"
    case long = "one byte too many"
    case fails = "a thrown JobFailed"
  }

  struct Part: Equatable, Sendable {
    /// When it arrives, in milliseconds; a part that goes wrong arrives half a second past a
    /// whole one, so that nothing else arrives at that moment.
    var arrives: Int
    var piece: Piece
  }

  var bytes: Int
  /// The parts in range order.
  var parts: [Part]

  var description: String {
    let each = parts.enumerated().map { index, part in
      "part \(index) \(part.piece.rawValue) at \(timelineTime(part.arrives))"
    }
    return "downloadInParts(size: \(bytes), parts: \(parts.count)): " + each.joined(separator: ", ")
  }

  var smaller: [PartsScenario] {
    var candidates: [PartsScenario] = []
    if parts.count > 1 {
      for index in parts.indices {
        var copy = self
        copy.parts.remove(at: index)
        candidates.append(copy)
      }
    }
    if bytes > parts.count {
      var copy = self
      copy.bytes = max(parts.count, bytes / 2)
      candidates.append(copy)
      copy.bytes = bytes - 1
      candidates.append(copy)
    }
    for index in parts.indices where parts[index].piece == .slice {
      var copy = self
      copy.parts[index].piece = .whole
      candidates.append(copy)
    }
    return candidates
  }

  /// Fewer parts first, then fewer bytes.
  var size: Int { parts.count * 10 + min(bytes, 9) }
}

extension PartsScenario: Equatable {}

/// How the ranges were asked for, each part's fate, and what the call gave.
struct PartsOutcome: Equatable, CustomStringConvertible {
  var ranges: String
  var parts: [String]
  var result: String

  var description: String {
    "\(ranges); " + parts.joined(separator: ", ") + "; " + result
  }
}

/// The bytes of a file of `size` bytes: byte i is i modulo 251.
private func file(_ size: Int) -> Data {
  Data((0..<size).map { UInt8($0 % 251) })
}

/// The statement of exercise 5.3, as a program.
func partsModel(_ scenario: PartsScenario) -> PartsOutcome {
  let count = scenario.parts.count
  let ranges =
    "\(count) range\(count == 1 ? "" : "s") in order from 0 to \(scenario.bytes - 1), all asked for at 0 s"
  let wrong = scenario.parts.enumerated().filter {
    $0.element.piece != .whole && $0.element.piece != .slice
  }
  guard let first = wrong.min(by: { $0.element.arrives < $1.element.arrives }) else {
    let last = scenario.parts.map(\.arrives).max() ?? 0
    return PartsOutcome(
      ranges: ranges,
      parts: scenario.parts.indices.map {
        "part \($0) came at \(timelineTime(scenario.parts[$0].arrives))"
      },
      result: "returned the file at \(timelineTime(last))"
    )
  }
  let at = first.element.arrives
  let parts = scenario.parts.enumerated().map { index, part in
    if index == first.offset { return "part \(index) came at \(timelineTime(at))" }
    return part.arrives < at
      ? "part \(index) came at \(timelineTime(part.arrives))"
      : "part \(index) cancelled at \(timelineTime(at))"
  }
  let error =
    first.element.piece == .fails
    ? "JobFailed(part \(first.offset))"
    : "WrongPartLength for part \(first.offset) (\(first.element.piece.rawValue))"
  return PartsOutcome(ranges: ranges, parts: parts, result: "threw \(error) at \(timelineTime(at))")
}

/// The fetch of a scenario: waits until every part is asked for (all at once), then numbers the
/// parts in range order and answers each at its time.
private final class ScriptedParts: Sendable {
  private struct State {
    var asked: [ClosedRange<Int>] = []
    var waiting: [CheckedContinuation<Void, Never>] = []
    var fates: [Int: String] = [:]
    var askedAt: [String] = []
  }

  let scenario: PartsScenario
  private let state = Locked(State())

  init(_ scenario: PartsScenario) {
    self.scenario = scenario
  }

  var asked: [ClosedRange<Int>] {
    state.withLock { $0.asked.sorted { $0.lowerBound < $1.lowerBound } }
  }
  var askedAt: [String] { state.withLock { $0.askedAt } }
  var fates: [Int: String] { state.withLock { $0.fates } }

  /// Which part `range` is, once every part has been asked for.
  func index(of range: ClosedRange<Int>) -> Int? { asked.firstIndex(of: range) }

  func fetch(_ range: ClosedRange<Int>, on timeline: VirtualTimeline) async throws -> Data {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.asked.append(range)
        state.askedAt.append(timeline.time)
        state.waiting.append(continuation)
        guard state.asked.count >= scenario.parts.count else { return [] }
        defer { state.waiting = [] }
        return state.waiting
      }
      ready.forEach { $0.resume() }
    }
    guard let index = index(of: range), index < scenario.parts.count else { return Data() }
    let part = scenario.parts[index]
    do {
      try await timeline.sleep(for: .milliseconds(part.arrives))
    } catch {
      state.withLock { $0.fates[index] = "part \(index) cancelled at \(timeline.time)" }
      throw error
    }
    state.withLock { $0.fates[index] = "part \(index) came at \(timeline.time)" }
    let bytes =
      range.lowerBound >= 0 && range.upperBound < scenario.bytes
      ? file(scenario.bytes)[range] : Data()
    switch part.piece {
    case .whole: return Data(bytes)
    case .slice: return bytes  // indices from range.lowerBound, inside the whole file's storage
    case .empty: return Data()
    case .short: return Data(bytes.dropLast())
    case .long: return Data(bytes) + [7]
    case .fails: throw JobFailed(name: "part \(index)")
    }
  }
}

/// Runs `scenario` on the answer's `downloadInParts`, on a virtual timeline.
func partsAnswer(_ scenario: PartsScenario) async throws -> PartsOutcome {
  let parts = ScriptedParts(scenario)
  let (value, stuckAt) = try await onTimeline { timeline in
    do {
      let data = try await downloadInParts(size: scenario.bytes, parts: scenario.parts.count) {
        range in
        try await parts.fetch(range, on: timeline)
      }
      let whole = data == file(scenario.bytes)
      return (whole ? "returned the file" : "returned \(data.count) bytes, not the file's")
        + " at \(timeline.time)"
    } catch let error as NotImplemented {
      throw error
    } catch let error as JobFailed {
      return "threw JobFailed(\(error.name)) at \(timeline.time)"
    } catch let error as WrongPartLength {
      let index = parts.index(of: error.range)
      let piece = index.map { scenario.parts[$0].piece.rawValue } ?? "a range never asked for"
      return
        "threw WrongPartLength for part \(index.map(String.init) ?? "?") (\(piece)) at \(timeline.time)"
    } catch {
      return "threw \(error) at \(timeline.time)"
    }
  }
  let asked = parts.asked
  let lengths = asked.map(\.count)
  let inOrder =
    asked.first?.lowerBound == 0 && asked.last?.upperBound == scenario.bytes - 1
    && zip(asked, asked.dropFirst()).allSatisfy { $0.upperBound + 1 == $1.lowerBound }
    && (lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1 && asked.count == scenario.parts.count
  let atOnce = parts.askedAt.allSatisfy { $0 == "0 s" }
  let ranges =
    inOrder
    ? "\(asked.count) range\(asked.count == 1 ? "" : "s") in order from 0 to \(scenario.bytes - 1), "
      + (atOnce ? "all asked for at 0 s" : "asked for at \(parts.askedAt.joined(separator: ", "))")
    : "ranges asked for: "
      + asked.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ")
  let fates = parts.fates
  return PartsOutcome(
    ranges: ranges,
    parts: scenario.parts.indices.map { fates[$0] ?? "part \($0) still waiting" },
    result: value
      ?? "never returned: at \(stuckAt ?? "?") it waited for what the timeline cannot see, or for parts never asked for"
  )
}

/// The calls exercise 5.3 is graded on: a fixed list, from a fixed seed.
func partsScenarios(count: Int, seed: UInt64) -> [PartsScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let parts =
      numbers.chance(15)
      ? Int.random(in: 9...40, using: &numbers) : Int.random(in: 1...6, using: &numbers)
    let size = numbers.pick([
      parts, parts + 1, 2 * parts - 1, Int.random(in: parts...5_000, using: &numbers),
    ])
    var scenario = PartsScenario(
      bytes: size,
      parts: (0..<parts).map { _ in
        PartsScenario.Part(
          arrives: Int.random(in: 0...4, using: &numbers) * 1000,
          piece: numbers.chance(30) ? .slice : .whole
        )
      }
    )
    if numbers.chance(45) {
      let index = Int.random(in: 0..<parts, using: &numbers)
      scenario.parts[index] = PartsScenario.Part(
        arrives: Int.random(in: 0...4, using: &numbers) * 1000 + 500,
        piece: numbers.pick([.empty, .short, .long, .fails, .fails])
      )
    }
    return scenario
  }
}
