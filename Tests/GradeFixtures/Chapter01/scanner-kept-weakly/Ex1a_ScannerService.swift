// Known wrong: keeps its scanner weakly ("delegates are kept weakly", misapplied): a scanner only the service holds is gone at once, and scan() throws without submitting.
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  /// Weak, so that the service and the scanner (which calls back into it) form no cycle.
  private weak var scanner: (any DocumentScanning)?
  private var waiting: [ScanJob: CheckedContinuation<Document?, any Error>] = [:]

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// As the statement says.
  public func scan() async throws -> Document? {
    guard let scanner else { throw ScannerError(reason: "no scanner") }
    return try await withCheckedThrowingContinuation { continuation in
      waiting[scanner.submit(delegate: self)] = continuation
    }
  }

  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {
    guard scanner === self.scanner else { return }
    finish(job, with: .success(document))
  }

  /// As the statement says.
  public func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {
    guard scanner === self.scanner else { return }
    finish(job, with: .success(nil))
  }

  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    guard scanner === self.scanner else { return }
    finish(job, with: .failure(error))
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    waiting.removeValue(forKey: job)?.resume(with: result)
  }
}
