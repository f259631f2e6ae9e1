import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import VirtualTime

// Exercise 5c graded by its statement: generated sizes (1 to 5,000 bytes) and part counts (1 to
// 40, up to the size, and a few of 65 to 300), parts that arrive in any order, as a Data of their
// own or a slice of a larger one, one part that throws (JobFailed, a CancellationError or a
// URLError, POSIXError or CocoaError of its own), comes empty, short or long, writes that take no
// time or a while, one write that throws, a cancel of the caller at any moment, and parts that
// answer a cancel with a CancellationError, an error of their own or not at all, on a virtual
// timeline.

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
    /// How it answers a cancel; one that ignores it goes right or wrong at its time.
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
  /// How long each write takes, in milliseconds: none, or 7 ms past whole seconds, so that no
  /// write ends when a part arrives, fails, or the caller is cancelled.
  var write = 0
  /// The part whose write throws `JobFailed(write k)`, once it has taken its time.
  var writeFails: Int?

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
    if write > 0 { text += "; each write takes \(timelineTime(write))" }
    if let writeFails {
      text += "; the write of part \(writeFails) throws JobFailed(write \(writeFails))"
    }
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
    if writeFails != nil {
      var copy = self
      copy.writeFails = nil
      simpler.append(copy)
    }
    if write > 0 {
      var copy = self
      copy.write = 0
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
        copy.writeFails = writeFails.flatMap { half.contains($0) ? $0 - half.lowerBound : nil }
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
      for index in parts.indices where index != writeFails {
        var copy = self
        copy.parts.remove(at: index)
        if let failing = writeFails, failing > index { copy.writeFails = failing - 1 }
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
  var size: Int {
    parts.count * 10 + min(bytes, 9) + (cancelAt == nil ? 0 : 1) + (write == 0 ? 0 : 1)
      + (writeFails == nil ? 0 : 1)
  }
}

/// How the ranges were asked for, each part's fate, each write, and what the call gave.
struct PartsOutcome: Equatable, CustomStringConvertible {
  var ranges: String
  var parts: [String]
  /// "part 0 written at 1 s", in the order of the writes.
  var writes: [String]
  var result: String

  var description: String {
    "\(ranges); " + abbreviated(parts).joined(separator: ", ") + "; "
      + (writes.isEmpty ? "no write" : abbreviated(writes).joined(separator: ", ")) + "; " + result
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
  if scenario.parts.count > 12, let writes = firstDifference(got.writes, expected.writes) {
    text += ". Writes: " + writes
  }
  return text
}

/// The bytes of a file of `size` bytes: byte i is i modulo 251.
private func partsFile(_ size: Int) -> Data {
  var file = Data((0..<251).map { UInt8($0) })
  while file.count < size { file.append(file) }  // doubled: quick for files of megabytes too
  return file.prefix(size)
}

/// The call of a scenario as the statement runs it: when each write starts, when the fetches
/// still running are cancelled (nil: none is), and how the call ends, with the other words for an
/// end the statement leaves free.
struct PartsRun {
  var writes: [Int] = []
  var stop: Int?
  var result = ""
  var alsoAllowed: [String] = []
}

/// The statement of exercise 5c, run.
///
/// The loop takes what the fetches give in the order they end: a piece, then each write it makes
/// possible; or an error, which ends the call. A cancelled caller gets no write after the cancel.
///
/// Left free: when a cancelled call throws (from the moment its loop is first free after the
/// cancel to the moment a write would start), and whether it throws CancellationError or an error
/// a fetch answers the cancel with; whether a call cancelled during its last write returns or
/// throws; and whether a call that throws waits for the fetches that ignore the cancel (a task
/// group does).
func partsRun(_ scenario: PartsScenario) -> PartsRun {
  let parts = scenario.parts
  let cancel = scenario.cancelAt ?? Int.max
  /// Whether a fetch still running at the cancel answers it (with an error), rather than
  /// ignoring it and bringing its piece.
  func answersTheCancel(_ part: PartsScenario.Part) -> Bool {
    part.arrives > cancel && part.answer != .ignoresIt
  }
  // What the fetches give, in the order they end.
  let ends = parts.indices.map { index in
    (time: answersTheCancel(parts[index]) ? cancel : parts[index].arrives, index: index)
  }
  .sorted { ($0.time, $0.index) < ($1.time, $1.index) }
  var run = PartsRun()
  /// The call throws one of `errors` at one of `times`, and the fetches still running at `stop`
  /// are cancelled then; a task group waits for those that ignore it.
  func ending(_ errors: [String], at times: [Int], stop: Int, orReturns: Bool = false) -> PartsRun {
    run.stop = stop
    var allowed: [String] = []
    for time in times {
      let ignoring = parts.filter { $0.arrives > time && $0.answer == .ignoresIt }
      for end in [time, max(time, ignoring.map(\.arrives).max() ?? time)] {
        allowed += errors.map { "threw \($0) at \(timelineTime(end))" }
      }
    }
    if orReturns, let time = times.first { allowed.append("returned at \(timelineTime(time))") }
    var unique: [String] = []
    for text in allowed where !unique.contains(text) { unique.append(text) }
    run.result =
      unique.count == 1 ? unique[0] : unique.joined(separator: ", or ") + " (any of these)"
    run.alsoAllowed = unique.count == 1 ? [] : unique
    return run
  }
  /// A cancelled call, whose loop would start a write, or take a fetch's answer to the cancel (or
  /// `failure`, a part that went wrong before the cancel), at `latest`: it may throw from the
  /// moment its loop is first free after the cancel.
  func cancelled(latest: Int, failure: String? = nil, orReturns: Bool = false) -> PartsRun {
    let under = run.writes.first { $0 < cancel && cancel < $0 + scenario.write }
    let earliest = under.map { $0 + scenario.write } ?? cancel
    let times = [earliest] + ends.map(\.time).filter { $0 > earliest && $0 < latest } + [latest]
    let own = parts.indices.filter {
      answersTheCancel(parts[$0]) && parts[$0].answer == .itsOwnError
    }
    let errors =
      (failure.map { [$0] } ?? []) + ["CancellationError()"]
      + own.map { OwnError.urlCancelled.spelled(of: "part \($0)") }
    return ending(errors, at: times.sorted(), stop: cancel, orReturns: orReturns)
  }
  var loop = 0  // when the loop is next free
  var early = Set<Int>()
  var next = 0
  for end in ends {
    loop = max(loop, end.time)
    let part = parts[end.index]
    if answersTheCancel(part) { return cancelled(latest: loop) }
    if !part.isRight {
      let error =
        part.piece == .fails
        ? part.error.spelled(of: "part \(end.index)")
        : "WrongPartLength for part \(end.index) (\(part.piece.rawValue))"
      // Taken after the cancel (the loop was writing): that error, or the cancel's.
      if loop > cancel { return cancelled(latest: loop, failure: error) }
      return ending([error], at: [loop], stop: loop)
    }
    early.insert(end.index)
    while early.contains(next) {
      if loop > cancel { return cancelled(latest: loop) }
      early.remove(next)
      run.writes.append(loop)
      loop += scenario.write
      if scenario.writeFails == next {
        // Cancelled during the write that throws: its error, or the cancel's.
        if loop > cancel { return cancelled(latest: loop, failure: "JobFailed(write \(next))") }
        return ending(["JobFailed(write \(next))"], at: [loop], stop: loop)
      }
      next += 1
    }
  }
  // Cancelled during the last write: nothing is left to write.
  if loop > cancel { return cancelled(latest: loop, orReturns: true) }
  run.result = "returned at \(timelineTime(loop))"
  return run
}

/// The statement of exercise 5c, as a program.
func partsModel(_ scenario: PartsScenario) -> PartsOutcome {
  let count = scenario.parts.count
  let ranges =
    "\(count) range\(count == 1 ? "" : "s") in order from 0 to \(scenario.bytes - 1), all asked for at 0 s"
  let run = partsRun(scenario)
  let stop = run.stop ?? Int.max
  let parts = scenario.parts.enumerated().map { index, part in
    part.arrives <= stop || part.answer == .ignoresIt
      ? "part \(index) came at \(timelineTime(part.arrives))"
      : "part \(index) cancelled at \(timelineTime(stop))"
  }
  return PartsOutcome(
    ranges: ranges,
    parts: parts,
    writes: run.writes.enumerated().map {
      "part \($0.offset) written at \(timelineTime($0.element))"
    },
    result: run.result
  )
}

/// The fetch of a scenario: waits until every part is asked for (all at once), then numbers the
/// parts in range order and answers each at its time.
final class ScriptedParts: Sendable {
  private struct State {
    var asked: [ClosedRange<Int>] = [] {
      didSet { (sorted, indices) = (nil, nil) }
    }
    var waiting: [CheckedContinuation<Void, Never>] = []
    var fates: [Int: String] = [:]
    var askedAt: [String] = []
    /// `asked` in order of their starts, and where each range first stands there: made once
    /// for the thousands of parts of a crowd, not at every fetch.
    private var sorted: [ClosedRange<Int>]?
    private var indices: [ClosedRange<Int>: Int]?

    mutating func sortedAsked() -> [ClosedRange<Int>] {
      if let sorted { return sorted }
      let made = asked.sorted { $0.lowerBound < $1.lowerBound }
      sorted = made
      return made
    }

    mutating func index(of range: ClosedRange<Int>) -> Int? {
      if indices == nil {
        var made: [ClosedRange<Int>: Int] = [:]
        for (index, range) in sortedAsked().enumerated() where made[range] == nil {
          made[range] = index
        }
        indices = made
      }
      return indices?[range]
    }
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

  var asked: [ClosedRange<Int>] { state.withLock { $0.sortedAsked() } }
  var askedAt: [String] { state.withLock { $0.askedAt } }
  var fates: [Int: String] { state.withLock { $0.fates } }

  /// Which part `range` is, once every part has been asked for.
  func index(of range: ClosedRange<Int>) -> Int? { state.withLock { $0.index(of: range) } }

  /// "part 2 written at 1 s": a write as the outcome shows it, the part named by its bytes (the
  /// part whose turn it is first, as parts far apart can hold the same bytes).
  ///
  /// `asked` is `self.asked`, read once for all the writes of a call.
  func spelledWrite(_ piece: Data, at time: String, turn: Int, asked: [ClosedRange<Int>]) -> String
  {
    let holds = { (part: Int) in
      part < asked.count && asked[part].lowerBound >= 0 && asked[part].upperBound < self.file.count
        && self.file[asked[part]] == piece
    }
    // Its turn's part first: a right answer's every write is, so a crowd costs one look a write.
    guard let part = holds(turn) ? turn : asked.indices.first(where: holds) else {
      return "\(piece.count) bytes that are no part's written at \(time)"
    }
    return "part \(part) written at \(time)"
  }

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
    if part.answer == .ignoresIt {
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

/// The calls exercise 5c is graded on: a fixed list, from a fixed seed.
///
/// About one in thirty has 65 to 300 parts.
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
  let crowds = [1_025, more.logUniform(301...4_000), 10_001].map { parts in
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
  // Two parts that go wrong: the first error the loop comes to is the call's, though a part of a
  // lower range, which ignores the cancel, fails later.
  let twoFailures = drawn.filter { call in
    call.parts.count >= 2 && call.parts.count <= 40 && call.cancelAt == nil
      && call.parts.dropFirst().contains { !$0.isRight }
  }
  .prefix(20).map { drawn in
    var scenario = drawn
    let failing = scenario.parts.firstIndex { !$0.isRight } ?? 0
    scenario.parts[0] = PartsScenario.Part(
      arrives: scenario.parts[failing].arrives + 2_000,
      piece: .fails,
      error: .url(3),
      answer: .ignoresIt
    )
    return scenario
  }
  // The caller cancelled during the write that throws: that write's error, or the cancel's.
  let cancelDuringAFailingWrite = [
    (arrivals: [1, 1, 1], write: 1_007, fails: 1, cancel: 2_250),
    (arrivals: [2, 1, 1, 3], write: 3_007, fails: 0, cancel: 3_250),
    (arrivals: [0, 0], write: 1_007, fails: 1, cancel: 1_250),
  ].map { run in
    var scenario = PartsScenario(
      bytes: run.arrivals.count * 10,
      parts: run.arrivals.map { PartsScenario.Part(arrives: $0 * 1000, piece: .whole) },
      cancelAt: run.cancel
    )
    scenario.write = run.write
    scenario.writeFails = run.fails
    return scenario
  }
  // Pieces of more than 64 MiB each, when grading: each is still one write.
  let largePieces = [
    PartsScenario(
      bytes: 2 * ((1 << 26) + 1),
      parts: [
        PartsScenario.Part(arrives: 2_000, piece: .whole), .init(arrives: 1_000, piece: .whole),
      ]
    )
  ]
  return drawn + cancelledBefore + large + platformFailures + twoFailures
    + cancelDuringAFailingWrite + onlyWhenGrading(crowds + largePieces)
}

private func drawnParts(count: Int, seed: UInt64) -> [PartsScenario] {
  var numbers = SeededNumbers(seed: seed)
  var writes = SeededNumbers(seed: seed &+ 7)
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
    // From a stream of its own: writes that take a while (up to 40 parts, so that a chain of
    // writes never ends when a part fails or the caller is cancelled), one write that throws.
    if parts <= 40, writes.chance(50) {
      scenario.write = writes.pick([7, 1_007, 3_007])
      if writes.chance(20) { scenario.writeFails = Int.random(in: 0..<parts, using: &writes) }
    }
    return scenario
  }
}
