// 2.7 Unfolding floods an endless source.
// Read with docs/Chapter02-UnfoldingVsPush.md#27-unfolding-floods-an-endless-source
import LessonSupport
import Observation

// snippet.counter-views
/// View A: the observation itself, which yields the current value, then the value after a change.
///
/// It hands over the value current when the consumer asks: changes made while the consumer is
/// busy arrive as one.
@MainActor
func counterValues(_ counter: ObservedCounter) -> Observations<Int, Never> {
  Observations { counter.value }
}

/// View B: seed 001's first wrapper, which floods.
///
/// `unfolding` calls its closure on every pull, so every pull starts a new observation, and a
/// new observation answers at once with the current value.
@MainActor
func counterValuesUnfolding(_ counter: ObservedCounter) -> AsyncStream<Int> {
  AsyncStream(unfolding: { @MainActor in
    var fresh = Observations { counter.value }.makeAsyncIterator()
    return await fresh.next()
  })
}

/// View B2: `unfolding` around one observation, made once: each pull reads its next value.
///
/// It does not flood, so what floods in View B is the new observation per pull, not `unfolding`.
@MainActor
func counterValuesUnfoldingOneObservation(_ counter: ObservedCounter) -> AsyncStream<Int> {
  let observation = ObservationReader(Observations { counter.value })
  return AsyncStream(unfolding: { @MainActor in
    await observation.next()
  })
}

/// One long-lived iterator, kept on the main actor so that each pull can advance it.
@MainActor
final class ObservationReader {
  private var iterator: Observations<Int, Never>.Iterator

  init(_ observations: Observations<Int, Never>) {
    iterator = observations.makeAsyncIterator()
  }

  func next() async -> Int? {
    // Swift will not advance an actor's stored iterator in place across an await: advance a
    // copy, then put it back (one consumer pulls, so pulls never overlap).
    var advancing = iterator
    let value = await advancing.next()
    iterator = advancing
    return value
  }
}

/// View C: a push wrapper, which delivers one value per change.
///
/// One observation runs in a task and yields each value; when the consumer goes away,
/// onTermination cancels the task (nothing else would).
@MainActor
func counterValuesPushed(_ counter: ObservedCounter) -> AsyncStream<Int> {
  AsyncStream { continuation in
    let task = Task {
      for await value in Observations({ counter.value }) {
        continuation.yield(value)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
  }
}
// snippet.end

@MainActor
func runUnfoldingFloods(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    An @Observable counter goes from 0 to 3. Four views follow it, each through a different
    AsyncSequence; the user changes the counter once the view has shown the current value.

    """
  )
  let viewA = await followOneChangeAtATime(counterValues, changeAfter: 1)
  console.print("View A, Observations:                    \(viewA.summary): one per change")

  // Seed 001's flood. The user waits for 100 copies of each value before changing it;
  // the wrapper would go on handing out copies for as long as anyone asks.
  let viewB = await followOneChangeAtATime(counterValuesUnfolding, changeAfter: 100)
  let atLeast = viewB.deliveries >= 100 * 3 ? "at least 100 per change" : "FEWER than expected"
  console.print(
    "View B, unfolding, subscribing per pull: values \(commaSeparated(viewB.values)), \(atLeast)"
  )

  let viewB2 = await followOneChangeAtATime(counterValuesUnfoldingOneObservation, changeAfter: 1)
  console.print("View B2, unfolding over one observation: \(viewB2.summary): one per change")

  let viewC = await followOneChangeAtATime(counterValuesPushed, changeAfter: 1)
  console.print("View C, push wrapper:                    \(viewC.summary): one per change")
  console.print(
    """

    What floods is a new subscription on every pull, not unfolding itself. unfolding runs its
    closure on every next(); View B's closure starts a new observation each time, and a new
    observation answers at once with what is there. View B2's closure reads the next value of
    one long-lived observation, so it waits for a change. The push wrapper delivers what the
    producer produces, with no iterator to keep: once per change.
    """
  )
}
