// The delegate-based API of exercise 1a: an office scanner on the network, which takes scan jobs
// from everyone and reports each one's end by its job. Learners wrap it; they do not change it.

/// A scanned document.
public struct Document: Sendable, Equatable, CustomStringConvertible {
  /// The document's title.
  public let title: String

  /// Creates a document called `title`.
  public init(title: String) {
    self.title = title
  }

  /// The title.
  public var description: String { title }
}

/// Why a scan failed.
public struct ScannerError: Error, Equatable, CustomStringConvertible {
  /// A short reason, such as "paper jam".
  public let reason: String

  /// Creates an error with a reason.
  public init(reason: String) {
    self.reason = reason
  }

  /// "scan failed: REASON".
  public var description: String { "scan failed: \(reason)" }
}

/// A job the scanner took: what its reports are about.
///
/// Each scanner numbers its own jobs.
public struct ScanJob: Hashable, Sendable, CustomStringConvertible {
  /// The scanner's number for the job.
  public let number: Int

  /// The job numbered `number`.
  public init(number: Int) {
    self.number = number
  }

  /// "job 7".
  public var description: String { "job \(number)" }
}

/// What a scanner tells its delegate about each job it took: one of these, once.
@MainActor
public protocol DocumentScannerDelegate: AnyObject {
  /// The job's document was scanned.
  func documentScanner(
    _ scanner: any DocumentScanning,
    didScan document: Document,
    for job: ScanJob
  )
  /// The job was cancelled at the scanner, before it scanned anything.
  func documentScanner(_ scanner: any DocumentScanning, didCancel job: ScanJob)
  /// The job failed.
  func documentScanner(
    _ scanner: any DocumentScanning,
    didFail job: ScanJob,
    with error: ScannerError
  )
}

/// A scanner that takes jobs, several at a time.
///
/// It reports each one's end to the delegate given with it later, on the main actor (at the
/// earliest on the turn after `submit` returns), in whatever order the jobs end. It keeps its
/// delegates weakly, as delegates are kept.
@MainActor
public protocol DocumentScanning: AnyObject {
  /// Takes a job and returns it; `delegate` hears how it ended, later.
  func submit(delegate: any DocumentScannerDelegate) -> ScanJob
}
