import ExerciseSupport

/// Known wrong: numbers out of order dropped.
///
/// A number not greater than the last one relayed is dropped (no make, no event). The learner read
/// "for each number the upstream gives, in order" as a rule the relay must enforce: "keep the
/// events in order: a number that comes late or twice is stale, skip it".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      var last: Int?
      for try await number in upstream {
        try Task.checkCancellation()
        // In order: a number at or below the last one relayed is stale.
        if let last, number <= last { continue }
        last = number
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
