import ExerciseSupport
import TutorialSupport

/// Known wrong: the seed's `if continuation == nil` guard, so the second scan's continuation is
/// never stored (a leak) and the first one is resumed twice (a crash).
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  private var continuation: CheckedContinuation<Document?, any Error>?

  /// Creates a service that shows `scanner`.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// Shows the scanner and returns what the user scanned, or nil if they cancelled.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      if self.continuation == nil {
        self.continuation = continuation
      }
      scanner.present(delegate: self)
    }
  }

  /// Called by the scanner when the user scanned a document.
  public func documentScanner(_ scanner: any DocumentScanning, didScan document: Document) {
    continuation?.resume(returning: document)
  }

  /// Called by the scanner when the user cancelled.
  public func documentScannerDidCancel(_ scanner: any DocumentScanning) {
    continuation?.resume(returning: nil)
  }

  /// Called by the scanner when it failed.
  public func documentScanner(_ scanner: any DocumentScanning, didFailWith error: ScannerError) {
    continuation?.resume(throwing: error)
  }
}
