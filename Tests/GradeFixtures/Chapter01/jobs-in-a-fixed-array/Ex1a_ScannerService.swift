// Known wrong: waiting scans kept in a fixed array of 1000 slots indexed by job number; a job numbered 1000 or more (or below 0) traps.
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  /// One slot per job number: scanners number their jobs with small numbers.
  private var slots = [CheckedContinuation<Document?, any Error>?](repeating: nil, count: 1000)

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let job = scanner.submit(delegate: self)
      slots[job.number] = continuation
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    guard job.number >= 0, job.number < slots.count, let continuation = slots[job.number] else {
      return
    }
    slots[job.number] = nil
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
