// Exercise 1.1's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

/// Runs `scenario` on two of the answer's services, on the main actor.
///
/// Each `scan()` runs in a task of its own, entered in the same turn as the step before; the
/// runner goes on once the scanner is shown (or the scan has ended), so every callback finds the
/// scan it is meant for. After each step it waits for every scan the statement has ended by
/// then; the closing callbacks end them all.
@MainActor
func scannerAnswer(_ scenario: ScannerScenario) async throws -> ScannerOutcome {
  let scanners = [DrivenScanner(), DrivenScanner()]
  let services = scanners.map { ScannerService(scanner: $0) }
  var scans: [(owner: Int, task: Task<String, any Error>)] = []
  var endings: [Int: String] = [:]
  /// Waits for the end of every scan the statement has ended by the end of `step`.
  func waitForTheScansEnded(by step: Int) async throws {
    let ended = scanEndings(scenario.stepsWithTheClosingOnes.prefix(step + 1)).endings
    for (index, ending) in ended.enumerated() where ending != nil && endings[index] == nil {
      let scan = "scan \(index + 1) on \(serviceName(scans[index].owner))"
      let stepText = scenario.stepsWithTheClosingOnes[step].description
      ScenarioAnnouncer.announce(
        scenario,
        waitingFor: "\(scan) to end at step \(step + 1) (\(stepText)), where the statement ends it"
      )
      defer { ScenarioAnnouncer.announce(scenario) }
      do {
        endings[index] = try await scans[index].task.value
      } catch let error as NotImplemented {
        throw error
      } catch let error as ScannerError {
        endings[index] = "threw scan failed: \(quotedScalars(error.reason))"
      } catch {
        endings[index] = "threw \(error)"
      }
    }
  }
  for (number, step) in scenario.stepsWithTheClosingOnes.enumerated() {
    switch step {
    case .scan(let service):
      let shown = OneShotSignal<Void>()
      scanners[service].onPresent = { shown.fire(()) }
      // Task.immediate enters scan() in this turn of the main actor, as a tap on Scan would:
      // whatever the step before left queued (a callback finished on a later turn) runs after.
      let task = Task.immediate {
        defer { shown.fire(()) }
        let document = try await services[service].scan()
        return document.map { "returned \(quotedScalars($0.title))" } ?? "returned nil"
      }
      scans.append((service, task))
      await shown.wait()
      scanners[service].onPresent = nil
    case .callback(let service, let callback), .duplicate(let service, let callback):
      scanners[service].call(callback)
    }
    // A scan the statement ends here must end here: one that waits for a later step hangs.
    try await waitForTheScansEnded(by: number)
  }
  return ScannerOutcome(
    scans: scans.indices.map { index in
      "scan \(index + 1) on \(serviceName(scans[index].owner)) "
        + (endings[index] ?? "still waiting")
    },
    shownUnasked: scanners.indices.flatMap { service in
      scanners[service].shownUnasked.map { "\(serviceName(service))'s scanner \($0)" }
    }
  )
}
