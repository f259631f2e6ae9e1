// Known wrong: a leak: gives each job a delegate object of its own, keeps every one forever, and each holds the service strongly, so the service (and its scanner) is never freed.
import ExerciseSupport

/// The delegate given with a job: passes the scanner's reports on to the service.
@MainActor
private final class JobDelegate: DocumentScannerDelegate {
  var service: ScannerService?

  init(service: ScannerService) {
    self.service = service
  }

  func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {
    service?.documentScanner(scanner, didScan: document, for: job)
  }

  func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {
    service?.documentScanner(scanner, didCancel: job)
  }

  func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    service?.documentScanner(scanner, didFail: job, with: error)
  }
}

/// As the statement says.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  private var waiting: [ScanJob: CheckedContinuation<Document?, any Error>] = [:]
  /// Every job's delegate, kept alive here (the scanner keeps them weakly).
  private var jobDelegates: [JobDelegate] = []

  /// As the statement says.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// As the statement says.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      let delegate = JobDelegate(service: self)
      jobDelegates.append(delegate)
      waiting[scanner.submit(delegate: delegate)] = continuation
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
    waiting.removeValue(forKey: job)?.resume(with: result)
  }
}
