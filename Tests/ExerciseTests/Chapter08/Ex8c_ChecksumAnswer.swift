// Exercise 8c's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter08Exercises
#endif

/// What the main actor saw of a run: the calls of onProgress and onFinish, among the test's own.
@MainActor
final class ChecksumLog {
  var events: [String] = []
  private var finished = false
  private var waiter: CheckedContinuation<Void, Never>?

  func finish(_ entry: String) {
    events.append(entry)
    finished = true
    waiter.take()?.resume()
  }

  func waitForFinish() async {
    guard !finished else { return }
    await withCheckedContinuation { waiter = $0 }
  }
}

/// The model a run's callbacks cancel, once it is made.
@MainActor
private final class ModelHolder {
  var model: ChecksumModel?
}

/// The answer's source file: the one the grade reads (the stub's place, or the reference's).
var checksumSourceFile: URL {
  #if SOLUTIONS
  repositoryRoot.appendingPathComponent("Sources/Solutions/Chapter08/Ex8c_ChecksumModel.swift")
  #else
  repositoryRoot.appendingPathComponent("Sources/Exercises/Chapter08/Ex8c_ChecksumModel.swift")
  #endif
}

/// Runs `scenario` on the answer's `ChecksumModel`, on the main actor: the first model, then,
/// if the scenario says so, a second one on the same file.
@MainActor
func checksumAnswer(_ scenario: ChecksumScenario) async throws -> ChecksumOutcome {
  let file = ProbingFile(
    checksums: scenario.checksums,
    holdAt: scenario.cancelAt,
    declaredChunks: scenario.declaredChunks
  )
  let first = try await checksumRun(scenario, on: file, first: true)
  var events = withProgressShortened(first.events, chunks: scenario.chunkCount)
  var chunks = first.chunks
  if scenario.checkedAgain {
    file.forgetTheChunksWorked()
    let second = try await checksumRun(scenario, on: file, first: false)
    events += withProgressShortened(second.events, chunks: scenario.chunkCount).map {
      "second model: " + $0
    }
    chunks += "; second model: " + second.chunks
  }
  return ChecksumOutcome(events: events, chunks: chunks)
}

/// One model's run on `file`: with the scenario's cancels if it is the first, with none if not.
@MainActor
private func checksumRun(
  _ scenario: ChecksumScenario,
  on file: ProbingFile,
  first: Bool
) async throws -> (events: [String], chunks: String) {
  let cancel = first ? scenario.cancel : nil
  let which = first ? "" : "the second model's "
  let log = ChecksumLog()
  let holder = ModelHolder()
  holder.model = try ChecksumModel(
    file: file,
    onProgress: { done in
      log.events.append("onProgress(\(done))")
      if case .insideProgress(let chunk, let twice) = cancel, done == chunk + 1 {
        holder.model?.cancel()
        if twice { holder.model?.cancel() }
        log.events.append("cancel() returned\(twice ? " twice" : "") inside onProgress(\(done))")
      }
    },
    onFinish: { checksum in
      let stillWorking =
        file.chunkUnderWay.map { " while chunk \($0 + 1) was still worked on" } ?? ""
      log.finish("onFinish(\(checksum.map(String.init) ?? "nil"))\(stillWorking)")
      // From inside the first onFinish only: an answer that calls onFinish again from cancel()
      // shows two, rather than calling itself until the stack runs out.
      let firstFinish = log.events.count { $0.hasPrefix("onFinish(") } == 1
      if firstFinish, cancel == .insideFinish || (first && scenario.cancelledInsideFinishToo) {
        holder.model?.cancel()
        log.events.append("cancel() returned inside onFinish")
      }
    }
  )
  guard let model = holder.model else { return ([], "") }
  let free =
    "(each chunk is worked on only once the main actor has answered a job sent to it "
    + "meanwhile)"
  if first && scenario.cancelledBeforeStart {
    model.cancel()
    log.events.append("cancel() returned before start()")
  }
  ScenarioAnnouncer.announce(scenario, waitingFor: "\(which)start() to return \(free)")
  model.start()
  log.events.append("start() returned")
  if cancel == .rightAfterStart {
    if scenario.cancelledOnceTheFirstChunkBegins {
      // Still in the job of start(): the main thread waits for the loop to begin the first chunk
      // (which then waits for the main actor). A loop that has not begun it by then is fine too.
      var yields = 0
      while !file.hasBegun && yields < 200_000 {
        sched_yield()
        yields += 1
      }
    }
    model.cancel()
    log.events.append("cancel() returned right after start()")
  }
  if case .whileWorkedOn(let cancelAt, let twice) = cancel {
    ScenarioAnnouncer.announce(
      scenario,
      waitingFor: "chunk \(cancelAt + 1) to be worked on \(free)"
    )
    await file.waitUntilHeld()
    model.cancel()
    if twice { model.cancel() }
    log.events.append(
      "cancel() returned\(twice ? " twice" : "") while chunk \(cancelAt + 1) was worked on"
    )
    file.releaseTheChunkHeld()
  }
  ScenarioAnnouncer.announce(scenario, waitingFor: "\(which)onFinish \(free)")
  await log.waitForFinish()
  ScenarioAnnouncer.announce(scenario)
  let worked = file.worked
  let atMostChunk1 = worked.started.count <= 1 && worked.started.allSatisfy { $0 == 0 }
  let chunks =
    cancel == .rightAfterStart && atMostChunk1
    ? atMostTheFirstChunk : spelledChunks(worked.started, mostAtOnce: worked.mostAtOnce)
  return (log.events, chunks)
}

/// What several models gave the main actor: each one's progress and its onFinish call.
@MainActor
final class ChecksumEnds {
  private(set) var progress: [String] = []
  private(set) var progressOf: [Int: [Int]] = [:]
  private(set) var ends: [Int: UInt64?] = [:]
  private var waiters: [(model: Int, CheckedContinuation<Void, Never>)] = []

  func noteProgress(_ model: Int, _ done: Int) {
    progress.append("model \(model + 1): \(done)")
    progressOf[model, default: []].append(done)
  }

  func note(_ model: Int, _ checksum: UInt64?) {
    ends[model] = checksum
    let ready = waiters.filter { ends[$0.model] != nil }
    waiters.removeAll { ends[$0.model] != nil }
    for (_, waiter) in ready { waiter.resume() }
  }

  /// Returns once `model` has finished.
  func waitFor(_ model: Int) async {
    guard ends[model] == nil else { return }
    await withCheckedContinuation { waiters.append((model, $0)) }
  }

  /// "nil and 1026", once the first two have finished.
  func both() async -> String {
    await waitFor(0)
    await waitFor(1)
    return (0..<2).map { ends[$0].flatMap { $0 }.map(String.init) ?? "nil" }
      .joined(separator: " and ")
  }

  /// What `model` gave, as "model 2: onProgress 1 to 3, onFinish(1026)".
  func told(_ model: Int) -> String {
    let finish = ends[model].map { "onFinish(\($0.map(String.init) ?? "nil"))" } ?? "no onFinish"
    return "model \(model + 1): \(spelledProgress(progressOf[model] ?? [])), \(finish)"
  }
}

/// The scenario's models, made on files only they hold; the test keeps weak references.
@MainActor
private func sharedFilesModels(
  _ scenario: SharedFilesScenario,
  _ ends: ChecksumEnds
) throws -> (models: [ChecksumModel], files: [() -> ProbingFile?]) {
  let files = scenario.files.enumerated().map { index, checksums in
    ProbingFile(
      checksums: checksums,
      holdAt: index == scenario.modelFiles[0] ? scenario.heldAt : nil
    )
  }
  let models = try scenario.modelFiles.enumerated().map { model, file in
    try ChecksumModel(file: files[file], onProgress: { ends.noteProgress(model, $0) }) {
      ends.note(model, $0)
    }
  }
  let weakly = files.map { file in { [weak file] in file } }
  return (models, weakly)
}

/// Runs `scenario` on the answer's models: each model's calls, and how many times each file's
/// chunks were worked on.
@MainActor
func sharedFilesAnswer(_ scenario: SharedFilesScenario) async throws -> [String] {
  let ends = ChecksumEnds()
  let (models, files) = try sharedFilesModels(scenario, ends)
  let free = "(each chunk is worked on only once the main actor has answered a job sent to it)"
  models[0].start()
  ScenarioAnnouncer.announce(
    scenario,
    waitingFor: "chunk \(scenario.heldAt + 1) of model 1 to be worked on \(free)"
  )
  guard let first = files[scenario.modelFiles[0]]() else {
    return ["file \(scenario.modelFiles[0] + 1) was freed while model 1 had it"]
  }
  await first.waitUntilHeld()
  for model in models.indices.dropFirst() {
    let cancelledAtOnce = model == models.count - 1 && scenario.lastCancelledAtOnce
    func start() {
      models[model].start()
      if cancelledAtOnce { models[model].cancel() }
    }
    if scenario.startedFromACancelledTask.contains(model) {
      let starter = Task { @MainActor in start() }
      starter.cancel()  // before it runs: this code holds the main actor until the await
      await starter.value
    } else {
      start()
    }
  }
  for model in models.indices.dropFirst() {
    ScenarioAnnouncer.announce(
      scenario,
      waitingFor: "model \(model + 1)'s onFinish while model 1's chunk is held \(free)"
    )
    await ends.waitFor(model)
  }
  if scenario.firstCancelled { models[0].cancel() }
  first.releaseTheChunkHeld()
  ScenarioAnnouncer.announce(scenario, waitingFor: "model 1's onFinish \(free)")
  await ends.waitFor(0)
  ScenarioAnnouncer.announce(scenario)
  let worked = files.map { file -> String in
    let started = file()?.worked.started ?? []
    let counts = Dictionary(grouping: started, by: { $0 }).mapValues(\.count)
    let times = Set(counts.values)
    if let each = times.first, times.count == 1, counts.count == (counts.keys.max() ?? 0) + 1 {
      return "each chunk worked on \(each) times"
    }
    let spelled = counts.sorted { $0.key < $1.key }.map { "chunk \($0.key + 1) \($0.value) times" }
    return "chunks worked on: " + (spelled.isEmpty ? "none" : spelled.joined(separator: ", "))
  }
  return models.indices.map { ends.told($0) } + sharedFilesChunks(scenario, worked: worked)
}

/// A model on a file of `chunks` chunks, cancelled once the main actor has yielded `yields`
/// times after `start()`: what broke the statement, or nil.
///
/// Wherever the cancel lands, between any two jobs of the main actor: once it has returned, no
/// onProgress, and one onFinish in all, with nil unless it came before the cancel.
@MainActor
func cancelAfterYields(_ yields: Int, chunks: Int) async throws -> String? {
  let file = ProbingFile(checksums: (0..<chunks).map { UInt64($0 + 5) }, holdAt: nil)
  let log = ChecksumLog()
  let model = try ChecksumModel(
    file: file,
    onProgress: { log.events.append("onProgress(\($0))") },
    onFinish: { log.finish("onFinish(\($0.map(String.init) ?? "nil"))") }
  )
  model.start()
  for _ in 0..<yields { await Task.yield() }
  model.cancel()
  log.events.append("cancel() returned")
  ScenarioAnnouncer.announce(
    "a file of \(chunks) chunks; cancel() once the main actor had yielded \(yields) times after "
      + "start(): the test waits for onFinish"
  )
  await log.waitForFinish()
  // Jobs the work sent the main actor before it finished run before these yields end.
  for _ in 0..<8 { await Task.yield() }
  let events = log.events
  let after = events.drop { $0 != "cancel() returned" }.dropFirst()
  let finishes = events.filter { $0.hasPrefix("onFinish(") }
  if finishes.count == 1, !after.contains(where: { $0.hasPrefix("onProgress(") }),
    after.allSatisfy({ !$0.hasPrefix("onFinish(") || $0 == "onFinish(nil)" })
  {
    return nil
  }
  return
    "a file of \(chunks) chunks whose checksums are "
    + (0..<chunks).map { String($0 + 5) }.joined(separator: ", ")
    + "; cancel() once the main actor had yielded \(yields) times after start(): the main actor "
    + "saw " + events.joined(separator: ", ")
}
