import ExerciseSupport

/// Exercise 1.1: wrap a delegate API (reference solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-11-wrap-a-delegate-api
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
      // A scan still pending would leak if overwritten: end it as a cancel first.
      self.continuation?.resume(returning: nil)
      self.continuation = continuation  // every call stores its own, fresh continuation
      scanner.present(delegate: self)
    }
  }

  /// Called by the scanner when the user scanned a document.
  public func documentScanner(_ scanner: any DocumentScanning, didScan document: Document) {
    takeContinuation()?.resume(returning: document)
  }

  /// Called by the scanner when the user cancelled.
  public func documentScannerDidCancel(_ scanner: any DocumentScanning) {
    takeContinuation()?.resume(returning: nil)
  }

  /// Called by the scanner when it failed.
  public func documentScanner(_ scanner: any DocumentScanning, didFailWith error: ScannerError) {
    takeContinuation()?.resume(throwing: error)
  }

  /// Clears the stored continuation before it is resumed, so a late callback finds nil.
  private func takeContinuation() -> CheckedContinuation<Document?, any Error>? {
    defer { continuation = nil }
    return continuation
  }
}
