// Two threads at once, for the exercises whose answers must be safe from any thread.
import ExerciseSupport
import Foundation
import Synchronization
import TestTooling
import XCTest

/// A spin barrier for two threads: waking from a semaphore takes microseconds and varies, while
/// a spinning thread sees the other's arrival at once.
final class Arrivals: Sendable {
  private let count = Atomic<Int>(0)

  func arriveAndWaitForBoth() {
    count.add(1, ordering: .acquiringAndReleasing)
    var spins = 0
    while count.load(ordering: .acquiring) < 2 {
      spins += 1
      if spins > 100_000 { sched_yield() }  // the other may be waiting for a core
    }
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

/// Calls `body(0)` and `body(1)` on two threads, and returns when both have returned: one round
/// of `inRounds`.
///
/// In a plain run the two calls start within a few nanoseconds of each other. Under the thread
/// sanitizer they take turns (the second starts once the first has returned, told by a relaxed
/// atomic): the sanitizer still sees no order between them, so state shared without a lock is
/// reported, and a `Mutex` is never contended (see `ThreadSanitizer`).
func onTwoThreadsAtOnce(_ body: @escaping @Sendable (Int) -> Void) async {
  await inRounds(1) { lane, _ in body(lane) }
}

/// Runs `body(lane, round)` for lanes 0 and 1 on two threads of their own, round after round.
///
/// Both lanes start each round together, after a spin barrier: two threads that are already
/// running meet again within nanoseconds, round after round, where starting a thread for each
/// round would rarely find both running. Each lane keeps to a core of its own (see
/// `keepToOneCore`), and one that has spun long sleeps until the other arrives, since on a busy
/// machine the other lane may be waiting for its core (see `Meeting`). Under the thread sanitizer, the lanes take turns instead (see
/// `onTwoThreadsAtOnce`).
func inRounds(
  _ rounds: Int,
  _ body: @escaping @Sendable (_ lane: Int, _ round: Int) -> Void
) async {
  let meeting = Meeting()
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
          meeting.arrive(waitingFor: 2 * round + 2)
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

/// Where the lanes of `inRounds` meet before each round: a lane spins until the other arrives,
/// and only after a while goes to sleep until it does.
///
/// Two running lanes see each other's arrival within nanoseconds, so their calls overlap. On a
/// busy machine the other lane may wait for its core for a whole time slice, round after round:
/// a lane that spun and then yielded its core was put behind the other programs on it, and a
/// few thousand rounds took half a minute (7c, load 12 on 2 cores). A lane that sleeps is woken
/// by the other's arrival, and the scheduler runs a thread it has just woken soon.
private final class Meeting: Sendable {
  private let arrived = Atomic<Int>(0)
  private let sleepers = Atomic<Int>(0)
  private let wakeUp = NSCondition()  // Sendable: NSCondition is thread-safe

  /// Counts this lane in, then returns once `count` lanes in all have arrived.
  func arrive(waitingFor count: Int) {
    arrived.add(1, ordering: .sequentiallyConsistent)
    if sleepers.load(ordering: .sequentiallyConsistent) > 0 {
      wakeUp.lock()
      wakeUp.broadcast()
      wakeUp.unlock()
    }
    var spins = 0
    while arrived.load(ordering: .relaxed) < count {
      spins += 1
      guard spins > 100_000 else { continue }
      // A sleeper is counted before it looks at `arrived` again, and a lane that arrives counts
      // itself before it looks for sleepers, both in one total order: either this lane sees the
      // arrival, or the arriving lane sees it asleep and wakes it.
      wakeUp.lock()
      sleepers.add(1, ordering: .sequentiallyConsistent)
      while arrived.load(ordering: .sequentiallyConsistent) < count { wakeUp.wait() }
      sleepers.subtract(1, ordering: .sequentiallyConsistent)
      wakeUp.unlock()
    }
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

/// One round of `assertEachRoundSurvivesACancelAndAnAnswer`: a call under way, how to wait until
/// it has asked its collaborator, and the collaborator's answer.
struct CancelAndAnswerRound<Value: Sendable>: Sendable {
  /// The call, in a task of its own.
  let call: Task<Value, any Error>
  /// Returns true once the call has asked its collaborator, false if it ended without asking.
  let waitUntilAsked: @Sendable () async -> Bool
  /// The collaborator answers: called on a thread of its own.
  let answer: @Sendable () -> Void
  /// What else the round must show once the call has ended: nil, or what went wrong.
  var afterwards: @Sendable (Result<Value, any Error>) -> String? = { _ in nil }
}

/// What the rounds say, in the exercise's words.
struct CancelAndAnswerWords {
  /// "transcribe(_:with:) to call recognize".
  let callAsks: String
  /// "the recognizer answers \"buy milk\"".
  let collaboratorAnswers: String
  /// "the recognizer answered \"buy milk\"".
  let collaboratorAnswered: String
  /// "call".
  let call: String
  /// "that transcript".
  let theValue: String
  /// "transcribe(_:with:) ended without asking the recognizer".
  let endedWithoutAsking: String
}

/// Round after round, cancels a call's task on one thread while its collaborator answers on
/// another, up to `lagSpan` spins apart either way: each call must end once, with `expected` or
/// a `CancellationError` (1b's recognizer, 1c's reader).
func assertEachRoundSurvivesACancelAndAnAnswer<Value: Equatable & Sendable>(
  rounds: Int,
  lagSpan: Int,
  expected: Value,
  words: CancelAndAnswerWords,
  round makeRound: () -> CancelAndAnswerRound<Value>,
  file: StaticString = #filePath,
  line: UInt = #line
) async throws {
  for round in 1...rounds {
    let race = makeRound()
    ScenarioAnnouncer.announce(
      "round \(round) of \(rounds): the test waits for \(words.callAsks)"
    )
    guard await race.waitUntilAsked() else {
      if case .failure(let error as NotImplemented) = await race.call.result { throw error }
      return XCTFail(words.endedWithoutAsking, file: file, line: line)
    }
    ScenarioAnnouncer.announce(
      "round \(round) of \(rounds): the caller's task is cancelled on one thread as "
        + "\(words.collaboratorAnswers) on another; the test waits for the \(words.call) to end"
    )
    let lag = round % (2 * lagSpan + 1) - lagSpan  // which of the two goes first, and by how much
    await onTwoThreadsAtOnce { lane in
      let pause = Arrivals()
      if lane == 0 {
        pause.spin(max(lag, 0))
        race.call.cancel()
      } else {
        pause.spin(max(-lag, 0))
        race.answer()
      }
    }
    let ended = await race.call.result
    switch ended {
    case .success(let value) where value == expected: break
    case .failure(let error) where error is CancellationError: break
    default:
      return XCTFail(
        "in round \(round) of \(rounds), the caller's task was cancelled on one thread as "
          + "\(words.collaboratorAnswered) on another, and the \(words.call) ended with "
          + "\(ended); expected \(words.theValue) or a CancellationError",
        file: file,
        line: line
      )
    }
    if let problem = race.afterwards(ended) {
      return XCTFail(
        "in round \(round) of \(rounds), the caller's task was cancelled on one thread as "
          + "\(words.collaboratorAnswered) on another: \(problem)",
        file: file,
        line: line
      )
    }
  }
}
