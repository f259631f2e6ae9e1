// Stands in for a supplier across a network: each answer comes when the lesson lets it.
import LessonSupport

/// A supplier whose answers come back when the lesson chooses.
///
/// Each call waits until `answerOldest()` lets the oldest waiting one go: the lesson decides how
/// many calls wait before any is answered. Once answered, when each caller resumes is the
/// scheduler's business, as after any await.
final class Supplier: Sendable {
  // Thread safety: the waiting callers are behind the lock; each is resumed after unlocking.
  private let waiting = Locked<[CheckedContinuation<Void, Never>]>([])
  private let calls = Locked(0)

  /// Confirms a delivery of `amount`: returns it once the lesson lets this call go.
  func confirmDelivery(of amount: Int) async -> Int {
    await answer()
    return amount
  }

  /// Counts the whole stockroom: returns `counted` once the lesson lets this call go.
  func countEverything(_ counted: Int) async -> Int {
    await answer()
    return counted
  }

  /// How many calls wait for their answer now.
  var waitingCount: Int { waiting.withLock { $0.count } }

  /// How many calls were made in all.
  var callCount: Int { calls.withLock { $0 } }

  /// Lets the oldest waiting call return.
  func answerOldest() {
    waiting.withLock { $0.isEmpty ? nil : $0.removeFirst() }?.resume()
  }

  /// Returns once `count` calls are waiting.
  func waitUntilWaiting(_ count: Int) async {
    while waitingCount < count { await Task.yield() }
  }

  private func answer() async {
    calls.withLock { $0 += 1 }
    await withCheckedContinuation { continuation in
      waiting.withLock { $0.append(continuation) }
    }
  }
}
