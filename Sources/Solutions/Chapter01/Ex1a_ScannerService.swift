import ExerciseSupport

/// Exercise 1a: wrap a delegate API (reference solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-1a-wrap-a-delegate-api
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  /// The continuation of each job still waiting, by its job: several wait at once.
  private var waiting: [ScanJob: CheckedContinuation<Document?, any Error>] = [:]

  /// Creates a service that sends its jobs to `scanner`.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// Sends a scan job and returns its document, or nil if the job was cancelled at the scanner.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      // The scanner reports later, never inside submit: storing after it is in time.
      let job = scanner.submit(delegate: self)
      waiting[job] = continuation
    }
  }

  /// Called by the scanner when a job's document was scanned.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {
    waiting.removeValue(forKey: job)?.resume(returning: document)
  }

  /// Called by the scanner when a job was cancelled there.
  public func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {
    waiting.removeValue(forKey: job)?.resume(returning: nil)
  }

  /// Called by the scanner when a job failed.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    // Taken out before it is resumed: a second report of this job finds nothing.
    waiting.removeValue(forKey: job)?.resume(throwing: error)
  }
}
