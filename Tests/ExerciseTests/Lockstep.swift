// Two threads that meet round after round, for races whose window is too short to meet by chance.
import Foundation
import Synchronization

/// Runs `body(lane, round)` for lanes 0 and 1 on two threads of their own, round after round.
///
/// Both lanes start each round together, after a spin barrier: two threads that are already
/// running meet again within nanoseconds, round after round, where starting a thread for each
/// round would rarely find both running. Each lane keeps to a core of its own (see
/// `keepToOneCore`), and one that has spun long yields it, since on a busy machine the other lane
/// may be waiting for its core. Under the thread sanitizer, the lanes take turns instead (see
/// `onTwoThreadsAtOnce`).
func inRounds(
  _ rounds: Int,
  _ body: @escaping @Sendable (_ lane: Int, _ round: Int) -> Void
) async {
  let arrived = Atomic<Int>(0)
  let done = Atomic<Int>(0)
  let running = DispatchGroup()
  let takeTurns = ThreadSanitizer.isRunning
  for lane in 0..<2 {
    running.enter()
    Thread {
      if !takeTurns { keepToOneCore(lane) }
      for round in 0..<rounds {
        // Relaxed: the thread sanitizer must see no order from these.
        if takeTurns {
          while done.load(ordering: .relaxed) < 2 * round + lane { sched_yield() }
        } else {
          arrived.add(1, ordering: .relaxed)
          var spins = 0
          while arrived.load(ordering: .relaxed) < 2 * round + 2 {
            spins += 1
            if spins > 100_000 { sched_yield() }  // the other lane may be waiting for a core
          }
        }
        body(lane, round)
        done.add(1, ordering: .relaxed)
      }
      running.leave()
    }.start()
  }
  await withCheckedContinuation { continuation in
    running.notify(queue: .global()) { continuation.resume() }
  }
}

/// Runs `body` through `pair.call`, which notes whether the other lane's call ran at the same
/// time; under the thread sanitizer, without it (its atomics would order the two lanes).
func inStep(_ pair: Arrivals, _ body: () -> Void) {
  if ThreadSanitizer.isRunning { body() } else { pair.call(body) }
}

/// Keeps the calling thread on the `index`-th core it may run on, on Linux, when it may run on
/// two or more.
///
/// On a busy machine the scheduler may put both lanes on one core, where they take turns and
/// their calls never overlap, for seconds at a time; on two cores of their own they still meet.
/// Elsewhere this does nothing.
private func keepToOneCore(_ index: Int) {
  #if os(Linux)
  // Glibc's sched_getaffinity and sched_setaffinity are GNU extensions, which Swift's Glibc
  // module does not import. Both take a cpu_set_t: 1,024 bits, one per core. Thread 0: this one.
  typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
  guard let get = dlsym(nil, "sched_getaffinity"), let set = dlsym(nil, "sched_setaffinity")
  else { return }
  var allowed = [UInt8](repeating: 0, count: 128)
  let got = allowed.withUnsafeMutableBytes {
    unsafeBitCast(get, to: Affinity.self)(0, $0.count, $0.baseAddress)
  }
  let cores = (0..<allowed.count * 8).filter { allowed[$0 / 8] & (1 << ($0 % 8)) != 0 }
  guard got == 0, index < cores.count, cores.count >= 2 else { return }
  var one = [UInt8](repeating: 0, count: 128)
  one[cores[index] / 8] = 1 << (cores[index] % 8)
  _ = one.withUnsafeMutableBytes {
    unsafeBitCast(set, to: Affinity.self)(0, $0.count, $0.baseAddress)
  }
  #endif
}
