import Dispatch
import ExerciseSupport
import Foundation
import LessonSupport

// Exercise 8c graded by its statement: generated files of no chunk to a hundred (and one of
// 100,100 when grading), files that say they have up to Int.max chunks and are cancelled early, chunk
// checksums anywhere in UInt64 (0 and UInt64.max among them, so the checksum wraps), cancels at
// every moment the statement names, and a second model on the same file. Every chunk is worked
// on only once the main actor has answered a job sent to it meanwhile: a loop that holds the
// main actor never gets that answer, and the run stops there.

/// When a run calls `cancel()`, after `start()`.
enum CancelMoment: Equatable, Sendable {
  /// Right after `start()` returns, on the main actor, before the first chunk can be reported.
  case rightAfterStart
  /// While this chunk (from 0) is worked on, once or twice.
  case whileWorkedOn(Int, twice: Bool)
  /// From inside `onProgress` for this chunk (from 0), once or twice.
  case insideProgress(Int, twice: Bool)
  /// From inside `onFinish`: it changes nothing.
  case insideFinish

  /// The chunk the cancel comes at, if it is one.
  var chunk: Int? {
    switch self {
    case .whileWorkedOn(let chunk, _), .insideProgress(let chunk, _): chunk
    default: nil
    }
  }

  /// The same moment at another chunk.
  func at(_ chunk: Int) -> CancelMoment {
    switch self {
    case .whileWorkedOn(_, let twice): .whileWorkedOn(chunk, twice: twice)
    case .insideProgress(_, let twice): .insideProgress(chunk, twice: twice)
    default: self
    }
  }
}

/// One generated run of `ChecksumModel`.
struct ChecksumScenario: GradedScenario, Equatable {
  var checksums: [UInt64]
  var cancel: CancelMoment?
  /// `cancel()` before `start()` as well: it changes nothing.
  var cancelledBeforeStart = false
  /// How many chunks the file says it has, when more than `checksums` has: a cancel comes
  /// before the chunks past them (whose checksums are 0).
  var declaredChunks: Int?
  /// A second model on the same file, started once the first has finished.
  var checkedAgain = false
  /// `cancel()` from inside `onFinish` too, after the cancel of `cancel`: it changes nothing.
  var cancelledInsideFinishToo = false
  /// With a cancel right after `start()`: made in the same job of the main actor, once the first
  /// chunk has begun (the main thread waits for it, a bounded number of yields).
  var cancelledOnceTheFirstChunkBegins = false

  init(
    checksums: [UInt64],
    cancel: CancelMoment? = nil,
    cancelledBeforeStart: Bool = false,
    declaredChunks: Int? = nil,
    checkedAgain: Bool = false,
    cancelledInsideFinishToo: Bool = false,
    cancelledOnceTheFirstChunkBegins: Bool = false
  ) {
    self.checksums = checksums
    self.cancel = cancel
    self.cancelledBeforeStart = cancelledBeforeStart
    self.declaredChunks = declaredChunks
    self.checkedAgain = checkedAgain
    self.cancelledInsideFinishToo = cancelledInsideFinishToo
    self.cancelledOnceTheFirstChunkBegins = cancelledOnceTheFirstChunkBegins
  }

  /// The chunk during which `cancel()` is called, if any: the file holds it until then.
  var cancelAt: Int? {
    if case .whileWorkedOn(let chunk, _) = cancel { chunk } else { nil }
  }

  /// How many chunks the file says it has.
  var chunkCount: Int {
    declaredChunks ?? checksums.count
  }

  var size: Int {
    checksums.count + (cancel == nil ? 0 : 1) + (cancelledBeforeStart ? 1 : 0)
      + (declaredChunks == nil ? 0 : 1) + (checkedAgain ? 1 : 0)
      + (cancelledInsideFinishToo ? 1 : 0) + (cancelledOnceTheFirstChunkBegins ? 1 : 0)
  }

  var description: String {
    var told: String
    if let declaredChunks {
      let first = checksums.prefix(12).map(String.init).joined(separator: ", ")
      told =
        "a file that says it has \(declaredChunks) chunks, the first \(checksums.count) with "
        + "checksums \(first)" + (checksums.count > 12 ? ", ..." : "")
    } else if checksums.count > 12 {
      told = "a file of \(checksums.count) chunks, checksums \(checksums[0]), \(checksums[1]), ..."
    } else if checksums.isEmpty {
      told = "a file of no chunks"
    } else {
      told =
        "a file of chunks whose checksums are \(checksums.map(String.init).joined(separator: ", "))"
    }
    if cancelledBeforeStart { told += "; cancel() before start()" }
    switch cancel {
    case nil: break
    case .rightAfterStart:
      told += "; cancel() right after start()"
      if cancelledOnceTheFirstChunkBegins {
        told += ", in the same job of the main actor once chunk 1 has begun"
      }
    case .whileWorkedOn(let chunk, let twice):
      told += "; cancel()\(twice ? " twice" : "") while chunk \(chunk + 1) is worked on"
    case .insideProgress(let chunk, let twice):
      told += "; cancel()\(twice ? " twice" : "") from inside onProgress(\(chunk + 1))"
    case .insideFinish: told += "; cancel() from inside onFinish"
    }
    if cancelledInsideFinishToo { told += "; cancel() from inside onFinish too" }
    if checkedAgain { told += "; then a second model on the same file, started once it finished" }
    return told
  }

  var smaller: [ChecksumScenario] {
    // A long file is cut in half, not a chunk at a time: each try costs a run of it.
    if checksums.count > 100 {
      var half = self
      half.checksums = Array(checksums.prefix(checksums.count / 2))
      if let chunk = cancel?.chunk, chunk >= half.checksums.count { half.cancel = nil }
      return [half].filter(\.isValid)
    }
    var candidates: [ChecksumScenario] = []
    func with(_ change: (inout ChecksumScenario) -> Void) {
      var candidate = self
      change(&candidate)
      candidates.append(candidate)
    }
    if cancelledBeforeStart { with { $0.cancelledBeforeStart = false } }
    if checkedAgain { with { $0.checkedAgain = false } }
    if cancelledInsideFinishToo { with { $0.cancelledInsideFinishToo = false } }
    if cancelledOnceTheFirstChunkBegins { with { $0.cancelledOnceTheFirstChunkBegins = false } }
    if declaredChunks == nil, cancel != nil { with { $0.cancel = nil } }
    if case .whileWorkedOn(let chunk, true) = cancel {
      with { $0.cancel = .whileWorkedOn(chunk, twice: false) }
    }
    if case .insideProgress(let chunk, true) = cancel {
      with { $0.cancel = .insideProgress(chunk, twice: false) }
    }
    if let declaredChunks, declaredChunks > checksums.count + 1 {
      with { $0.declaredChunks = checksums.count + 1 }
    }
    for index in checksums.indices where cancel?.chunk != index {
      with {
        $0.checksums.remove(at: index)
        if let chunk = cancel?.chunk, chunk > index { $0.cancel = cancel?.at(chunk - 1) }
        if let declared = declaredChunks { $0.declaredChunks = declared - 1 }
      }
    }
    for (index, checksum) in checksums.enumerated() where checksum != 1 {
      with { $0.checksums[index] = 1 }
    }
    return candidates.filter(\.isValid)
  }

  /// Whether the run can happen as described: a cancel at a chunk the file has, and a file that
  /// says it has more chunks than it lists only when a cancel stops it within them.
  var isValid: Bool {
    if let chunk = cancel?.chunk, chunk >= checksums.count { return false }
    if declaredChunks != nil {
      return !checkedAgain && (cancel?.chunk != nil || cancel == .rightAfterStart)
    }
    return true
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
  else { return withProgressRunsJoined(events) }
  return events.filter { !$0.hasPrefix("onProgress(") || $0 == last }
}

/// `events` with each run of three or more progress calls in a row told as one.
///
/// "onProgress(1) to onProgress(100000)": calls onProgress(n), onProgress(n + 1) and on.
private func withProgressRunsJoined(_ events: [String]) -> [String] {
  func done(_ event: String) -> Int? {
    guard event.hasPrefix("onProgress("), event.hasSuffix(")") else { return nil }
    return Int(event.dropFirst("onProgress(".count).dropLast())
  }
  var joined: [String] = []
  var index = 0
  while index < events.count {
    var end = index
    while end + 1 < events.count, let here = done(events[end]), done(events[end + 1]) == here + 1 {
      end += 1
    }
    joined.append(end - index >= 2 ? "\(events[index]) to \(events[end])" : events[index])
    if end - index < 2 { end = index }
    index = end + 1
  }
  return joined
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

/// Said of a run cancelled right after `start()` that worked on chunk 1 at most: whether the
/// loop had begun it by then is up to the threads.
let atMostTheFirstChunk = "chunk 1 at most worked on"

/// The statement of exercise 8c, as a program.
func checksumModel(_ scenario: ChecksumScenario) -> ChecksumOutcome {
  var events = scenario.cancelledBeforeStart ? ["cancel() returned before start()"] : []
  events.append("start() returned")
  var chunks: String
  func checksummed() -> (events: [String], worked: Int) {
    var events: [String] = []
    var checksum: UInt64 = 0
    // A cancel from inside onFinish, after the run's own cancel, is told and changes nothing.
    let insideFinish =
      scenario.cancelledInsideFinishToo ? ["cancel() returned inside onFinish"] : []
    if scenario.cancel == .rightAfterStart {
      return (["cancel() returned right after start()", "onFinish(nil)"] + insideFinish, 0)
    }
    for (index, chunk) in scenario.checksums.enumerated() {
      if case .whileWorkedOn(index, let twice) = scenario.cancel {
        let times = twice ? " twice" : ""
        events += [
          "cancel() returned\(times) while chunk \(index + 1) was worked on", "onFinish(nil)",
        ]
        return (events + insideFinish, index + 1)
      }
      checksum = checksum &* 31 &+ chunk
      events.append("onProgress(\(index + 1))")
      if case .insideProgress(index, let twice) = scenario.cancel {
        let times = twice ? " twice" : ""
        events += ["cancel() returned\(times) inside onProgress(\(index + 1))", "onFinish(nil)"]
        return (events + insideFinish, index + 1)
      }
    }
    events.append("onFinish(\(checksum))")
    if scenario.cancel == .insideFinish { events.append("cancel() returned inside onFinish") }
    events += insideFinish
    return (events, scenario.checksums.count)
  }
  let first = checksummed()
  events += first.events
  chunks =
    scenario.cancel == .rightAfterStart
    ? atMostTheFirstChunk : spelledChunks(Array(0..<first.worked), mostAtOnce: 1)
  events = withProgressShortened(events, chunks: scenario.chunkCount)
  if scenario.checkedAgain {
    let checksum = scenario.checksums.reduce(UInt64(0)) { $0 &* 31 &+ $1 }
    let again =
      ["start() returned"] + (0..<scenario.checksums.count).map { "onProgress(\($0 + 1))" }
      + ["onFinish(\(checksum))"]
    events += withProgressShortened(again, chunks: scenario.chunkCount).map {
      "second model: " + $0
    }
    chunks +=
      "; second model: "
      + spelledChunks(Array(0..<scenario.checksums.count), mostAtOnce: 1)
  }
  return ChecksumOutcome(events: events, chunks: chunks)
}

/// The runs exercise 8c is graded on: a fixed list, from a fixed seed.
func checksumScenarios(count: Int, seed: UInt64) -> [ChecksumScenario] {
  var numbers = SeededNumbers(seed: seed)
  let odd: [UInt64] = [0, 1, .max, .max - 1, 1 << 63, 1 << 32, 31]
  let manyChunks = [Int.max, Int.max - 1, 1 << 40, 1 << 32, 100_001, 65_537]
  return (0..<count).map { _ in
    let length =
      numbers.chance(25)
      ? Int.random(in: 13...100, using: &numbers) : Int.random(in: 0...12, using: &numbers)
    let checksums: [UInt64] = (0..<length).map { _ in
      numbers.chance(25) ? numbers.pick(odd) : UInt64.random(in: 0...UInt64.max, using: &numbers)
    }
    var scenario = ChecksumScenario(checksums: checksums)
    let chunk = checksums.isEmpty ? nil : Int.random(in: 0..<checksums.count, using: &numbers)
    switch Int.random(in: 0..<100, using: &numbers) {
    case 0..<10: scenario.cancel = .rightAfterStart
    case 10..<45: scenario.cancel = chunk.map { .whileWorkedOn($0, twice: numbers.chance(25)) }
    case 45..<60: scenario.cancel = chunk.map { .insideProgress($0, twice: numbers.chance(25)) }
    case 60..<70: scenario.cancel = .insideFinish
    default: break
    }
    scenario.cancelledBeforeStart = numbers.chance(20)
    if scenario.cancel?.chunk != nil || scenario.cancel == .rightAfterStart, numbers.chance(15) {
      scenario.declaredChunks = numbers.pick(manyChunks)
    } else {
      scenario.checkedAgain = numbers.chance(15)
    }
    return scenario
  }
}

/// A file that works on a chunk only once the main actor has answered a job sent to it meanwhile
/// (every chunk of the first thousand, then every thousandth).
///
/// A chunk worked on by a loop that holds the main actor waits for ever. It notes the chunks
/// started and how many at once, and holds chunk `holdAt` until released, the first time.
final class ProbingFile: ChunkedFile {
  private struct State {
    var started: [Int] = []
    /// The chunks being worked on now.
    var underWay: Set<Int> = []
    var running = 0
    var mostAtOnce = 0
    var holding: CheckedContinuation<Void, Never>?
    var held = false
  }

  let checksums: [UInt64]
  private let holdAt: Int?
  private let declaredChunks: Int?
  private let state = Locked(State())
  private let release = DispatchSemaphore(value: 0)

  /// A file of `checksums`, or one that says it has `declaredChunks` (the chunks past
  /// `checksums` give 0).
  init(checksums: [UInt64], holdAt: Int?, declaredChunks: Int? = nil) {
    self.checksums = checksums
    self.holdAt = holdAt
    self.declaredChunks = declaredChunks
  }

  var chunkCount: Int {
    declaredChunks ?? checksums.count
  }

  /// Forgets the chunks started, for a second model on the same file.
  func forgetTheChunksWorked() {
    state.withLock { state in
      state.started = []
      state.mostAtOnce = 0
    }
  }

  /// The chunks started, in order, and the most worked on at once.
  var worked: (started: [Int], mostAtOnce: Int) {
    state.withLock { ($0.started, $0.mostAtOnce) }
  }

  /// The first of the chunks being worked on now, if any: one whose call has not returned.
  var chunkUnderWay: Int? {
    state.withLock { $0.underWay.min() }
  }

  /// Whether any chunk has begun to be worked on.
  var hasBegun: Bool {
    state.withLock { !$0.started.isEmpty }
  }

  func checksum(ofChunk index: Int) -> UInt64 {
    state.withLock { state in
      state.started.append(index)
      state.underWay.insert(index)
      state.running += 1
      state.mostAtOnce = max(state.mostAtOnce, state.running)
    }
    // The main actor must answer while this chunk is worked on: every chunk of the first
    // thousand, then every thousandth, so that a long file costs the answer's own hops only.
    if index < 1_000 || index % 1_000 == 0 {
      let answered = DispatchSemaphore(value: 0)
      Task { @MainActor in answered.signal() }
      answered.wait()
    }
    // Chunk `holdAt` is held the first time it is worked on only.
    if index == holdAt, !state.withLock({ $0.held }) {
      let waiter = state.withLock { state in
        state.held = true
        return state.holding.take()
      }
      waiter?.resume()
      release.wait()
    }
    state.withLock { state in
      state.running -= 1
      state.underWay.remove(index)
    }
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

/// A run of several models at once, some on the same file.
///
/// The first is held on a chunk while the others start (some from a task already cancelled) and
/// run, then it may be cancelled; the last may be cancelled right after its start. The test keeps
/// no file: the models hold them.
struct SharedFilesScenario: GradedScenario, Equatable {
  /// Each file's chunk checksums.
  var files: [[UInt64]]
  /// The file of each model, in the order they start.
  var modelFiles: [Int]
  /// The chunk (from 0) the first model is held on while the others run.
  var heldAt: Int
  /// Whether the first model is cancelled while held.
  var firstCancelled: Bool
  /// Whether the last model is cancelled right after its start.
  var lastCancelledAtOnce: Bool
  /// The models (from 0) whose `start()` is called from a task already cancelled.
  var startedFromACancelledTask: [Int]

  var size: Int {
    modelFiles.count + files.joined().count
  }

  var smaller: [SharedFilesScenario] {
    []
  }

  var description: String {
    let filesTold = files.enumerated().map { index, checksums in
      "file \(index + 1) of chunks \(checksums.map(String.init).joined(separator: ", "))"
    }
    var told =
      "\(filesTold.joined(separator: " and ")); models 1 to \(modelFiles.count) on files "
      + modelFiles.map { String($0 + 1) }.joined(separator: ", ")
      + ", the test keeping no file; model 1 started and held on chunk \(heldAt + 1) while "
      + "the others started and ran to their end"
    if lastCancelledAtOnce { told += ", the last cancelled right after its start()" }
    if !startedFromACancelledTask.isEmpty {
      told +=
        "; start() called from a task already cancelled for model "
        + startedFromACancelledTask.map { String($0 + 1) }.joined(separator: " and ")
    }
    told += firstCancelled ? "; then model 1 cancelled and let go on" : "; then model 1 let go on"
    return told
  }
}

/// The statement of exercise 8c for several models at once: each model's calls, and how many
/// times each file's chunks were worked on, for the files no model stopped right after start().
func sharedFilesModel(_ scenario: SharedFilesScenario) -> [String] {
  var told: [String] = []
  var times = [Int](repeating: 0, count: scenario.files.count)
  for (model, file) in scenario.modelFiles.enumerated() {
    let checksums = scenario.files[file]
    let last = model == scenario.modelFiles.count - 1 && model > 0
    if model == 0 && scenario.firstCancelled {
      told.append(
        "model 1: \(spelledProgress((0..<scenario.heldAt).map { $0 + 1 })), onFinish(nil)"
      )
    } else if last && scenario.lastCancelledAtOnce {
      told.append("model \(model + 1): \(spelledProgress([])), onFinish(nil)")
    } else {
      let checksum = checksums.reduce(UInt64(0)) { $0 &* 31 &+ $1 }
      let progress = spelledProgress(checksums.indices.map { $0 + 1 })
      told.append("model \(model + 1): \(progress), onFinish(\(checksum))")
      times[file] += 1
    }
  }
  return told
    + sharedFilesChunks(scenario, worked: times.map { "each chunk worked on \($0) times" })
}

/// "file 1: each chunk worked on 2 times", from `worked` (one a file): for the files some model
/// had, all of whose models ran to their end.
func sharedFilesChunks(_ scenario: SharedFilesScenario, worked: [String]) -> [String] {
  scenario.files.indices.compactMap { file in
    let models = scenario.modelFiles.indices.filter { scenario.modelFiles[$0] == file }
    let stopped =
      models.isEmpty || models.contains(0) && scenario.firstCancelled
      || models.contains(scenario.modelFiles.count - 1) && scenario.lastCancelledAtOnce
    return stopped ? nil : "file \(file + 1): \(worked[file])"
  }
}

/// Every way two or three models can share two files, with each kind of cancel.
func sharedFilesScenarios(seed: UInt64) -> [SharedFilesScenario] {
  var numbers = SeededNumbers(seed: seed)
  let assignments = [[0, 0], [0, 1], [0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1]]
  var scenarios: [SharedFilesScenario] = []
  for modelFiles in assignments {
    for firstCancelled in [false, true] {
      for lastCancelledAtOnce in [false, true] {
        let models = modelFiles.count
        for fromCancelled in [[], [1], Array(1..<models)] {
          let files = (0..<2).map { _ in
            (0..<Int.random(in: 2...4, using: &numbers)).map { _ in
              UInt64.random(in: 1...999, using: &numbers)
            }
          }
          scenarios.append(
            SharedFilesScenario(
              files: files,
              modelFiles: modelFiles,
              heldAt: Int.random(in: 0..<files[0].count, using: &numbers),
              firstCancelled: firstCancelled,
              lastCancelledAtOnce: lastCancelledAtOnce,
              startedFromACancelledTask: fromCancelled
            )
          )
        }
      }
    }
  }
  return scenarios
}

/// "onProgress 1 to 3", "no onProgress", or the calls one by one when they did not count up.
func spelledProgress(_ calls: some Collection<Int>) -> String {
  if calls.isEmpty { return "no onProgress" }
  if Array(calls) == [1] { return "onProgress 1" }
  if Array(calls) == (0..<calls.count).map({ $0 + 1 }) { return "onProgress 1 to \(calls.count)" }
  return "onProgress " + calls.map(String.init).joined(separator: ", ")
}
