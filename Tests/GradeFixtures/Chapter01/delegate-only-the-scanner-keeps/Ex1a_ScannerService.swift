// Known wrong: each job gets a helper delegate that holds the continuation and is kept alive only by the scanner; a scanner that keeps delegates weakly (as UIKit does) drops it and the scan never ends.
import ExerciseSupport

/// One job's delegate: resumes its continuation on the first report of its own job.
@MainActor
private final class JobDelegate: DocumentScannerDelegate {
  var job: ScanJob?
  var continuation: CheckedContinuation<Document?, any Error>?

  init(continuation: CheckedContinuation<Document?, any Error>) {
    self.continuation = continuation
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    guard job == self.job, let continuation else { return }
    self.continuation = nil
    continuation.resume(with: result)
  }

  func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {
    finish(job, with: .success(document))
  }

  func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {
    finish(job, with: .success(nil))
  }

  func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    finish(job, with: .failure(error))
  }
}

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let delegate = JobDelegate(continuation: continuation)
      delegate.job = scanner.submit(delegate: delegate)
    }
  }

  // The service itself is never given as a delegate: each job has its own.
  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {}
  /// As the statement says.
  public func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {}
  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {}
}
