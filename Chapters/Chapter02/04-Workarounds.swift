// 2.4 Seed 001's workarounds.
// Read with docs/Chapter02-UnfoldingVsPush.md#24-seed-001s-workarounds
import TutorialSupport

@MainActor
func runWorkarounds(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    "Each time, the user waits for the first value, then sets the counter to 1, 2, 3 at once."
  )

  // The observation itself, for comparison: changes made together arrive as one.
  let observed = ObservedCounter()
  var direct: [Int] = []
  for await value in counterValues(observed) {
    direct.append(value)
    if value == 0 { setOneTwoThree { observed.value = $0 } }
    if value == 3 { break }
  }
  console.print(
    "View A, Observations:        \(list(direct)) (changes made together arrive as one)"
  )

  // 1. The FIFO buffer polled by unfolding: every change, in order.
  let buffered = BufferedCounter()
  buffered.value = 0  // the first value, as an observation would give it
  var fifo: [Int] = []
  for await value in buffered.values(pollInterval: .milliseconds(1), clock: context.clock) {
    fifo.append(value)
    if value == 0 { setOneTwoThree { buffered.value = $0 } }
    if value == 3 { break }
  }
  console.print(
    "View D, FIFO + unfolding:    \(list(fifo)) (every change, but it polls while idle)"
  )

  // 2. The regular ping: it does not catch up through skipped values, as the seed hoped.
  let pinged = ObservedCounter()
  var pings: [Int] = []
  for await value in counterPings(pinged, every: .seconds(3), clock: context.clock) {
    pings.append(value)
    if value == 0 { setOneTwoThree { pinged.value = $0 } }
    if value == 3 { break }
  }
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

/// The user's three quick changes, made in one go on the main actor.
@MainActor
private func setOneTwoThree(_ set: (Int) -> Void) {
  for value in 1...3 { set(value) }
}

func list(_ values: [Int]) -> String {
  values.map(String.init).joined(separator: ", ")
}
