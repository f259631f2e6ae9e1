import ExerciseSupport

/// Known wrong: make cached by number.
///
/// Make's result is kept per number, and a number the upstream gives again gets the kept text
/// without a call of make. The learner's reason: "make may be costly, and the same number makes the
/// same event, so cache it".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      var made: [Int: String] = [:]
      for try await number in upstream {
        try Task.checkCancellation()
        if let event = made[number] {
          continuation.yield(event)
        } else {
          let event = try make(number)
          made[number] = event
          continuation.yield(event)
        }
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
