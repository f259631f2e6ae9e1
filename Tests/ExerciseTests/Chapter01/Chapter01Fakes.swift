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
    /// The user leaves the scanner open: no callback until the next presentation.
    case stayOpen
  }

  private var script: [Step]
  private(set) var presentations = 0

  init(_ script: [Step]) {
    self.script = script
  }

  func present(delegate: any DocumentScannerDelegate) {
    presentations += 1
    let step = script.isEmpty ? .cancel : script.removeFirst()
    if case .stayOpen = step { return }
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
      case .stayOpen:
        break
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
///
/// Tests await `callbacksReturned()` before they end, so an unguarded second resume crashes
/// inside the test that caused it, not after the last test when nobody is looking.
final class DoubleFiringReader: BarcodeReading, Sendable {
  let first: Result<Barcode, BarcodeReadError>
  let second: Result<Barcode, BarcodeReadError>
  let concurrently: Bool
  // Thread safety: DispatchGroup is thread-safe; enter happens before each thread starts.
  private let running = DispatchGroup()

  init(
    first: Result<Barcode, BarcodeReadError>,
    second: Result<Barcode, BarcodeReadError>,
    concurrently: Bool
  ) {
    self.first = first
    self.second = second
    self.concurrently = concurrently
  }

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    guard concurrently else {
      running.enter()
      Thread { [first, second, running] in
        completion(first)
        completion(second)
        running.leave()
      }.start()
      return
    }
    // Each thread says it is there and waits for the other, so the two calls start together:
    // a check and a set that are not one step get as little luck as possible.
    let arrived = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    for (result, mine, other) in [(first, arrived.0, arrived.1), (second, arrived.1, arrived.0)] {
      running.enter()
      Thread { [running] in
        mine.signal()
        other.wait()
        completion(result)
        running.leave()
      }.start()
    }
  }

  /// Returns once every completion call has returned.
  func callbacksReturned() async {
    await withCheckedContinuation { continuation in
      running.notify(queue: .global()) { continuation.resume() }
    }
  }
}

/// A reader that calls its completion once, from another thread, as most readers do.
struct SingleCallbackReader: BarcodeReading {
  let result: Result<Barcode, BarcodeReadError>

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    Thread { [result] in completion(result) }.start()
  }
}

/// A flag that main-actor code sets and reads.
@MainActor
final class MainActorFlag {
  var isSet = false
}
