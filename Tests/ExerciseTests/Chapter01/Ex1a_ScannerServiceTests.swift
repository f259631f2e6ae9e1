@testable import GradedScenarios
import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

// MARK: - Exercise 1a: wrap a delegate API

@MainActor
final class Ex1a_ScannerServiceTests: GradedTestCase {
  /// What `task` returned or threw, in the words the messages use.
  private func ending(of task: Task<String, any Error>) async throws -> String {
    do {
      return try await task.value
    } catch let error as ScannerError {
      return "threw \(error)"
    } catch {
      try rethrowIfNotImplemented(error)
      return "threw \(error)"
    }
  }

  func test_scan_submitsOneJob_andReturnsItsDocument() async throws {
    let scanner = DrivenScanner()
    let service = ScannerService(scanner: scanner)
    let scan = await startScan(on: service, scanner, job: 7)
    let submits = scanner.submits
    scanner.report(7, .scanned("receipt"))
    let result = try await ending(of: scan)
    XCTAssertEqual(submits, 1, "scan() sent \(submits) jobs; expected one")
    XCTAssertEqual(result, "returned \"receipt\"", "job 7 was scanned as \"receipt\"")
  }

  func test_aCancelledJob_returnsNil_andAFailedOne_throwsTheScannersError() async throws {
    let scanner = DrivenScanner()
    let service = ScannerService(scanner: scanner)
    let cancelled = await startScan(on: service, scanner, job: 1)
    scanner.report(1, .cancelled)
    let cancelledResult = try await ending(of: cancelled)
    XCTAssertEqual(cancelledResult, "returned nil", "a job cancelled at the scanner gives nil")
    let failed = await startScan(on: service, scanner, job: 2)
    scanner.report(2, .failed("paper jam"))
    let failedResult = try await ending(of: failed)
    XCTAssertEqual(
      failedResult,
      "threw scan failed: paper jam",
      "a failed job throws the scanner's ScannerError"
    )
  }

  func test_twoScansWaitingAtOnce_eachGetsItsOwnJob_whicheverEndsFirst() async throws {
    let scanner = DrivenScanner()
    let service = ScannerService(scanner: scanner)
    let first = await startScan(on: service, scanner, job: 5)
    let second = await startScan(on: service, scanner, job: 2)
    scanner.report(2, .scanned("passport"))
    let secondResult = try await ending(of: second)
    scanner.report(5, .scanned("receipt"))
    let firstResult = try await ending(of: first)
    XCTAssertEqual(
      [firstResult, secondResult],
      ["returned \"receipt\"", "returned \"passport\""],
      "two scans waiting at once, jobs 5 and 2, job 2 scanned first: each scan returns its own "
        + "job's document"
    )
  }

  func test_aReportOfAJobThatEnded_orWasNeverSubmitted_isIgnored() async throws {
    let scanner = DrivenScanner()
    let service = ScannerService(scanner: scanner)
    let first = await startScan(on: service, scanner, job: 3)
    scanner.report(3, .scanned("first"))
    _ = try await ending(of: first)
    let second = await startScan(on: service, scanner, job: 4)
    scanner.report(3, .scanned("first, again"))  // job 3 ended already
    scanner.report(9, .failed("not yours"))  // no job 9 was submitted
    scanner.report(4, .scanned("second"))
    let secondResult = try await ending(of: second)
    XCTAssertEqual(
      secondResult,
      "returned \"second\"",
      "job 3 reported again and job 9, never submitted, reported: both ignored; "
        + "job 4 gets its own document"
    )
  }

  func test_twoServices_whoseScannersNumberTheirJobsAlike() async throws {
    let scanners = [DrivenScanner(), DrivenScanner()]
    let services = scanners.map { ScannerService(scanner: $0) }
    let a = await startScan(on: services[0], scanners[0], job: 1)
    let b = await startScan(on: services[1], scanners[1], job: 1)
    scanners[1].report(1, .scanned("B's"))
    let bResult = try await ending(of: b)
    scanners[0].report(1, .cancelled)
    let aResult = try await ending(of: a)
    XCTAssertEqual(
      [aResult, bResult],
      ["returned nil", "returned \"B's\""],
      "two services, each scanner with a job 1 of its own: B's job 1 scanned, then A's cancelled; "
        + "each scan gets its own service's report"
    )
  }

  func test_theServiceKeepsItsScanner_andIsFreedOnceNobodyUsesIt() async throws {
    var scanner: DrivenScanner? = DrivenScanner()
    weak let weakScanner = scanner
    var service: ScannerService? = ScannerService(scanner: scanner!)
    weak let weakService = service
    scanner = nil
    do {
      guard let kept = weakScanner else {
        return XCTFail("the service let go of its scanner: it must keep the scanner it was given")
      }
      let scan = await startScan(on: service!, kept, job: 4)
      kept.report(4, .scanned("receipt"))
      let result = try await ending(of: scan)
      XCTAssertEqual(result, "returned \"receipt\"", "a scanner kept by the service alone")
    }
    service = nil
    XCTAssertNil(
      weakService,
      "after its scans ended and its callers let go of it, the service is still alive: something "
        + "it made holds it (a helper delegate, a task), and it is never freed"
    )
    XCTAssertNil(weakScanner, "after the service is gone, its scanner is still alive")
  }

  /// The grade: 557 generated scripts for two services at once (scans waiting in any number,
  /// job numbers of any Int, given again once their jobs ended, reported on the turn after submit
  /// or in any order, reports of jobs that ended or were never submitted, the other service's
  /// numbers among them, titles and reasons as given, with control and invisible characters too,
  /// reasons of 4,104 to 65,550 characters), and crowds of 40, 300, 1,200 and 4,100 jobs waiting on
  /// one service, each compared with what the statement says.
  @MainActor
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      scannerScenarios(count: 440, seed: 11),
      model: scannerModel,
      answer: scannerAnswer,
      explain: explainScans
    )
  }
}
