import ExerciseSupport

/// Exercise 3.1: a producer that stops with its consumer (reference solution).
///
/// Read docs/Chapter03-Cancellation.md#exercise-31-a-producer-that-stops-with-its-consumer
public func makeEventStream(
  count: Int,
  every interval: Duration,
  clock: any Clock<Duration>,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      for number in 0..<count {
        try await clock.sleep(for: interval)  // throws when cancelled: never try? here
        // A wait that was already over when the cancel came returns normally: look again.
        try Task.checkCancellation()
        continuation.yield(try make(number))
      }
      continuation.finish()  // the consumer's loop ends after the last event
    } catch {
      // make's error for the consumer; a CancellationError reaches nobody, as the consumer left.
      continuation.finish(throwing: error)
    }
  }
  // The consumer went away: stop the producer.
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
