import ExerciseSupport

/// Exercise 1a: wrap a delegate API (section 1.2).
///
/// An office scanner on the network takes scan jobs from everyone, several at a time, and tells the
/// delegate given with each job how it ended, by the job `submit(delegate:)` returned: a document,
/// a cancel at the scanner, or a failure. It reports later, on the main actor, at the earliest on
/// the turn after `submit` returns, in whatever order its jobs end; it keeps its delegates weakly,
/// as delegates are kept; and only a service's own scanner reports to it (a promise: you need not
/// check who reports). Turn that into one async call: `scan()` submits one job and returns its
/// document, returns nil when the job was cancelled at the scanner, and throws the scanner's error
/// when it failed, however long the job takes (no time limit of your own). Any number of `scan()`
/// calls may wait at once, on one service or on several, each with a scanner of its own that
/// numbers its jobs its own way (any Int; two scanners may both have a job 1, and a number may come
/// again once its job has ended): each returns its own job's outcome. A report of a job that has
/// ended already, or that this service never submitted, is ignored. One job per `scan()`, and no
/// other. The service holds its scanner (its only owner), and is freed, its scanner with it, once
/// its scans have ended and nobody uses it. Graded on 557 generated scripts too: the page's
/// exercise section lists what they try. Left free: what a caller whose task is cancelled gets
/// (none is generated).
/// Read docs/Chapter01-Continuations.md#exercise-1a-wrap-a-delegate-api
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// Creates a service that sends its jobs to `scanner`.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// Sends a scan job and returns its document, or nil if the job was cancelled at the scanner.
  public func scan() async throws -> Document? {
    // TODO(1a): submit a job, and have the delegate calls below resume its continuation.
    throw NotImplemented("1a")
  }

  /// Called by the scanner when a job's document was scanned.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  ) {
    // TODO(1a): resume that job's continuation with the document.
  }

  /// Called by the scanner when a job was cancelled there.
  public func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob) {
    // TODO(1a): resume that job's continuation with nil.
  }

  /// Called by the scanner when a job failed.
  public func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  ) {
    // TODO(1a): resume that job's continuation by throwing the error.
  }
}
