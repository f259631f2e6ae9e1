import ExerciseSupport
import Synchronization

/// Known wrong: the timeout error reports the time that passed on the clock (start to wake-up), not
/// the timeout given: equal only when the timer wakes right at its deadline.
public func readBarcodeOnce(
  with reader: some BarcodeReading,
  timeout: Duration,
  clock: some Clock<Duration>
) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    let first = FirstWins(continuation)
    let start = clock.now
    let timer = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      // How long we really waited, for the error.
      first.resume(
        with: .failure(BarcodeReadTimeout(after: start.duration(to: clock.now))),
        beforeResuming: { reader.cancelRead() }
      )
    }
    reader.readBarcode { result in
      first.resume(with: result.mapError { $0 })
      timer.cancel()
    }
  }
}

private final class FirstWins: Sendable {
  private let continuation: CheckedContinuation<Barcode, any Error>
  private let resumed = Atomic<Bool>(false)

  init(_ continuation: CheckedContinuation<Barcode, any Error>) {
    self.continuation = continuation
  }

  func resume(with result: Result<Barcode, any Error>, beforeResuming: () -> Void = {}) {
    guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    beforeResuming()  // the timeout stops the read
    continuation.resume(with: result)
  }
}
