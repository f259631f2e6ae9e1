// Known wrong: after a failure it throws the error but puts the job back in the scanner queue (a second, unasked submit, sent from a Task).
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }
  private var waiting: [ScanJob: CheckedContinuation<Document?, any Error>] = [:]

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let job = scanner.submit(delegate: self)
      waiting[job] = continuation
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    guard let continuation = waiting.removeValue(forKey: job) else { return }
    continuation.resume(with: result)
    if case .failure = result {
      // The paper jammed: queue the page again so it is not lost; the caller hears of the failure.
      Task { _ = self.scanner.submit(delegate: self) }
    }
  }

  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {
    finish(job, with: .success(document))
  }

  /// As the statement says.
  public func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {
    finish(job, with: .success(nil))
  }

  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    finish(job, with: .failure(error))
  }
}
