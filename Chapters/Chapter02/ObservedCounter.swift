// 2.3: seed 001's experiment, rebuilt with Observation: an observable counter and three ways
// for a view to follow it.
import Observation

/// The observable model; `Observations { counter.value }` stands in for `$counter.values`.
@MainActor
@Observable
final class ObservedCounter {
  var value = 0
}

// snippet.three-views
/// View A: the observation itself, which yields the current value, then one per change.
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
