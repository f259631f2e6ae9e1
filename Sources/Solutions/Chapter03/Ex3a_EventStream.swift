import ExerciseSupport

/// Exercise 3a: a relay that stops with its consumer (reference solution).
///
/// Read docs/Chapter03-Cancellation.md#exercise-3a-a-relay-that-stops-with-its-consumer
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      // A cancel ends an upstream that waits; one with a number ready gives it all the same.
      for try await number in upstream {
        try Task.checkCancellation()  // so look: no event, and no next number, after a cancel
        continuation.yield(try make(number))
      }
      continuation.finish()  // the consumer's loop ends after the last event
    } catch {
      // The upstream's or make's error for the consumer (after a cancel, whatever it is: free).
      continuation.finish(throwing: error)
    }
  }
  // The consumer went away: stop the producer.
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
