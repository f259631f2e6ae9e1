// Known wrong: a cancel or failure reported on the turn right after submit is taken for a stale report of an earlier job with that number and ignored: that scan never ends.
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  private var waiting: [ScanJob: CheckedContinuation<Document?, any Error>] = [:]
  /// Jobs submitted in this turn: a cancel or failure naming one is the previous job's, late.
  private var justSubmitted: Set<ScanJob> = []

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let job = scanner.submit(delegate: self)
      waiting[job] = continuation
      justSubmitted.insert(job)
      Task { [weak self] in self?.justSubmitted.remove(job) }
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
    guard scanner === self.scanner, !justSubmitted.contains(job) else { return }
    finish(job, with: .success(nil))
  }

  /// As the statement says.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    guard scanner === self.scanner, !justSubmitted.contains(job) else { return }
    finish(job, with: .failure(error))
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    waiting.removeValue(forKey: job)?.resume(with: result)
  }
}
