// Known wrong: slots indexed by job.number - 1, grown as needed; assumes jobs are numbered from 1, so a job 0 (or negative) traps.
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }
  private var slots: [CheckedContinuation<Document?, any Error>?] = []

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let job = scanner.submit(delegate: self)
      while slots.count < job.number { slots.append(nil) }
      slots[job.number - 1] = continuation
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    guard job.number <= slots.count, let continuation = slots[job.number - 1] else { return }
    slots[job.number - 1] = nil
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
