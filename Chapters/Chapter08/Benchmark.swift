// `swift run -c release Chapter08 --benchmark`: a million increments of each counter of 8.6, on one
// task, in real time. A measurement for people, not a test: it prints, it does not judge.
import LessonSupport

func runBenchmark(_ context: LessonContext) async throws {
  let console = context.console
  let increments = 1_000_000
  let clock = ContinuousClock()
  console.print("\(increments) increments on one task, each counter of 8.6:")
  let mutex = MutexCounter()
  let mutexTime = clock.measure { for _ in 0..<increments { mutex.increment() } }
  let atomic = AtomicCounter()
  let atomicTime = clock.measure { for _ in 0..<increments { atomic.increment() } }
  let actor = ActorCounter()
  let start = clock.now
  for _ in 0..<increments { await actor.increment() }
  let actorTime = start.duration(to: clock.now)
  guard mutex.count == increments, atomic.count == increments, await actor.count == increments
  else {
    console.print("a counter lost increments: this is a bug in the chapter")
    return
  }
  for (name, took) in [("Mutex", mutexTime), ("Atomic", atomicTime), ("actor", actorTime)] {
    let nanoseconds = Double(took / .nanoseconds(1)) / Double(increments)
    console.print(
      "  \(name.padding(toLength: 7, withPad: " ", startingAt: 0))"
        + " \(String(format: "%6.1f", nanoseconds)) ns an increment, \(String(format: "%5.1f", took / mutexTime))x the Mutex"
    )
  }
}
