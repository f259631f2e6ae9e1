import ExerciseSupport

/// Known wrong: events cut at 1000 characters.
///
/// Each event is cut to its first 1,000 characters. The learner's reason: "events end up in a log;
/// a runaway make must not write a megabyte line".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      for try await number in upstream {
        try Task.checkCancellation()
        let event = try make(number)
        continuation.yield(event.count > 1_000 ? String(event.prefix(1_000)) : event)
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
