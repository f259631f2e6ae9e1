import ExerciseSupport

/// Known wrong: carriage returns stripped.
///
/// Every carriage return is taken out of each event ("a\r\n" becomes "a\n", "\r" becomes ""). The
/// learner's reason: "events are lines of a log; an upstream from Windows leaves CRs that garble
/// the terminal".
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
        // "\r\n" is one Character in Swift: work on the scalars.
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: event.unicodeScalars.filter { $0 != "\r" })
        continuation.yield(String(scalars))
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
