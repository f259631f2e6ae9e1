import ExerciseSupport
import Foundation

/// Known wrong: peer closed ends quietly.
///
/// A POSIXError saying the other end went away (ENOTCONN, ESHUTDOWN, ECONNABORTED) is taken for the
/// upstream's normal end: the stream finishes with no error. The learner's reason: "a socket whose
/// peer closed has simply ended, like a file at its end".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    do {
      for try await number in upstream {
        try Task.checkCancellation()
        continuation.yield(try make(number))
      }
      continuation.finish()
    } catch let error as POSIXError
      where [.ENOTCONN, .ESHUTDOWN, .ECONNABORTED].contains(error.code)
    {
      continuation.finish()  // the peer closed: the upstream has ended
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
