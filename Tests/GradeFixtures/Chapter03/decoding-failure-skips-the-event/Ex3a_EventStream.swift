import ExerciseSupport

/// Known wrong: decoding failure skips the event.
///
/// When make throws a DecodingError, that number's event is skipped and the relay goes on; any
/// other error ends the stream as asked. The learner's reason: "a reading make cannot decode is one
/// bad record, not a broken upstream: drop it and keep relaying".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      for try await number in upstream {
        try Task.checkCancellation()
        let event: String
        do {
          event = try make(number)
        } catch is DecodingError {
          continue  // one bad record: skip it
        }
        continuation.yield(event)
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
