// Known wrong: waiting scans kept in 1024 slots at job.number % 1024; jobs 1 and 1025 waiting at once share a slot (and a negative number traps).
import ExerciseSupport

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }
  private var slots = [(job: ScanJob, continuation: CheckedContinuation<Document?, any Error>)?](
    repeating: nil,
    count: 1024
  )

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let job = scanner.submit(delegate: self)
      slots[job.number % slots.count] = (job, continuation)
    }
  }

  private func finish(_ job: ScanJob, with result: Result<Document?, any Error>) {
    let slot = job.number % slots.count
    guard let waiting = slots[slot], waiting.job == job else { return }
    slots[slot] = nil
    waiting.continuation.resume(with: result)
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
