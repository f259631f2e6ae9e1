import ExerciseSupport
import Synchronization

/// Known wrong: the timer is made after readBarcode, and only if no result is in yet; a callback
/// from another thread between that look and storing the timer finds no timer to cancel.
public func readBarcodeOnce(
  with reader: some BarcodeReading,
  timeout: Duration,
  clock: some Clock<Duration>
) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    let read = ReadState(continuation)
    reader.readBarcode { result in
      read.resume(with: result.mapError { $0 })
      read.cancelTimer()
    }
    // A reader that answered inside readBarcode needs no timer at all.
    guard !read.isResumed else { return }
    let timer = Task {
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      read.resume(
        with: .failure(BarcodeReadTimeout(after: timeout)),
        beforeResuming: { reader.cancelRead() }
      )
    }
    read.setTimer(timer)
  }
}

private final class ReadState: Sendable {
  private let continuation: CheckedContinuation<Barcode, any Error>
  private let resumed = Atomic<Bool>(false)
  private let timer = Mutex<Task<Void, Never>?>(nil)

  init(_ continuation: CheckedContinuation<Barcode, any Error>) {
    self.continuation = continuation
  }

  var isResumed: Bool { resumed.load(ordering: .acquiring) }

  func resume(with result: Result<Barcode, any Error>, beforeResuming: () -> Void = {}) {
    guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    beforeResuming()  // the timeout stops the read
    continuation.resume(with: result)
  }

  func setTimer(_ task: Task<Void, Never>) {
    timer.withLock { $0 = task }
  }

  func cancelTimer() {
    timer.withLock { $0 }?.cancel()
  }
}
