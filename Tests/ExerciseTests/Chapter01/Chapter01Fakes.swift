import ExerciseSupport
import Foundation
import LessonSupport
import Synchronization

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

/// A recognizer that answers with a fixed result, before returning or from another thread, and
/// records the clips it was asked to recognize.
final class ScriptedRecognizer: SpeechRecognizing, Sendable {
  enum Delivery {
    case beforeReturning
    case onAnotherThread
  }

  let result: Result<Transcript, RecognitionError>
  let delivery: Delivery
  private let asked = Locked<[AudioClip]>([])

  init(result: Result<Transcript, RecognitionError>, delivery: Delivery) {
    self.result = result
    self.delivery = delivery
  }

  /// The clips `recognize` was called with, in order.
  var askedClips: [AudioClip] { asked.withLock { $0 } }

  func recognize(
    _ clip: AudioClip,
    completion: @escaping @Sendable (Result<Transcript, RecognitionError>) -> Void
  ) {
    asked.withLock { $0.append(clip) }
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
  let timing: Timing
  // Thread safety: DispatchGroup is thread-safe; enter happens before each thread starts.
  private let running = DispatchGroup()

  init(
    first: Result<Barcode, BarcodeReadError>,
    second: Result<Barcode, BarcodeReadError>,
    timing: Timing
  ) {
    self.first = first
    self.second = second
    self.timing = timing
  }

  enum Timing {
    /// Both calls on one thread, the second after the first has returned.
    case oneAfterTheOther
    /// One call on each of two threads, started together; then one thread waits `lag` steps of a
    /// few nanoseconds (the second thread when `lag` is positive, the first when negative).
    case together(lag: Int)
    /// One call on each of two threads, the second once the first has returned, told so by a
    /// relaxed atomic: the thread sanitizer sees no order between the two calls, so shared state
    /// that is not guarded is reported, and a `Mutex` is never contended (see `ThreadSanitizer`).
    case takingTurns
  }

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    switch timing {
    case .oneAfterTheOther:
      running.enter()
      Thread { [first, second, running] in
        completion(first)
        completion(second)
        running.leave()
      }.start()
    case .together(let lag):
      callTogether(completion, lag: lag)
    case .takingTurns:
      let firstReturned = Atomic<Bool>(false)
      for (result, waits) in [(first, false), (second, true)] {
        running.enter()
        Thread { [running] in
          while waits && !firstReturned.load(ordering: .relaxed) {}
          completion(result)
          firstReturned.store(true, ordering: .relaxed)
          running.leave()
        }.start()
      }
    }
  }

  private func callTogether(
    _ completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void,
    lag: Int
  ) {
    // Each thread says it is there and spins until the other is too, so the two calls start
    // within a few nanoseconds: a check and a set that are not one step get little luck.
    let arrived = Arrivals()
    arrivals.withLock { $0 = arrived }
    for (result, delay) in [(first, max(0, -lag)), (second, max(0, lag))] {
      running.enter()
      Thread { [running] in
        arrived.arriveAndWaitForBoth()
        arrived.spin(delay)
        arrived.call { completion(result) }
        running.leave()
      }.start()
    }
  }

  private let arrivals = Locked<Arrivals?>(nil)

  /// After `callbacksReturned()`: whether the two calls of `.together` ran at the same time (on a
  /// busy machine one may run after the other, and then the round proves nothing).
  var callsOverlapped: Bool { arrivals.withLock { $0?.callsOverlapped ?? false } }

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

/// A reader that calls back only when the test says so, on the test's own thread.
final class ControlledReader: BarcodeReading, Sendable {
  private struct State {
    var completion: (@Sendable (Result<Barcode, BarcodeReadError>) -> Void)?
    var readEnded = false
    var waiter: CheckedContinuation<Bool, Never>?
  }
  // Thread safety: all state is behind the lock; callbacks and resumes run after it.
  private let state = Locked(State())

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    let waiter = state.withLock { state in
      state.completion = completion
      return state.waiter.take()
    }
    waiter?.resume(returning: true)
  }

  /// Says that the read under test has returned or thrown, so nobody waits for it to ask.
  func readEnded() {
    let waiter = state.withLock { state in
      state.readEnded = true
      return state.waiter.take()
    }
    waiter?.resume(returning: false)
  }

  /// Returns true once `readBarcode` has been called, or false if the read ended without it.
  func waitUntilAskedOrReadEnded() async -> Bool {
    await withCheckedContinuation { continuation in
      let answer = state.withLock { state -> Bool? in
        if state.completion != nil { return true }
        if state.readEnded { return false }
        state.waiter = continuation
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }

  /// Calls the completion the reader was given, and returns when it has returned.
  func callBack(with result: Result<Barcode, BarcodeReadError>) {
    state.withLock { $0.completion }?(result)
  }
}

/// A flag that main-actor code sets and reads.
@MainActor
final class MainActorFlag {
  var isSet = false
}
