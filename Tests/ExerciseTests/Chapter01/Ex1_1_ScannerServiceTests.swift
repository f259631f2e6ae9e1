@testable import GradedScenarios
import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

// MARK: - Exercise 1.1: wrap a delegate API

@MainActor
final class Ex1_1_ScannerServiceTests: GradedTestCase {
  func test_scan_returnsTheScannedDocument() async throws {
    let scanner = ScriptedScanner([.scan(Document(title: "receipt"))])
    let document = try await ScannerService(scanner: scanner).scan()
    XCTAssertEqual(
      scanner.presentations,
      1,
      "the scanner was presented \(scanner.presentations) times; expected once"
    )
    XCTAssertEqual(
      document,
      Document(title: "receipt"),
      "scan() did not return the scanned document"
    )
  }

  func test_secondScan_resumesAFreshContinuation() async throws {
    let scanner = ScriptedScanner([
      .scan(Document(title: "first")), .scan(Document(title: "second")),
    ])
    let service = ScannerService(scanner: scanner)
    let first = try await service.scan()
    let second = try await service.scan()
    XCTAssertEqual(
      [first, second],
      [Document(title: "first"), Document(title: "second")],
      "two scans in a row did not each return their own document"
    )
  }

  func test_scanThenCancel_returnsNil() async throws {
    let scanner = ScriptedScanner([.scan(Document(title: "receipt")), .cancel])
    let service = ScannerService(scanner: scanner)
    _ = try await service.scan()
    let cancelled = try await service.scan()
    XCTAssertNil(
      cancelled,
      "a cancel after a scan returned \(String(describing: cancelled)); expected nil"
    )
  }

  func test_scanWhileOneIsPending_endsThePendingOneWithNil() async throws {
    let scanner = ScriptedScanner([.stayOpen, .scan(Document(title: "second"))])
    let service = ScannerService(scanner: scanner)
    let firstEnded = MainActorFlag()
    let first = Task {
      defer { firstEnded.isSet = true }
      return try await service.scan()
    }
    // Let the first scan present the scanner: its task runs when this test yields the actor.
    // (An answer that ends the scan without presenting must not keep this loop going.)
    while scanner.presentations == 0, !firstEnded.isSet { await Task.yield() }
    let second = try await service.scan()
    XCTAssertEqual(
      second,
      Document(title: "second"),
      "the new scan did not return its own document"
    )
    // An overwritten continuation is never resumed: the first scan would wait here forever.
    let pending = try await first.value
    XCTAssertNil(pending, "the pending scan did not end with nil when a new scan started")
  }

  func test_cancel_returnsNil() async throws {
    let scanner = ScriptedScanner([.cancel])
    let document = try await ScannerService(scanner: scanner).scan()
    XCTAssertNil(document, "a cancelled scan returned a document; expected nil")
  }

  func test_cancelThenScan_bothWork() async throws {
    let scanner = ScriptedScanner([.cancel, .scan(Document(title: "after cancel"))])
    let service = ScannerService(scanner: scanner)
    let cancelled: Document?
    do {
      cancelled = try await service.scan()
    } catch {
      try rethrowIfNotImplemented(error)
      return XCTFail("a cancelled scan threw \(error); expected nil")
    }
    let scanned = try await service.scan()
    XCTAssertNil(cancelled, "a cancelled scan returned a document; expected nil")
    XCTAssertEqual(
      scanned,
      Document(title: "after cancel"),
      "the scan after a cancel did not return its document"
    )
  }

  func test_failure_throwsTheScannersError() async throws {
    // Two reasons, so that an error written into the answer fails with one of them.
    for expected in [
      ScannerError(reason: "camera unavailable"), ScannerError(reason: "lens covered"),
    ] {
      let scanner = ScriptedScanner([.fail(expected)])
      do {
        let document = try await ScannerService(scanner: scanner).scan()
        XCTFail(
          "the scanner failed, yet scan() returned \(String(describing: document)); expected its "
            + "error"
        )
      } catch {
        try rethrowIfNotImplemented(error)
        XCTAssertEqual(
          error as? ScannerError,
          expected,
          "a failed scan threw \(error); expected the scanner's own error, \(expected)"
        )
      }
    }
  }

  func test_failureThenScan_bothWork() async throws {
    let scanner = ScriptedScanner([
      .fail(ScannerError(reason: "lens covered")), .scan(Document(title: "after failure")),
    ])
    let service = ScannerService(scanner: scanner)
    do {
      let document = try await service.scan()
      XCTFail(
        "the scanner failed, yet scan() returned \(String(describing: document)); expected an error"
      )
    } catch {
      try rethrowIfNotImplemented(error)
    }
    let scanned = try await service.scan()
    XCTAssertEqual(
      scanned,
      Document(title: "after failure"),
      "the scan after a failure did not return its document"
    )
  }

  func test_duplicateCallback_isIgnored_andTheNextScanStillWorks() async throws {
    let scanner = ScriptedScanner([
      .scanTwice(Document(title: "twice")), .scan(Document(title: "next")),
    ])
    let service = ScannerService(scanner: scanner)
    let first = try await service.scan()
    let next = try await service.scan()
    XCTAssertEqual(first, Document(title: "twice"))
    XCTAssertEqual(
      next,
      Document(title: "next"),
      "the scan after a duplicate callback did not return its own document"
    )
  }

  /// The grade: 550 generated scripts for two services at once (scans, callbacks of every kind in
  /// any order, titles and reasons as given, up to 100,000 characters, "\r\n" and "\r" line
  /// breaks, control and invisible characters anywhere, "cancelled", "busy" and "timed out" too,
  /// a scan while another is pending, late duplicates; a scanner shown when no scan() asked is
  /// noted, and closed by its user with didCancel), two more on one
  /// service (40 scans, each answered and then answered again late; 20 failures in a row, then a
  /// scan), and one more of 300 scans in a row on one service, each compared with what the
  /// statement says.
  @MainActor
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      scannerScenarios(count: 400, seed: 11),
      model: scannerModel,
      answer: scannerAnswer
    )
  }
}
