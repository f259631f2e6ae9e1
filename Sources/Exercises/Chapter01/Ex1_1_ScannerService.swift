import ExerciseSupport

/// Exercise 1.1: wrap a delegate API (section 1.2).
///
/// Turn the delegate callbacks of a `DocumentScanning` scanner into one async call: `scan()`
/// returns the scanned document, returns nil when the user cancels, and throws the scanner's error
/// when it fails. The second scan must work as well as the first, a scan started while another is
/// pending ends the pending one with nil, and a late duplicate callback must be ignored, also when
/// two services scan at once and when a new scan starts in the same turn of the main actor as the
/// duplicate. The scanner is shown once for each scan(), and at no other time. Graded on 550
/// generated scripts too (two services, callbacks of every kind in any order, titles and reasons
/// as given (empty, spaced, long, up to 100,000 characters, beyond ASCII, "\r\n" and "\r" line
/// breaks, control and invisible characters anywhere, NUL at either end, a byte order mark,
/// reasons with any words, "cancelled", "busy" and "timed out" too), late duplicates, each scan()
/// entered in the same main-actor turn as the step before it, each scanner calling didScan at the
/// end), two more on one service (40 scans, each answered and then answered again late; 20
/// failures in a row, then a scan), and one more of 300 scans in a row on one service. Left free: what a caller whose task is cancelled gets (the
/// exercise asks nothing of a cancel; none is generated).
/// Read docs/Chapter01-Continuations.md#exercise-11-wrap-a-delegate-api
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning

  /// Creates a service that shows `scanner`.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// Shows the scanner and returns what the user scanned, or nil if they cancelled.
  public func scan() async throws -> Document? {
    // TODO(1.1): store a continuation, present the scanner, and resume it from the delegate.
    throw NotImplemented("1.1")
  }

  /// Called by the scanner when the user scanned a document.
  public func documentScanner(_ scanner: any DocumentScanning, didScan document: Document) {
    // TODO(1.1): resume the stored continuation with the document.
  }

  /// Called by the scanner when the user cancelled.
  public func documentScannerDidCancel(_ scanner: any DocumentScanning) {
    // TODO(1.1): resume the stored continuation with nil.
  }

  /// Called by the scanner when it failed.
  public func documentScanner(_ scanner: any DocumentScanning, didFailWith error: ScannerError) {
    // TODO(1.1): resume the stored continuation by throwing the error.
  }
}
