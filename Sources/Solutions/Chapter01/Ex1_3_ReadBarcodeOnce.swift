import ExerciseSupport
import Synchronization

/// Exercise 1.3: make a one-shot wrapper safe against a callback that fires twice (reference
/// solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-13-a-callback-that-fires-twice
public func readBarcodeOnce(with reader: some BarcodeReading) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    let firstCallback = FirstCallbackWins(continuation)
    reader.readBarcode { result in
      firstCallback.resume(with: result)
    }
  }
}

/// Resumes the continuation for the first caller only.
private final class FirstCallbackWins: Sendable {
  private let continuation: CheckedContinuation<Barcode, any Error>
  private let resumed = Atomic<Bool>(false)

  init(_ continuation: CheckedContinuation<Barcode, any Error>) {
    self.continuation = continuation
  }

  func resume(with result: Result<Barcode, BarcodeReadError>) {
    // One indivisible step sets the flag and reports whether it was already set: of two
    // threads racing here, exactly one sees false.
    guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    continuation.resume(with: result)
  }
}
