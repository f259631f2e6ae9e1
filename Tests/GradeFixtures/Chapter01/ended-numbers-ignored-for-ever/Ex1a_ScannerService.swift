// Known wrong: remembers every ended job number forever and ignores any later report of it, so a number the scanner gives again never ends its new scan.
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
  private var ended: Set<ScanJob> = []

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let job = scanner.submit(delegate: self)
      waiting[job] = continuation
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    // A report of a job that has ended already is ignored.
    guard !ended.contains(job) else { return }
    guard let continuation = waiting.removeValue(forKey: job) else { return }
    ended.insert(job)
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
