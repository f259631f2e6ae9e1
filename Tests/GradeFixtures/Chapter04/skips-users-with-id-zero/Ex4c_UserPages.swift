// MISTAKE: drops users whose id is 0 or below, as if they were placeholders.
// BREAKS: "yield every user in order (ids repeated or in no order too)".
// SCENARIO: one page (next nil) holding User(id: 0, ...) and User(id: 5, ...). Statement: the
//   consumer reads ids 0, 5. This answer: only 5. (Generated ids always start from 1 or 1,001.)
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
        for user in page.users where user.id > 0 { continuation.yield(user) }
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
