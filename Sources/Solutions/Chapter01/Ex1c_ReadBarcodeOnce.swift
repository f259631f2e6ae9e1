import ExerciseSupport
import Foundation

/// Exercise 1c: the first of two callbacks or a timeout wins, and stops the loser (reference
/// solution).
///
/// Read docs/Chapter01-Continuations.md#exercise-1c-first-callback-or-timeout
public func readBarcodeOnce(
  with reader: some BarcodeReading,
  timeout: Duration,
  clock: some Clock<Duration>
) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    let race = ReadRace(continuation)
    reader.readBarcode { result in
      guard let won = race.take() else { return }  // a later callback changes nothing
      won.continuation.resume(with: result.mapError { $0 })
      won.timer?.cancel()  // a result is in: no timer left sleeping
    }
    // Started once the read is under way, so that a timeout that wins has a read to stop.
    race.startTimer {
      Task {
        do {
          try await clock.sleep(for: timeout)
        } catch {
          return  // cancelled: a callback won
        }
        guard let won = race.take() else { return }
        reader.cancelRead()  // outside the lock: the reader may call back from inside it
        won.continuation.resume(throwing: BarcodeReadTimeout(after: timeout))
      }
    }
  }
}

/// The continuation and the timer behind one lock: whoever takes the continuation wins.
private final class ReadRace: @unchecked Sendable {
  // Thread safety: both properties are read and written only under `lock`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Barcode, any Error>?
  private var timer: Task<Void, Never>?

  init(_ continuation: CheckedContinuation<Barcode, any Error>) {
    self.continuation = continuation
  }

  /// The continuation and the timer for the first caller; nil for every later one.
  ///
  /// Decided under the lock; the winner acts after it.
  func take() -> (continuation: CheckedContinuation<Barcode, any Error>, timer: Task<Void, Never>?)?
  {
    lock.withLock {
      guard let continuation = continuation.take() else { return nil }
      return (continuation, timer.take())
    }
  }

  /// Starts the timer, unless a callback has already won (it came inside `readBarcode`).
  func startTimer(_ start: () -> Task<Void, Never>) {
    lock.withLock {
      if continuation != nil { timer = start() }
    }
  }
}
