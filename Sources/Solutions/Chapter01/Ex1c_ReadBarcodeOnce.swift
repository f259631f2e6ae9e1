import ExerciseSupport
import Synchronization

/// Exercise 1c: the first of two callbacks or a timeout wins (reference solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-1c-first-callback-or-timeout
public func readBarcodeOnce(
  with reader: some BarcodeReading,
  timeout: Duration,
  clock: some Clock<Duration>
) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    let firstResult = FirstResultWins(continuation)
    // The timer is one more way to resume, so it goes through the same guard as the callbacks.
    let timer = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return  // cancelled: the reader answered first
      }
      firstResult.resume(with: .failure(BarcodeReadTimeout(after: timeout)))
    }
    reader.readBarcode { result in
      firstResult.resume(with: result.mapError { $0 })
      timer.cancel()  // a result is in: no timer left sleeping
    }
  }
}

/// Resumes the continuation for the first caller only.
private final class FirstResultWins: Sendable {
  private let continuation: CheckedContinuation<Barcode, any Error>
  private let resumed = Atomic<Bool>(false)

  init(_ continuation: CheckedContinuation<Barcode, any Error>) {
    self.continuation = continuation
  }

  func resume(with result: Result<Barcode, any Error>) {
    // One indivisible step sets the flag and reports whether it was already set: of two
    // threads racing here, exactly one sees false.
    guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    continuation.resume(with: result)
  }
}
