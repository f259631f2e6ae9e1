// 2.4 Seed 001's workarounds.
// Read with docs/Chapter02-UnfoldingVsPush.md#24-seed-001s-workarounds
import LessonSupport

@MainActor
func runWorkarounds(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    "Each time, the user waits for the first value, then sets the counter to 1, 2, 3 at once."
  )

  // The observation itself, for comparison: changes made together arrive as one.
  let observed = ObservedCounter()
  let direct = await watch(counterValues(observed)) { observed.value = $0 }
  console.print(
    "View A, Observations:        \(list(direct)) (changes made together arrive as one)"
  )

  // 1. The FIFO buffer polled by unfolding: every change, in order.
  let buffered = BufferedCounter()
  buffered.value = 0  // the first value, as an observation would give it
  let polled = buffered.values(pollInterval: .milliseconds(1), clock: context.clock)
  let fifo = await watch(polled) { buffered.value = $0 }
  console.print(
    "View D, FIFO + unfolding:    \(list(fifo)) (every change, but it polls while idle)"
  )

  // 2. The regular ping: it does not catch up through skipped values, as the seed hoped.
  let pinged = ObservedCounter()
  let pinging = counterPings(pinged, every: .seconds(3), clock: context.clock)
  let pings = await watch(pinging) { pinged.value = $0 }
  console.print("View E, regular ping (3 s):  \(list(pings)) (1 and 2 are never reported)")

  // 3. De-duplication at the receiver: the view acts once per value, the flood goes on.
  let unfolded = ObservedCounter()
  let received = await follow(
    counterValuesUnfolding(unfolded),
    counter: unfolded,
    until: 3,
    changeAfter: 100
  )
  let flood =
    received.deliveries >= 300 ? "at least 300 deliveries" : "FEWER deliveries than expected"
  console.print("View B, unfolding + de-dup:  \(list(received.values)) acted on, out of \(flood)")
  console.print(
    """

    The FIFO is correct but busy; the ping is quiet but skips values and reports each one up to
    3 s late; de-duplication hides the flood without stopping it. The push wrapper of 2.3 needs
    none of these.
    """
  )
}

/// Reads `stream` until it gives 3, while the user makes three quick changes.
///
/// When the first value (0) has arrived, the user sets the counter to 1, 2 and 3 in one go, on
/// the main actor.
@MainActor
private func watch(
  _ stream: some AsyncSequence<Int, Never>,
  setCounter: (Int) -> Void
) async -> [Int] {
  var received: [Int] = []
  for await value in stream {
    received.append(value)
    if value == 0 {
      for next in 1...3 { setCounter(next) }
    }
    if value == 3 { break }
  }
  return received
}

func list(_ values: [Int]) -> String {
  values.map(String.init).joined(separator: ", ")
}
