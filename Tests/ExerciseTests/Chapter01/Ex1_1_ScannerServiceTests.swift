import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 1.1: wrap a delegate API

@MainActor
final class Ex1_1_ScannerServiceTests: GradedTestCase {
  func test_scan_returnsTheScannedDocument() async throws {
    let scanner = ScriptedScanner([.scan(Document(title: "receipt"))])
    let document = try await ScannerService(scanner: scanner).scan()
    XCTAssertEqual(scanner.presentations, 1, "scan() must present the scanner once")
    XCTAssertEqual(document, Document(title: "receipt"), "scan() must return the scanned document")
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
      "each scan must store its own continuation and return its own document"
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
    XCTAssertEqual(second, Document(title: "second"), "the new scan must get its own document")
    // An overwritten continuation is never resumed: the first scan would wait here forever.
    let pending = try await first.value
    XCTAssertNil(pending, "a scan started while one is pending must end the pending one with nil")
  }

  func test_cancel_returnsNil() async throws {
    let scanner = ScriptedScanner([.cancel])
    let document = try await ScannerService(scanner: scanner).scan()
    XCTAssertNil(document, "cancel must resume with nil, not with an empty document")
  }

  func test_cancelThenScan_bothWork() async throws {
    let scanner = ScriptedScanner([.cancel, .scan(Document(title: "after cancel"))])
    let service = ScannerService(scanner: scanner)
    let cancelled = try await service.scan()
    let scanned = try await service.scan()
    XCTAssertNil(cancelled, "cancel must resume with nil")
    XCTAssertEqual(scanned, Document(title: "after cancel"), "a scan after a cancel must work")
  }

  func test_failure_throwsTheScannersError() async throws {
    let scanner = ScriptedScanner([.fail(ScannerError(reason: "camera unavailable"))])
    do {
      let document = try await ScannerService(scanner: scanner).scan()
      XCTFail(
        "a failed scan must throw the scanner's error, but scan() returned \(String(describing: document))"
      )
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? ScannerError,
        ScannerError(reason: "camera unavailable"),
        "a failed scan must throw the scanner's own error (it threw \(error))"
      )
    }
  }

  func test_failureThenScan_bothWork() async throws {
    let scanner = ScriptedScanner([
      .fail(ScannerError(reason: "lens covered")), .scan(Document(title: "after failure")),
    ])
    let service = ScannerService(scanner: scanner)
    do {
      let document = try await service.scan()
      XCTFail("a failed scan must throw, but scan() returned \(String(describing: document))")
    } catch {
      try rethrowIfNotImplemented(error)
    }
    let scanned = try await service.scan()
    XCTAssertEqual(scanned, Document(title: "after failure"), "a scan after a failure must work")
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
      "a late duplicate callback must not answer the next scan"
    )
  }
}
