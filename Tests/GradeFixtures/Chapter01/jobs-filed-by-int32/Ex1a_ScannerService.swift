// Known wrong: keys waiting scans by Int32(clamping: job number) (Int32(_:) trapped on Int.max): numbers beyond Int32's range, e.g. Int.max and 2^31 - 1, share a slot.
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  private var waiting: [Int32: CheckedContinuation<Document?, any Error>] = [:]

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  private func key(_ job: ScanJob) -> Int32 { Int32(clamping: job.number) }

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      waiting[key(scanner.submit(delegate: self))] = continuation
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
    waiting.removeValue(forKey: key(job))?.resume(with: result)
  }
}
