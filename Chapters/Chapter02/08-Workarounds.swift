// 2.8 Seed 001's workarounds.
// Read with docs/Chapter02-UnfoldingVsPush.md#28-seed-001s-workarounds
import LessonSupport
import Observation

extension BufferedCounter {
  // snippet.fifo-polling
  /// Every change, in order, once.
  ///
  /// The cost: while nothing changes, it wakes up every `pollInterval` to look.
  func values(pollInterval: Duration, clock: any Clock<Duration>) -> AsyncStream<Int> {
    AsyncStream(unfolding: { @MainActor in
      while true {
        if let oldest = self.takeOldest() {
          return oldest
        }
        do {
          try await clock.sleep(for: pollInterval)
        } catch {
          return nil  // cancelled: end the stream (the seed swallowed this error)
        }
      }
    })
  }
  // snippet.end

  // snippet.fifo-polling-seed
  /// The seed's loop, whose empty `catch` drops the sleep's error.
  ///
  /// Once the consumer is cancelled every sleep throws at once, so the loop spins. The seed's
  /// loop ends only when a value arrives; this copy also stops at `maxPolls`, so the demo ends.
  func valuesDroppingCancellation(
    pollInterval: Duration,
    clock: any Clock<Duration>,
    maxPolls: Int,
    onCancel: @escaping @Sendable () -> Void
  ) -> AsyncStream<Int> {
    AsyncStream(
      unfolding: { @MainActor in
        while self.emptyPolls < maxPolls {
          if let oldest = self.takeOldest() {
            return oldest
          }
          do {
            try await clock.sleep(for: pollInterval)
          } catch {
            // The seed's empty catch: the error is dropped, and the loop goes round again.
          }
        }
        return nil
      },
      // Runs when the consumer's task is cancelled during a pull; it cannot stop the closure.
      onCancel: onCancel
    )
  }
  // snippet.end
}

// snippet.regular-ping
/// Seed 001's "constant regular ping": each pull subscribes, takes the current value, waits,
/// and returns that value.
@MainActor
func counterPings(
  _ counter: ObservedCounter,
  every interval: Duration,
  clock: any Clock<Duration>
) -> AsyncStream<Int> {
  AsyncStream(unfolding: { @MainActor in
    var fresh = Observations { counter.value }.makeAsyncIterator()
    guard let value = await fresh.next() else { return nil }
    do {
      try await clock.sleep(for: interval)  // the seed's "time consuming code"
    } catch {
      return nil
    }
    return value  // as it was when this ping began
  })
}
// snippet.end

@MainActor
func runWorkarounds(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    "Each time, the user waits for the first value, then sets the counter to 1, 2, 3 at once."
  )

  // The observation itself, for comparison: changes made together arrive as one.
  let observed = ObservedCounter()
  let direct = await followThreeQuickChanges(counterValues(observed)) { observed.value = $0 }
  console.print(
    "View A, Observations:        \(commaSeparated(direct)) (changes made together arrive as one)"
  )

  // 1. The FIFO buffer polled by unfolding: every change, in order.
  let buffered = BufferedCounter()
  buffered.value = 0  // the first value, as an observation would give it
  let polled = buffered.values(pollInterval: .milliseconds(1), clock: context.clock)
  let fifo = await followThreeQuickChanges(polled) { buffered.value = $0 }
  console.print(
    "View D, FIFO + unfolding:    \(commaSeparated(fifo)) (every change, but it polls while idle)"
  )

  // 2. The regular ping: it does not catch up through skipped values, as the seed hoped.
  let pinged = ObservedCounter()
  let pinging = counterPings(pinged, every: .seconds(3), clock: context.clock)
  let pings = await followThreeQuickChanges(pinging) { pinged.value = $0 }
  console.print(
    "View E, regular ping (3 s):  \(commaSeparated(pings)) (1 and 2 are never reported)"
  )

  // 3. De-duplication at the receiver: the view acts only on a value it has not just seen.
  // The user waits for 100 copies of 0 this time, since the flood hands them over anyway.
  let unfolded = ObservedCounter()
  let delivered = await followThreeQuickChanges(counterValuesUnfolding(unfolded), waitingFor: 100) {
    unfolded.value = $0
  }
  let actedOn = actOnChangesOnly(delivered)
  console.print(
    "View B, unfolding + de-dup:  \(commaSeparated(actedOn)) acted on, out of \(delivered.count) deliveries "
      + "(100 of them 0)"
  )
  console.print(
    """

    The FIFO is correct but busy; the ping is quiet but skips values and reports each one up to
    3 s late; de-duplication acts once per value it happens to see, so it loses 1 and 2 as the
    observation does, and the flood goes on underneath it. The push wrapper of 2.7 never polls,
    but with 1, 2 and 3 set together it too reports 0, 3: only the FIFO delivers every change.

    The FIFO view's consumer is cancelled while its loop sleeps (it polls once an hour here):
    """
  )

  // 4. A cancel during a pull: onCancel runs, but the closure already running goes on.
  let seedCounter = BufferedCounter()
  let cap = 10_000
  let onCancelRan = Locked(false)
  let seedStream = seedCounter.valuesDroppingCancellation(
    pollInterval: .seconds(3600),
    clock: context.clock,
    maxPolls: cap,
    onCancel: { onCancelRan.withLock { $0 = true } }
  )
  let seedPolls = await pollsAfterCancellingWhileAsleep(seedStream, counter: seedCounter)
  let ran = onCancelRan.withLock { $0 } ? "onCancel ran" : "onCancel did NOT run"
  console.print(
    """
      The seed's loop, whose empty catch drops the sleep's error: \(ran), and the loop went on:
      \(seedPolls) more polls, none asleep (every sleep threw at once), until this demo's cap of
      \(cap). The seed's loop has no cap: it would spin until a value arrived.
    """
  )
  let fixedCounter = BufferedCounter()
  let fixedStream = fixedCounter.values(pollInterval: .seconds(3600), clock: context.clock)
  let fixedPolls = await pollsAfterCancellingWhileAsleep(fixedStream, counter: fixedCounter)
  console.print(
    """
      This chapter's loop, where a thrown sleep returns nil: \(fixedPolls) more polls; it ended.
    onCancel runs at the cancel, and the stream ends after the running closure returns; but
    onCancel cannot stop that closure: the closure must notice the cancel itself.
    """
  )
}

// snippet.de-duplication
/// What a view that de-duplicates acts on: each value that differs from the one before it.
func actOnChangesOnly(_ delivered: [Int]) -> [Int] {
  var actedOn: [Int] = []
  for value in delivered where value != actedOn.last {
    actedOn.append(value)
  }
  return actedOn
}
// snippet.end

/// Starts a consumer of `stream`, cancels it once the loop has polled and gone to sleep, and
/// returns how many polls the loop made after the cancel.
@MainActor
func pollsAfterCancellingWhileAsleep(
  _ stream: AsyncStream<Int>,
  counter: BufferedCounter
) async -> Int {
  let consumer = Task { @MainActor in
    for await _ in stream {}
  }
  while counter.emptyPolls == 0 { await Task.yield() }  // it looked once, and now sleeps
  let pollsBefore = counter.emptyPolls
  consumer.cancel()
  await consumer.value
  return counter.emptyPolls - pollsBefore
}
