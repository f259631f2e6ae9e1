import ExerciseSupport
import Synchronization

/// Thrown by a stream made while 64 others are alive.
public struct TooManyRelays: Error {}

private let liveRelays = Mutex(0)

/// Known wrong: at most 64 relays at once.
///
/// At most 64 relays may be alive at once in the process; a 65th call returns a stream that ends at
/// once with TooManyRelays, and relays nothing. The learner's reason: "every relay is a task
/// reading a socket or a file; cap them, as a server caps its connections, so that a leak of relays
/// shows up as an error instead of a slow death".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let admitted = liveRelays.withLock { live in
    guard live < 64 else { return false }
    live += 1
    return true
  }
  guard admitted else {
    continuation.finish(throwing: TooManyRelays())
    return (events, Task {})
  }
  let producer = Task {
    do {
      for try await number in upstream {
        try Task.checkCancellation()
        continuation.yield(try make(number))
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
    liveRelays.withLock { $0 -= 1 }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
