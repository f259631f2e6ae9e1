// Known wrong: submits, then stores the continuation from a Task (Swift 5 habit); a report that arrives on the main actor right after submit returns is lost and the scan never ends.
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
    let job = scanner.submit(delegate: self)
    return try await withCheckedThrowingContinuation { continuation in
      Task { @MainActor in self.waiting[job] = continuation }
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    guard let continuation = waiting.removeValue(forKey: job) else { return }
    continuation.resume(with: result)
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
