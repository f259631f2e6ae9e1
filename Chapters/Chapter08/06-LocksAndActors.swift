// 8.6 Mutex, Atomic or an actor: a counter under each.
// Read with docs/Chapter08-Isolation.md#86-mutex-atomic-or-an-actor
import LessonSupport
import Synchronization

// snippet.three-counters
/// A counter behind a lock: a short synchronous critical section, no `await` to reach it.
final class MutexCounter: Sendable {
  private let value = Mutex(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}

/// A counter as one atomic word: no lock at all, for a single value.
final class AtomicCounter: Sendable {
  private let value = Atomic(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

/// A counter on an actor: every call from outside is an `await`.
actor ActorCounter {
  private(set) var count = 0
  func increment() { count += 1 }
}
// snippet.end

func runLocksAndActors(_ context: LessonContext) async throws {
  let console = context.console
  let mutex = MutexCounter()
  let atomic = AtomicCounter()
  let actor = ActorCounter()
  console.print("Ten tasks at once add 1,000 to each counter:")
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<10 {
      group.addTask {
        for _ in 0..<1_000 {
          mutex.increment()
          atomic.increment()
          await actor.increment()
        }
      }
    }
  }
  console.print("  Mutex: \(mutex.count), Atomic: \(atomic.count), actor: \(await actor.count)")
  console.print("All three are right. What differs is the cost of each step, and what may happen")
  console.print("inside it: `swift run -c release Chapter08 --benchmark` times them.")
}
