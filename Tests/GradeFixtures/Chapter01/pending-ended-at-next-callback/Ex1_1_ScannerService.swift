import ExerciseSupport

/// Known wrong: a scan started while another is pending does not end the pending one at once; it is
/// kept in a list and only ended (with nil) when the next callback comes.
@MainActor
public final class ScannerService: DocumentScannerDelegate {
  private let scanner: any DocumentScanning
  /// Every scan still waiting, oldest first: the newest gets the callback, the others nil.
  private var waiting: [CheckedContinuation<Document?, any Error>] = []

  /// Creates a service that shows `scanner`.
  public init(scanner: any DocumentScanning) {
    self.scanner = scanner
  }

  /// Shows the scanner and returns what the user scanned, or nil if they cancelled.
  public func scan() async throws -> Document? {
    try await withCheckedThrowingContinuation { continuation in
      waiting.append(continuation)
      scanner.present(delegate: self)
    }
  }

  /// Called by the scanner when the user scanned a document.
  public func documentScanner(_ scanner: any DocumentScanning, didScan document: Document) {
    finish(.success(document))
  }

  /// Called by the scanner when the user cancelled.
  public func documentScannerDidCancel(_ scanner: any DocumentScanning) {
    finish(.success(nil))
  }

  /// Called by the scanner when it failed.
  public func documentScanner(_ scanner: any DocumentScanning, didFailWith error: ScannerError) {
    finish(.failure(error))
  }

  private func finish(_ result: Result<Document?, any Error>) {
    guard let newest = waiting.popLast() else { return }  // a late duplicate finds none
    let older = waiting
    waiting = []
    for continuation in older { continuation.resume(returning: nil) }
    newest.resume(with: result)
  }
}
