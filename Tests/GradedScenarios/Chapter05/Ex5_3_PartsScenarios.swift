import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import VirtualTime

// Exercise 5.3 graded by its statement: generated sizes (1 to 5,000 bytes) and part counts (1 to
// 40, up to the size, and a few of 65 to 100), parts that arrive in any order, as a Data of their
// own or a slice of a larger one, one part that throws (JobFailed, a CancellationError or a
// URLError, POSIXError or CocoaError of its own), comes empty, short or long, a cancel of the
// caller at any moment, and parts that answer a cancel with a CancellationError, an error of their
// own or not at all, on a virtual timeline.

/// One call of `downloadInParts`, as the grade generates it.
struct PartsScenario: GradedScenario, Equatable {
  enum Piece: String, Equatable, Sendable {
    case whole = "its bytes"
    case slice = "its bytes as a slice of a larger Data"
    case empty = "no bytes"
    case short = "one byte too few"
    case long = "one byte too many"
    case fails = "a thrown error"

    /// How many bytes it holds for `range` of a file of `size` bytes (none for a range past it).
    func count(for range: ClosedRange<Int>, size: Int) -> Int {
      let bytes = range.lowerBound >= 0 && range.upperBound < size ? range.count : 0
      switch self {
      case .whole, .slice: return bytes
      case .empty, .fails: return 0
      case .short: return max(bytes - 1, 0)
      case .long: return bytes + 1
      }
    }
  }

  struct Part: Equatable, Sendable {
    /// When it arrives, in milliseconds; a part that goes wrong arrives half a second past a
    /// whole one, so that nothing else arrives at that moment.
    var arrives: Int
    var piece: Piece
    /// What it throws, when its piece is `.fails`.
    var error: OwnError = .jobFailed
    /// How it answers a cancel (a part that goes wrong answers with a CancellationError).
    var answer: AnswersCancel = .cancellationError

    /// Whether it arrives with its bytes, right.
    var isRight: Bool { piece == .whole || piece == .slice }
  }

  var bytes: Int
  /// The parts in range order.
  var parts: [Part]
  /// When the caller's task is cancelled, in milliseconds: a quarter of a second past a whole
  /// one, so that no part arrives then.
  var cancelAt: Int?

  /// "part 2 its bytes at 1 s, ignores a cancel": one part as the description says it.
  private func partText(_ index: Int) -> String {
    let part = parts[index]
    let piece =
      part.piece == .fails
      ? "a thrown \(part.error.spelled(of: "part \(index)"))" : part.piece.rawValue
    let answer = part.answer.spelled
    return "part \(index) \(piece) at \(timelineTime(part.arrives))"
      + (answer.isEmpty ? "" : ", " + answer)
  }

  var description: String {
    var each = parts.indices.map(partText)
    if parts.count > 12 {
      // Many parts: the plain ones counted by when they arrive, the others one by one.
      let plain = parts.indices.filter {
        parts[$0].isRight && parts[$0].answer == .cancellationError
      }
      let counts = Dictionary(grouping: plain) { parts[$0].arrives }
      each =
        counts.keys.sorted().map { "\(counts[$0]?.count ?? 0) parts at \(timelineTime($0))" }
        + abbreviated(parts.indices.filter { !plain.contains($0) }.map(partText))
    }
    var text =
      "downloadInParts(size: \(bytes), parts: \(parts.count)): " + each.joined(separator: ", ")
    if cancelAt == 0 {
      text += "; the caller's task is cancelled before it calls downloadInParts"
    } else if let cancelAt {
      text += "; the caller's task is cancelled at \(timelineTime(cancelAt))"
    }
    return text
  }

  var smaller: [PartsScenario] {
    var candidates: [PartsScenario] = []
    var simpler: [PartsScenario] = []
    if cancelAt != nil {
      var copy = self
      copy.cancelAt = nil
      simpler.append(copy)
    }
    if bytes > parts.count {
      var copy = self
      copy.bytes = max(parts.count, bytes / 2)
      simpler.append(copy)
      copy.bytes = bytes - 1
      simpler.append(copy)
    }
    if parts.count > 12 {
      // Halves first, then every part made plain at once, so that a hundred parts shrink in a
      // few steps; one part at a time only after.
      for half in [0..<(parts.count / 2), (parts.count / 2)..<parts.count] {
        var copy = self
        copy.parts = Array(parts[half])
        candidates.append(copy)
      }
      var copy = self
      copy.parts = parts.map { Part(arrives: $0.arrives / 1000 * 1000, piece: .whole) }
      if copy != self { simpler.append(copy) }
      candidates += simpler
      simpler = []
      // Over 300 parts, only halves: each try runs them all again.
      guard parts.count <= 300 else { return candidates }
    }
    if parts.count > 1 {
      for index in parts.indices {
        var copy = self
        copy.parts.remove(at: index)
        candidates.append(copy)
      }
    }
    candidates += simpler
    for index in parts.indices where parts[index].piece == .slice {
      var copy = self
      copy.parts[index].piece = .whole
      candidates.append(copy)
    }
    for index in parts.indices where parts[index].answer != .cancellationError {
      var copy = self
      copy.parts[index].answer = .cancellationError
      candidates.append(copy)
    }
    return candidates
  }

  /// Fewer parts first, then fewer bytes.
  var size: Int { parts.count * 10 + min(bytes, 9) + (cancelAt == nil ? 0 : 1) }
}

/// How the ranges were asked for, each part's fate, and what the call gave.
struct PartsOutcome: Equatable, CustomStringConvertible {
  var ranges: String
  var parts: [String]
  var result: String

  var description: String {
    "\(ranges); " + abbreviated(parts).joined(separator: ", ") + "; " + result
  }
}

/// The usual message, and for many parts, where their fates first differ (the list is
/// shortened).
func partsDifference(
  _ scenario: PartsScenario,
  _ got: PartsOutcome,
  _ expected: PartsOutcome
) -> String {
  var text = theStatementGives(scenario, got, expected)
  if scenario.parts.count > 12, let parts = firstDifference(got.parts, expected.parts) {
    text += ". Parts: " + parts
  }
  return text
}

/// The bytes of a file of `size` bytes: byte i is i modulo 251.
private func partsFile(_ size: Int) -> Data {
  var file = Data((0..<251).map { UInt8($0) })
  while file.count < size { file.append(file) }  // doubled: quick for files of megabytes too
  return file.prefix(size)
}

/// What the call of `scenario` gives, as the statement says, and the other words for an end it
/// leaves free.
///
/// The first error is thrown: the part that went wrong, or, once the caller is cancelled, the
/// error a part answers the cancel with (a CancellationError, or its own: any of those thrown at
/// that moment). When every part still running ignores the cancel and brings its piece, the
/// call returns the file or throws CancellationError: either. Parts that ignore a cancel are
/// waited for, or not: the call ends at the moment of the error or when they have come.
func partsResult(_ scenario: PartsScenario) -> (text: String, alsoAllowed: [String]) {
  let last = scenario.parts.map(\.arrives).max() ?? 0
  let wrong = scenario.parts.indices.filter { !scenario.parts[$0].isRight }
  let failure = wrong.min { scenario.parts[$0].arrives < scenario.parts[$1].arrives }
  let failureAt = failure.map { scenario.parts[$0].arrives } ?? Int.max
  var stop = min(failureAt, scenario.cancelAt ?? Int.max)
  guard stop < last || failure != nil else {
    return ("returned the file at \(timelineTime(last))", [])  // no error, no cancel in time
  }
  let running = scenario.parts.indices.filter {
    scenario.parts[$0].arrives > stop && ($0 != failure || failureAt > stop)
  }
  let ignoring = running.filter { scenario.parts[$0].answer == .ignoresIt }
  let times = [stop] + (ignoring.map { scenario.parts[$0].arrives }.max().map { [$0] } ?? [])
  var errors: [String]
  if let failure, failureAt == stop {
    let part = scenario.parts[failure]
    errors = [
      part.piece == .fails
        ? part.error.spelled(of: "part \(failure)")
        : "WrongPartLength for part \(failure) (\(part.piece.rawValue))"
    ]
  } else {
    // The error a fetch answers the cancel with: CancellationError only if one answers so.
    let answering = running.map { scenario.parts[$0].answer }
    errors = answering.contains(.cancellationError) ? ["CancellationError()"] : []
    errors += running.filter { scenario.parts[$0].answer == .itsOwnError }.map {
      OwnError.urlCancelled.spelled(of: "part \($0)")
    }
    if running.allSatisfy({ scenario.parts[$0].answer == .ignoresIt }) {
      // Every piece still comes: the file, or CancellationError, when the last has come.
      stop = last
      let file = "returned the file at \(timelineTime(last))"
      let thrown = "threw CancellationError() at \(timelineTime(last))"
      return (
        "returned the file or threw CancellationError() at \(timelineTime(last)) (either)",
        [file, thrown]
      )
    }
  }
  let allowed = errors.flatMap { error in times.map { "threw \(error) at \(timelineTime($0))" } }
  guard allowed.count > 1 else { return (allowed[0], []) }
  var text = "threw " + errors.joined(separator: " or ") + " at " + timelineTime(times[0])
  if times.count > 1 {
    text += " or at \(timelineTime(times[1])), once the parts that ignore the cancel have come"
  }
  return (text + " (any of these)", allowed)
}

/// The statement of exercise 5.3, as a program.
func partsModel(_ scenario: PartsScenario) -> PartsOutcome {
  let count = scenario.parts.count
  let ranges =
    "\(count) range\(count == 1 ? "" : "s") in order from 0 to \(scenario.bytes - 1), all asked for at 0 s"
  let wrong = scenario.parts.indices.filter { !scenario.parts[$0].isRight }
  let failure = wrong.min { scenario.parts[$0].arrives < scenario.parts[$1].arrives }
  let stop = min(
    failure.map { scenario.parts[$0].arrives } ?? Int.max,
    scenario.cancelAt ?? Int.max
  )
  let parts = scenario.parts.enumerated().map { index, part in
    if index == failure && part.arrives == stop {
      return "part \(index) came at \(timelineTime(stop))"
    }
    return part.arrives < stop || (part.answer == .ignoresIt && part.isRight)
      ? "part \(index) came at \(timelineTime(part.arrives))"
      : "part \(index) cancelled at \(timelineTime(stop))"
  }
  return PartsOutcome(ranges: ranges, parts: parts, result: partsResult(scenario).text)
}

/// The fetch of a scenario: waits until every part is asked for (all at once), then numbers the
/// parts in range order and answers each at its time.
final class ScriptedParts: Sendable {
  private struct State {
    var asked: [ClosedRange<Int>] = []
    var waiting: [CheckedContinuation<Void, Never>] = []
    var fates: [Int: String] = [:]
    var askedAt: [String] = []
  }

  let scenario: PartsScenario
  /// The whole file, made once.
  let file: Data
  private let state = Locked(State())

  /// The fetch of `scenario`, of a file whose byte i is i modulo 251, or with `shift`, (i +
  /// shift) modulo 251: another file, for a second call at the same time.
  init(_ scenario: PartsScenario, shift: Int = 0) {
    self.scenario = scenario
    file =
      shift == 0
      ? partsFile(scenario.bytes) : Data(partsFile(scenario.bytes + shift).dropFirst(shift))
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
    if part.answer == .ignoresIt && part.isRight {
      await timeline.sleepIgnoringCancel(milliseconds: part.arrives)
    } else {
      do {
        try await timeline.sleep(for: .milliseconds(part.arrives))
      } catch {
        state.withLock { $0.fates[index] = "part \(index) cancelled at \(timeline.time)" }
        if part.answer == .itsOwnError { throw OwnError.urlCancelled.error(of: "part \(index)") }
        throw error
      }
    }
    state.withLock { $0.fates[index] = "part \(index) came at \(timeline.time)" }
    let bytes =
      range.lowerBound >= 0 && range.upperBound < scenario.bytes ? file[range] : Data()
    switch part.piece {
    case .whole: return Data(bytes)
    case .slice:
      // A slice whose indices start 5 past its range's: at neither 0 nor the range's offset.
      let storage = Data(count: range.lowerBound + 5) + bytes
      return storage[(range.lowerBound + 5)...]
    case .empty: return Data()
    // A wrong length comes as a slice too: what it holds is its count, not its end index.
    case .short: return (Data(count: 5) + bytes.dropLast()).dropFirst(5)
    case .long: return (Data(count: 5) + bytes + [7]).dropFirst(5)
    case .fails: throw part.error.error(of: "part \(index)")
    }
  }
}

/// "0...4, 5...9 (byte 10 never asked for)": ranges as a message shows them, with the first byte
/// they miss or ask for twice.
func rangesText(_ asked: [ClosedRange<Int>], size: Int) -> String {
  var text =
    asked.isEmpty
    ? "none"
    : abbreviated(asked.map { "\($0.lowerBound)...\($0.upperBound)" }).joined(separator: ", ")
  // In order of their starts, from range to range: no byte by byte count, as a file may hold
  // tens of megabytes.
  let inside = asked.filter { $0.lowerBound >= 0 && $0.upperBound < size }
  var (next, missing, twice) = (0, Int?.none, Int?.none)
  for range in inside.sorted(by: { $0.lowerBound < $1.lowerBound }) {
    if range.lowerBound > next, missing == nil { missing = next }
    if range.lowerBound < next, twice == nil { twice = range.lowerBound }
    next = max(next, range.upperBound + 1)
  }
  if next < size, missing == nil { missing = next }
  if let byte = missing {
    text += " (byte \(byte) never asked for)"
  } else if let byte = twice {
    text += " (byte \(byte) asked for \(inside.filter { $0.contains(byte) }.count) times)"
  }
  return text
}

/// The calls exercise 5.3 is graded on: a fixed list, from a fixed seed.
///
/// About one in thirty has 65 to 100 parts.
func partsScenarios(count: Int, seed: UInt64) -> [PartsScenario] {
  // Callers cancelled before they call, each part a second later than drawn, so that none
  // arrives before the cancel.
  let cancelledBefore = drawnParts(count: count / 20, seed: seed &+ 1).map { scenario in
    var scenario = scenario
    scenario.cancelAt = 0
    for index in scenario.parts.indices { scenario.parts[index].arrives += 1000 }
    return scenario
  }
  // Last, as they are the largest: 2^25 + 1 bytes, a size a Float cannot hold.
  let large = [2, 3].map { parts in
    PartsScenario(
      bytes: (1 << 25) + 1,
      parts: (0..<parts).map { PartsScenario.Part(arrives: $0 * 1000, piece: .whole) }
    )
  }
  // Crowds of one-byte parts, far more than the others, all fetched at once: a cap on the parts
  // fetched at a time shows here.
  var more = SeededNumbers(seed: seed &+ 2)
  let crowds = [1_025, more.logUniform(301...4_000)].map { parts in
    PartsScenario(
      bytes: parts,
      parts: (0..<parts).map { _ in PartsScenario.Part(arrives: 1000, piece: .whole) }
    )
  }
  // Failing parts that throw an error of the platform's own type: the first calls of up to 40
  // parts with a failing part again, each with one of `chapter05PlatformErrors` in turn.
  let drawn = drawnParts(count: count, seed: seed)
  let withFailures = drawn.filter { call in
    call.parts.count <= 40 && call.parts.contains { $0.piece == .fails }
  }
  let platformFailures = withEachPlatformError(withFailures) { scenario, error in
    for index in scenario.parts.indices where scenario.parts[index].piece == .fails {
      scenario.parts[index].error = .platform(error)
    }
  }
  return drawn + cancelledBefore + large + platformFailures + onlyWhenGrading(crowds)
}

private func drawnParts(count: Int, seed: UInt64) -> [PartsScenario] {
  var numbers = SeededNumbers(seed: seed)
  var nextCode = 0  // the URLError codes a failure throws, each in turn
  return (0..<count).map { _ in
    // Now and then more than 128 parts, every one fetched at once.
    let parts =
      numbers.chance(3)
      ? Int.random(in: numbers.chance(30) ? 129...300 : 65...100, using: &numbers)
      : numbers.chance(15)
        ? Int.random(in: 9...40, using: &numbers) : Int.random(in: 1...6, using: &numbers)
    let size = numbers.pick([
      parts, parts + 1, 2 * parts - 1, Int.random(in: parts...5_000, using: &numbers),
    ])
    // In two calls of five, some parts, or all, answer a cancel otherwise than with a
    // CancellationError.
    let varied = numbers.chance(40)
    let every: AnswersCancel? = numbers.pick([nil, nil, .ignoresIt, .itsOwnError])
    var scenario = PartsScenario(
      bytes: size,
      parts: (0..<parts).map { _ in
        PartsScenario.Part(
          arrives: Int.random(in: 0...4, using: &numbers) * 1000,
          piece: numbers.chance(30) ? .slice : .whole,
          answer: !varied
            ? .cancellationError
            : every
              ?? (numbers.chance(40)
                ? numbers.pick([.itsOwnError, .ignoresIt]) : .cancellationError)
        )
      }
    )
    if numbers.chance(45) {
      let index = Int.random(in: 0..<parts, using: &numbers)
      scenario.parts[index] = PartsScenario.Part(
        arrives: Int.random(in: 0...4, using: &numbers) * 1000 + 500,
        piece: numbers.pick([.empty, .short, .long, .fails, .fails]),
        error: OwnError.drawn(from: &numbers, nextCode: &nextCode)
      )
    }
    if numbers.chance(25) {
      scenario.cancelAt = Int.random(in: 0...4, using: &numbers) * 1000 + 250
    }
    return scenario
  }
}
