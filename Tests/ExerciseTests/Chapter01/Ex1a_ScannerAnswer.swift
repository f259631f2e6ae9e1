// Exercise 1a's scenarios run on the answer: the part of them that calls it (the
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

/// Starts `scan()` on `service` as a task, its scanner told to number the job `job`, and returns
/// once the job is submitted (or the scan has ended without one).
///
/// Task.immediate enters scan() in this turn of the main actor, as a tap on Scan would.
@MainActor
func startScan(
  on service: ScannerService,
  _ scanner: DrivenScanner,
  job: Int,
  reportedAtOnce: ScannerScenario.Report? = nil
) async -> Task<String, any Error> {
  let submitted = OneShotSignal<Void>()
  scanner.nextJob = job
  scanner.reportAtOnce = reportedAtOnce
  scanner.onSubmit = { submitted.fire(()) }
  let task = Task.immediate {
    defer { submitted.fire(()) }
    let document = try await service.scan()
    return document.map { "returned \(quotedScalars($0.title))" } ?? "returned nil"
  }
  await submitted.wait()
  scanner.onSubmit = nil
  scanner.nextJob = nil
  scanner.reportAtOnce = nil
  return task
}

/// Runs `scenario` on two of the answer's services, on the main actor.
///
/// After each step it waits for every scan the statement has ended by then; the closing reports
/// end them all.
@MainActor
func scannerAnswer(_ scenario: ScannerScenario) async throws -> ScannerOutcome {
  let scanners = [DrivenScanner(), DrivenScanner()]
  let services = scanners.map { ScannerService(scanner: $0) }
  let steps = scenario.stepsWithTheClosingOnes
  var scans: [(service: Int, job: Int, task: Task<String, any Error>)] = []
  var endings: [Int: String] = [:]
  let endedAt = scansEnded(byEachOf: steps)
  /// Waits for the end of every scan the statement ends at `step`.
  func waitForTheScansEnded(by step: Int) async throws {
    for index in endedAt[step] where endings[index] == nil {
      let scan = scanName(index, service: scans[index].service, job: scans[index].job)
      ScenarioAnnouncer.announce(
        scenario,
        waitingFor:
          "\(scan) to end at step \(step + 1) (\(steps[step])), where the statement ends it"
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
  for (number, step) in steps.enumerated() {
    switch step {
    case .scan(let service, let job):
      scans.append(
        (service, job, await startScan(on: services[service], scanners[service], job: job))
      )
    case .scanReportedAtOnce(let service, let job, let report):
      let task = await startScan(
        on: services[service],
        scanners[service],
        job: job,
        reportedAtOnce: report
      )
      scans.append((service, job, task))
    case .report(let service, let job, let report):
      scanners[service].report(job, report)
    }
    // A scan the statement ends here must end here: one that waits for a later step hangs.
    try await waitForTheScansEnded(by: number)
  }
  // Jobs sent later than their scan() (from a task of the answer's own, say) have had their turns.
  for _ in 0..<20 { await Task.yield() }
  return ScannerOutcome(
    scans: scans.indices.map { index in
      scanName(index, service: scans[index].service, job: scans[index].job) + " "
        + (endings[index] ?? "still waiting")
    },
    jobs: [0, 1].map { jobsEntry($0, scanners[$0].submits) }
  )
}
