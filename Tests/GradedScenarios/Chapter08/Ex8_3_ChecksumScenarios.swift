import Dispatch
import ExerciseSupport
import Foundation
import LessonSupport

// Exercise 8.3 graded by its statement: generated files of no chunk to a dozen (and 66,000 when
// grading), chunk checksums anywhere in UInt64 (0 and UInt64.max among them, so the checksum
// wraps), and a cancel while a chunk is worked on. Every chunk is worked on only once the main
// actor has answered a job sent to it meanwhile: a loop that holds the main actor never gets
// that answer, and the run stops there.

/// When a run calls `cancel()`.
enum CancelMoment: Equatable, Sendable {
  /// Before `start()`: it changes nothing.
  case beforeStart
  /// While this chunk (from 0) is worked on, once or twice.
  case whileWorkedOn(Int, twice: Bool)
  /// From inside `onProgress` for this chunk (from 0).
  case insideProgress(Int)
  /// From inside `onFinish`: it changes nothing.
  case insideFinish
}

/// One generated run of `ChecksumModel`.
struct ChecksumScenario: GradedScenario, Equatable {
  var checksums: [UInt64]
  var cancel: CancelMoment?

  init(checksums: [UInt64], cancel: CancelMoment? = nil) {
    self.checksums = checksums
    self.cancel = cancel
  }

  /// The chunk during which `cancel()` is called, if any: the file holds it until then.
  var cancelAt: Int? {
    if case .whileWorkedOn(let chunk, _) = cancel { chunk } else { nil }
  }

  var size: Int {
    checksums.count
  }

  var description: String {
    let chunks: String
    if checksums.count > 12 {
      chunks =
        "a file of \(checksums.count) chunks, checksums \(checksums[0]), \(checksums[1]), ..."
    } else if checksums.isEmpty {
      chunks = "a file of no chunks"
    } else {
      chunks =
        "a file of chunks whose checksums are \(checksums.map(String.init).joined(separator: ", "))"
    }
    let cancel: String =
      switch self.cancel {
      case nil: ""
      case .beforeStart: "; cancel() before start()"
      case .whileWorkedOn(let chunk, let twice):
        "; cancel()\(twice ? " twice" : "") while chunk \(chunk + 1) is worked on"
      case .insideProgress(let chunk): "; cancel() from inside onProgress(\(chunk + 1))"
      case .insideFinish: "; cancel() from inside onFinish"
      }
    return chunks + cancel
  }

  var smaller: [ChecksumScenario] {
    var candidates: [ChecksumScenario] = []
    if cancel != nil { candidates.append(ChecksumScenario(checksums: checksums)) }
    if case .whileWorkedOn(let chunk, true) = cancel {
      candidates.append(
        ChecksumScenario(checksums: checksums, cancel: .whileWorkedOn(chunk, twice: false))
      )
    }
    let cancelled: Int? =
      switch cancel {
      case .whileWorkedOn(let chunk, _), .insideProgress(let chunk): chunk
      default: nil
      }
    for index in checksums.indices where cancelled.map({ $0 != index }) ?? true {
      var fewer = checksums
      fewer.remove(at: index)
      var moment = cancel
      if let chunk = cancelled, chunk > index {
        if case .whileWorkedOn(_, let twice) = cancel {
          moment = .whileWorkedOn(chunk - 1, twice: twice)
        }
        if case .insideProgress = cancel { moment = .insideProgress(chunk - 1) }
      }
      candidates.append(ChecksumScenario(checksums: fewer, cancel: moment))
    }
    for (index, checksum) in checksums.enumerated() where checksum != 1 {
      var plainer = checksums
      plainer[index] = 1
      candidates.append(ChecksumScenario(checksums: plainer, cancel: cancel))
    }
    return candidates
  }
}

/// What a run gives: what the main actor saw, in order, and how the chunks were worked on.
struct ChecksumOutcome: Equatable, CustomStringConvertible {
  var events: [String]
  var chunks: String

  var description: String {
    (events.isEmpty ? "nothing" : events.joined(separator: ", ")) + "; " + chunks
  }
}

/// `events` with a long file's progress told by its last call, when the calls came 1, 2, 3...
func withProgressShortened(_ events: [String], chunks: Int) -> [String] {
  guard chunks > 12 else { return events }
  let progress = events.filter { $0.hasPrefix("onProgress(") }
  guard progress == (0..<progress.count).map({ "onProgress(\($0 + 1))" }), let last = progress.last
  else { return events }
  return events.filter { !$0.hasPrefix("onProgress(") || $0 == last }
}

/// "chunks 1 to 3 worked on, one at a time, in order": how the chunks the file saw are told.
func spelledChunks(_ started: [Int], mostAtOnce: Int) -> String {
  let inOrder = started == Array(0..<started.count)
  var told: String
  if started.isEmpty {
    told = "no chunk worked on"
  } else if inOrder {
    told = started.count == 1 ? "chunk 1 worked on" : "chunks 1 to \(started.count) worked on"
  } else {
    told =
      "chunks " + started.prefix(12).map { String($0 + 1) }.joined(separator: ", ")
      + (started.count > 12 ? ", ..." : "") + " worked on"
  }
  if mostAtOnce > 1 { told += ", \(mostAtOnce) at once" }
  return told
}

/// The statement of exercise 8.3, as a program.
func checksumModel(_ scenario: ChecksumScenario) -> ChecksumOutcome {
  var events = scenario.cancel == .beforeStart ? ["cancel() returned before start()"] : []
  events.append("start() returned")
  var checksum: UInt64 = 0
  func outcome(worked: Int) -> ChecksumOutcome {
    ChecksumOutcome(
      events: withProgressShortened(events, chunks: scenario.checksums.count),
      chunks: spelledChunks(Array(0..<worked), mostAtOnce: 1)
    )
  }
  for (index, chunk) in scenario.checksums.enumerated() {
    if case .whileWorkedOn(index, let twice) = scenario.cancel {
      let times = twice ? " twice" : ""
      events += [
        "cancel() returned\(times) while chunk \(index + 1) was worked on", "onFinish(nil)",
      ]
      return outcome(worked: index + 1)
    }
    checksum = checksum &* 31 &+ chunk
    events.append("onProgress(\(index + 1))")
    if case .insideProgress(index) = scenario.cancel {
      events += ["cancel() returned inside onProgress(\(index + 1))", "onFinish(nil)"]
      return outcome(worked: index + 1)
    }
  }
  events.append("onFinish(\(checksum))")
  if scenario.cancel == .insideFinish { events.append("cancel() returned inside onFinish") }
  return outcome(worked: scenario.checksums.count)
}

/// The runs exercise 8.3 is graded on: a fixed list, from a fixed seed.
func checksumScenarios(count: Int, seed: UInt64) -> [ChecksumScenario] {
  var numbers = SeededNumbers(seed: seed)
  let odd: [UInt64] = [0, 1, .max, .max - 1, 1 << 63, 1 << 32, 31]
  return (0..<count).map { _ in
    let length =
      numbers.chance(25)
      ? Int.random(in: 13...100, using: &numbers) : Int.random(in: 0...12, using: &numbers)
    let checksums: [UInt64] = (0..<length).map { _ in
      numbers.chance(25) ? numbers.pick(odd) : UInt64.random(in: 0...UInt64.max, using: &numbers)
    }
    var cancel: CancelMoment?
    let chunk = checksums.isEmpty ? nil : Int.random(in: 0..<checksums.count, using: &numbers)
    switch Int.random(in: 0..<100, using: &numbers) {
    case 0..<10: cancel = .beforeStart
    case 10..<45: cancel = chunk.map { .whileWorkedOn($0, twice: numbers.chance(25)) }
    case 45..<60: cancel = chunk.map { .insideProgress($0) }
    case 60..<70: cancel = .insideFinish
    default: cancel = nil
    }
    return ChecksumScenario(checksums: checksums, cancel: cancel)
  }
}

/// A file that works on a chunk only once the main actor has answered a job sent to it meanwhile.
///
/// A chunk worked on by a loop that holds the main actor waits for ever. It notes the chunks
/// started and how many at once, and holds chunk `holdAt` until released.
final class ProbingFile: ChunkedFile {
  private struct State {
    var started: [Int] = []
    var running = 0
    var mostAtOnce = 0
    var holding: CheckedContinuation<Void, Never>?
    var held = false
    var heldNow = false
  }

  let checksums: [UInt64]
  private let holdAt: Int?
  private let state = Locked(State())
  private let release = DispatchSemaphore(value: 0)

  init(checksums: [UInt64], holdAt: Int?) {
    self.checksums = checksums
    self.holdAt = holdAt
  }

  var chunkCount: Int {
    checksums.count
  }

  /// The chunks started, in order, and the most worked on at once.
  var worked: (started: [Int], mostAtOnce: Int) {
    state.withLock { ($0.started, $0.mostAtOnce) }
  }

  /// Whether the chunk held is still being worked on.
  var isHolding: Bool {
    state.withLock { $0.heldNow }
  }

  func checksum(ofChunk index: Int) -> UInt64 {
    state.withLock { state in
      state.started.append(index)
      state.running += 1
      state.mostAtOnce = max(state.mostAtOnce, state.running)
    }
    // The main actor must answer while this chunk is worked on.
    let answered = DispatchSemaphore(value: 0)
    Task { @MainActor in answered.signal() }
    answered.wait()
    if index == holdAt {
      let waiter = state.withLock { state in
        state.held = true
        state.heldNow = true
        return state.holding.take()
      }
      waiter?.resume()
      release.wait()
      state.withLock { $0.heldNow = false }
    }
    state.withLock { $0.running -= 1 }
    return checksums.indices.contains(index) ? checksums[index] : 0
  }

  /// Returns once chunk `holdAt` is being worked on.
  func waitUntilHeld() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.held { return true }
        state.holding = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// Lets the chunk held return.
  func releaseTheChunkHeld() {
    release.signal()
  }
}
