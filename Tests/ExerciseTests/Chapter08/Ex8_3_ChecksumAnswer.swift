// Exercise 8.3's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios

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

/// Runs `scenario` on the answer's `ChecksumModel`, on the main actor.
@MainActor
func checksumAnswer(_ scenario: ChecksumScenario) async throws -> ChecksumOutcome {
  let file = ProbingFile(checksums: scenario.checksums, holdAt: scenario.cancelAt)
  let log = ChecksumLog()
  let holder = ModelHolder()
  let held = scenario.cancelAt.map { $0 + 1 } ?? 0
  holder.model = try ChecksumModel(
    file: file,
    onProgress: { done in
      log.events.append("onProgress(\(done))")
      if case .insideProgress(let chunk) = scenario.cancel, done == chunk + 1 {
        holder.model?.cancel()
        log.events.append("cancel() returned inside onProgress(\(done))")
      }
    },
    onFinish: { checksum in
      let stillWorking = file.isHolding ? " while chunk \(held) was still worked on" : ""
      log.finish("onFinish(\(checksum.map(String.init) ?? "nil"))\(stillWorking)")
      if scenario.cancel == .insideFinish {
        holder.model?.cancel()
        log.events.append("cancel() returned inside onFinish")
      }
    }
  )
  guard let model = holder.model else { return ChecksumOutcome(events: [], chunks: "") }
  let free =
    "(each chunk is worked on only once the main actor has answered a job sent to it "
    + "meanwhile)"
  if scenario.cancel == .beforeStart {
    model.cancel()
    log.events.append("cancel() returned before start()")
  }
  ScenarioAnnouncer.announce(scenario, waitingFor: "start() to return \(free)")
  model.start()
  log.events.append("start() returned")
  if case .whileWorkedOn(let cancelAt, let twice) = scenario.cancel {
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
  ScenarioAnnouncer.announce(scenario, waitingFor: "onFinish \(free)")
  await log.waitForFinish()
  ScenarioAnnouncer.announce(scenario)
  let worked = file.worked
  return ChecksumOutcome(
    events: withProgressShortened(log.events, chunks: scenario.checksums.count),
    chunks: spelledChunks(worked.started, mostAtOnce: worked.mostAtOnce)
  )
}
