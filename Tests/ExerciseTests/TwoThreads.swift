// Two threads at once, for the exercises whose answers must be safe from any thread.
import Foundation
import Synchronization

/// A spin barrier for two threads: waking from a semaphore takes microseconds and varies, while
/// a spinning thread sees the other's arrival at once.
final class Arrivals: Sendable {
  private let count = Atomic<Int>(0)

  func arriveAndWaitForBoth() {
    count.add(1, ordering: .acquiringAndReleasing)
    while count.load(ordering: .acquiring) < 2 {}
  }

  /// Busy-waits for `steps` loads, a delay of a few nanoseconds each.
  func spin(_ steps: Int) {
    for _ in 0..<steps { _ = count.load(ordering: .relaxed) }
  }

  private let returned = Atomic<Int>(0)
  private let oneRanAlone = Atomic<Bool>(false)

  /// Runs `body`, noting whether the other thread's call had already returned when it started.
  ///
  /// On a busy machine one thread may be switched out right after the barrier, so its call runs
  /// after the other's: such a round tests nothing about a race, and `callsOverlapped` says so.
  func call(_ body: () -> Void) {
    if returned.load(ordering: .sequentiallyConsistent) > 0 {
      oneRanAlone.store(true, ordering: .sequentiallyConsistent)
    }
    body()
    returned.add(1, ordering: .sequentiallyConsistent)
  }

  /// After both `call`s have returned: whether each started before the other returned.
  var callsOverlapped: Bool { !oneRanAlone.load(ordering: .sequentiallyConsistent) }
}

/// Whether this test binary was built with `--sanitize=thread`.
///
/// On Linux, `Mutex` takes a contended lock in the Synchronization library, which the sanitizer
/// does not instrument: it misses that ordering and reports a race that is not there. Racing
/// rounds under the sanitizer therefore take turns (`.takingTurns`). Elsewhere this is false.
enum ThreadSanitizer {
  static let isRunning: Bool = {
    #if os(Linux)
    return dlsym(nil, "__tsan_init") != nil
    #else
    return false
    #endif
  }()
}

/// Calls `body(0)` and `body(1)` on two threads, and returns when both have returned.
///
/// In a plain run the two calls start within a few nanoseconds of each other. Under the thread
/// sanitizer they take turns (the second starts once the first has returned, told by a relaxed
/// atomic): the sanitizer still sees no order between them, so state shared without a lock is
/// reported, and a `Mutex` is never contended (see `ThreadSanitizer`).
func onTwoThreadsAtOnce(_ body: @escaping @Sendable (Int) -> Void) async {
  let arrived = Arrivals()
  let firstReturned = Atomic<Bool>(false)
  let running = DispatchGroup()
  let takeTurns = ThreadSanitizer.isRunning
  for index in 0..<2 {
    running.enter()
    Thread {
      if takeTurns {
        while index == 1 && !firstReturned.load(ordering: .relaxed) {}
      } else {
        arrived.arriveAndWaitForBoth()
      }
      body(index)
      firstReturned.store(true, ordering: .relaxed)
      running.leave()
    }.start()
  }
  await withCheckedContinuation { continuation in
    running.notify(queue: .global()) { continuation.resume() }
  }
}
