import ExerciseSupport
import Synchronization
import TutorialSupport

/// Exercise 1.3: make a one-shot wrapper safe against a callback that fires twice (reference
/// solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-13-a-callback-that-fires-twice
public func readBarcodeOnce(with reader: some BarcodeReading) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    let pending = PendingBarcodeRead(continuation)
    reader.readBarcode { result in
      // Decide under the lock (take the continuation), act after it (resume).
      pending.take()?.resume(with: result)
    }
  }
}

/// Holds the continuation until the first callback takes it.
private final class PendingBarcodeRead: Sendable {
  private let continuation: Mutex<CheckedContinuation<Barcode, any Error>?>

  init(_ continuation: CheckedContinuation<Barcode, any Error>) {
    self.continuation = Mutex(continuation)
  }

  func take() -> CheckedContinuation<Barcode, any Error>? {
    continuation.withLock { $0.take() }
  }
}
