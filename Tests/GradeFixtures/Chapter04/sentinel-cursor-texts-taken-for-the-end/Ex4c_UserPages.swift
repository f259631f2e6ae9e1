// MISTAKE: takes a cursor that reads "none", "end", "eof", "nil" or "undefined" for "no next page".
// BREAKS: "Only a page whose `next` is nil is the last" / "A cursor is the source's own: hand each
//   back as it came".
// SCENARIO: page 1 holds user 1 with next "end", page 2 holds user 2 with next nil. Statement:
//   asks nil then "end", reads users 1, 2. This answer: asks only nil, reads user 1, then the end.
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
        for user in page.users { continuation.yield(user) }
        guard let next = page.next, !["none", "end", "eof", "nil", "undefined"].contains(next)
        else { break }
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
