import ExerciseSupport

/// Exercise 4c: pages by cursor, as a stream (reference solution).
///
/// Read docs/Chapter04-Networking.md#exercise-4c-pages-by-cursor-as-a-stream
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
  let producer = Task {
    do {
      var cursor: String? = nil
      repeat {
        // Cancelled, it asks for nothing more, even when a page answered the cancel anyway.
        try Task.checkCancellation()
        let page = try await source.page(after: cursor)
        for user in page.users {
          continuation.yield(user)
        }
        // Only the cursor says whether a page is the last: an empty page is not.
        cursor = page.next
      } while cursor != nil
      continuation.finish()
    } catch {
      // A cancelled producer's error is the consumer's own cancellation: end quietly.
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
