// The delegate-based API of exercise 1.1: a document scanner shaped like VisionKit's.
// Learners wrap it; they do not change it.

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
  /// A short reason, such as "camera unavailable".
  public let reason: String

  /// Creates an error with a reason.
  public init(reason: String) {
    self.reason = reason
  }

  /// "scan failed: REASON".
  public var description: String { "scan failed: \(reason)" }
}

/// What a document scanner tells its delegate, once per presentation.
@MainActor
public protocol DocumentScannerDelegate: AnyObject {
  /// The user scanned a document.
  func documentScanner(_ scanner: any DocumentScanning, didScan document: Document)
  /// The user closed the scanner without scanning.
  func documentScannerDidCancel(_ scanner: any DocumentScanning)
  /// The scanner failed.
  func documentScanner(_ scanner: any DocumentScanning, didFailWith error: ScannerError)
}

/// A scanner that can be shown; it reports to the delegate later, on the main actor.
@MainActor
public protocol DocumentScanning: AnyObject {
  /// Shows the scanner. The delegate hears the outcome later (never during this call).
  func present(delegate: any DocumentScannerDelegate)
}
