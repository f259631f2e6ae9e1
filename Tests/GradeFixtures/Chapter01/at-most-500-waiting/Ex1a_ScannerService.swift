// Known wrong: at most 500 scans may wait; the 501st ends the oldest waiting one as a cancel (nil), as section 1.2 ends a pending pick.
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }
  private static let limit = 500
  private var waiting: [ScanJob: CheckedContinuation<Document?, any Error>] = [:]
  private var order: [ScanJob] = []

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      if waiting.count >= Self.limit, let oldest = order.first {
        // Too many pending: end the oldest as a cancel rather than let the list grow forever.
        order.removeFirst()
        waiting.removeValue(forKey: oldest)?.resume(returning: nil)
      }
      let job = scanner.submit(delegate: self)
      waiting[job] = continuation
      order.append(job)
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    guard let continuation = waiting.removeValue(forKey: job) else { return }
    order.removeAll { $0 == job }
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
