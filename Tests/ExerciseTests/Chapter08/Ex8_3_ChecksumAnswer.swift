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

/// Runs `scenario` on the answer's `ChecksumModel`, on the main actor.
@MainActor
func checksumAnswer(_ scenario: ChecksumScenario) async throws -> ChecksumOutcome {
  let file = ProbingFile(checksums: scenario.checksums, holdAt: scenario.cancelAt)
  let log = ChecksumLog()
  let held = scenario.cancelAt.map { $0 + 1 } ?? 0
  let model = try ChecksumModel(
    file: file,
    onProgress: { done in log.events.append("onProgress(\(done))") },
    onFinish: { checksum in
      let stillWorking = file.isHolding ? " while chunk \(held) was still worked on" : ""
      log.finish("onFinish(\(checksum.map(String.init) ?? "nil"))\(stillWorking)")
    }
  )
  let free =
    "(each chunk is worked on only once the main actor has answered a job sent to it "
    + "meanwhile)"
  ScenarioAnnouncer.announce(scenario, waitingFor: "start() to return \(free)")
  model.start()
  log.events.append("start() returned")
  if let cancelAt = scenario.cancelAt {
    ScenarioAnnouncer.announce(
      scenario,
      waitingFor: "chunk \(cancelAt + 1) to be worked on \(free)"
    )
    await file.waitUntilHeld()
    model.cancel()
    log.events.append("cancel() returned while chunk \(cancelAt + 1) was worked on")
    file.releaseTheChunkHeld()
  }
  ScenarioAnnouncer.announce(scenario, waitingFor: "onFinish \(free)")
  await log.waitForFinish()
  ScenarioAnnouncer.announce(scenario)
  let worked = file.worked
  var events = log.events
  // A long file's progress is told by its last call, when every call came in order.
  let count = scenario.checksums.count
  if count > 12 {
    let progress = events.filter { $0.hasPrefix("onProgress(") }
    if progress == (1...count).map({ "onProgress(\($0))" }) {
      events.removeAll { $0.hasPrefix("onProgress(") && $0 != "onProgress(\(count))" }
    }
  }
  return ChecksumOutcome(
    events: events,
    chunks: spelledChunks(worked.started, mostAtOnce: worked.mostAtOnce)
  )
}
