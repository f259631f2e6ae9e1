import ExerciseSupport
import Synchronization

/// Known wrong: a cancel of the caller's task cancels the timer too, so a cancelled read whose
/// reader never calls back waits forever instead of timing out.
public func readBarcodeOnce(
  with reader: some BarcodeReading,
  timeout: Duration,
  clock: some Clock<Duration>
) async throws -> Barcode {
  let timerBox = TimerBox()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      let first = FirstWins(continuation)
      let timer = Task {
        do {
          try await clock.sleep(for: timeout)
        } catch {
          return
        }
        first.resume(
          with: .failure(BarcodeReadTimeout(after: timeout)),
          beforeResuming: { reader.cancelRead() }
        )
      }
      timerBox.set(timer)
      reader.readBarcode { result in
        first.resume(with: result.mapError { $0 })
        timer.cancel()
      }
    }
  } onCancel: {
    timerBox.cancel()  // nothing left running once the caller gives up
  }
}

private final class TimerBox: Sendable {
  private let task = Mutex<Task<Void, Never>?>(nil)
  private let cancelled = Atomic<Bool>(false)

  func set(_ timer: Task<Void, Never>) {
    task.withLock { $0 = timer }
    if cancelled.load(ordering: .acquiring) { timer.cancel() }
  }

  func cancel() {
    cancelled.store(true, ordering: .releasing)
    task.withLock { $0 }?.cancel()
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
