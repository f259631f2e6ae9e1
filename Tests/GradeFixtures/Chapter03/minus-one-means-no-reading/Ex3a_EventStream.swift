import ExerciseSupport

/// Known wrong: minus one means no reading.
///
/// A negative number is taken for "no reading" and skipped (no make, no event). The learner's
/// reason: "sensors send -1 when they have nothing; that is not an event".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      for try await number in upstream {
        try Task.checkCancellation()
        guard number >= 0 else { continue }  // -1: the sensor had nothing
        continuation.yield(try make(number))
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
