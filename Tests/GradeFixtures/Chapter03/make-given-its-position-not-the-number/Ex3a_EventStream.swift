import ExerciseSupport

/// Known wrong: make given its position not the number.
///
/// Make is called with a running count of the numbers relayed (0, 1, 2, ...) instead of the number
/// the upstream gave. The learner's reason: "the events are numbered: event 0 is the first, event 1
/// the second", so they count the loop's turns, as in section 3.2's own producer.
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      var eventNumber = 0
      for try await _ in upstream {
        try Task.checkCancellation()
        continuation.yield(try make(eventNumber))
        eventNumber += 1
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
