// Exercise 8.3's scenarios run on the answer: the part of them that calls it (the
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
private final class ChecksumLog {
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
  repositoryRoot.appendingPathComponent("Sources/Solutions/Chapter08/Ex8_3_ChecksumModel.swift")
  #else
  repositoryRoot.appendingPathComponent("Sources/Exercises/Chapter08/Ex8_3_ChecksumModel.swift")
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
  let held = scenario.cancelAt.map { $0 + 1 } ?? 0
  holder.model = try ChecksumModel(
    file: file,
    onProgress: { done in
      log.events.append("onProgress(\(done))")
      if case .insideProgress(let chunk) = cancel, done == chunk + 1 {
        holder.model?.cancel()
        log.events.append("cancel() returned inside onProgress(\(done))")
      }
    },
    onFinish: { checksum in
      let stillWorking = file.isHolding ? " while chunk \(held) was still worked on" : ""
      log.finish("onFinish(\(checksum.map(String.init) ?? "nil"))\(stillWorking)")
      if cancel == .insideFinish {
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
