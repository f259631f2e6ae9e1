// MISTAKE: the producer never checks its own cancellation (nor yield's .terminated): it stops
//   only when the source throws. ARGUABLE: the statement asks to "cancel the producer, so the
//   request in flight is cancelled too", not in so many words to ask for no page after that.
// SCENARIO: a source that answers at once, ignores cancellation and gives next "more" for ever;
//   the consumer reads user 1 and breaks. Expected: the cancelled producer stops. This answer:
//   16 pages asked at the break, ~590,000 half a second later, for ever. (Section 4.4's shape
//   without its sleep; every page the tests leave in flight throws when cancelled.)
// VERDICT: "done" (swift run Grade 4c; no compiler warnings).
import ExerciseSupport

/// As the statement says.
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
  let producer = Task {
    do {
      var cursor: String? = nil
      while true {
        let page = try await source.page(after: cursor)
        for user in page.users { _ = continuation.yield(user) }
        guard let next = page.next else { break }
        cursor = next
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
