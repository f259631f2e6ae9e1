import ExerciseSupport

/// Exercise 4.3: a paged endpoint as a stream (reference solution).
///
/// Read docs/Chapter04-Networking.md#exercise-43-a-paged-endpoint-as-a-stream
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
  let producer = Task {
    do {
      var number = 1
      while true {
        let page = try await source.page(number)
        for user in page {
          continuation.yield(user)
        }
        if page.count < source.perPage { break }  // a short page is the last: ask no further
        number += 1
      }
      continuation.finish()
    } catch {
      // A cancelled producer's error is the consumer's own cancellation: end quietly.
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
