import ExerciseSupport
import Foundation

/// A scanner that plays a script: each presentation performs the next step, on a later turn of
/// the main actor (never inside `present`), as a real scanner would.
@MainActor
final class ScriptedScanner: DocumentScanning {
  enum Step {
    case scan(Document)
    case cancel
    case fail(ScannerError)
    /// A buggy scanner that reports the same scan twice.
    case scanTwice(Document)
  }

  private var script: [Step]
  private(set) var presentations = 0

  init(_ script: [Step]) {
    self.script = script
  }

  func present(delegate: any DocumentScannerDelegate) {
    presentations += 1
    let step = script.isEmpty ? .cancel : script.removeFirst()
    Task { @MainActor in
      switch step {
      case .scan(let document):
        delegate.documentScanner(self, didScan: document)
      case .cancel:
        delegate.documentScannerDidCancel(self)
      case .fail(let error):
        delegate.documentScanner(self, didFailWith: error)
      case .scanTwice(let document):
        delegate.documentScanner(self, didScan: document)
        delegate.documentScanner(self, didScan: document)
      }
    }
  }
}

/// A recognizer that answers with a fixed result, before returning or from another thread.
struct ScriptedRecognizer: SpeechRecognizing {
  enum Delivery {
    case beforeReturning
    case onAnotherThread
  }

  let result: Result<Transcript, RecognitionError>
  let delivery: Delivery

  func recognize(
    _ clip: AudioClip,
    completion: @escaping @Sendable (Result<Transcript, RecognitionError>) -> Void
  ) {
    switch delivery {
    case .beforeReturning:
      completion(result)
    case .onAnotherThread:
      Thread { [result] in completion(result) }.start()
    }
  }
}

/// A reader that calls its completion twice: one after the other on one thread, or from two
/// threads at once.
struct DoubleFiringReader: BarcodeReading {
  let first: Result<Barcode, BarcodeReadError>
  let second: Result<Barcode, BarcodeReadError>
  let concurrently: Bool

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    if concurrently {
      Thread { [first] in completion(first) }.start()
      Thread { [second] in completion(second) }.start()
    } else {
      Thread { [first, second] in
        completion(first)
        completion(second)
      }.start()
    }
  }
}
