// MISTAKE: "normalizes" each user's e-mail to lower case before yielding it.
// BREAKS: "yield every user in order" (the user as the page gave it, compared whole).
// SCENARIO: one page (next nil) holding User(id: 1, name: "Ann", username: "ann",
//   email: "Ann@Example.org"). Statement: that user. This answer: email "ann@example.org".
//   (Every generated e-mail is already lower case: "u5.4@x.org".)
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
        for user in page.users {
          continuation.yield(
            User(
              id: user.id,
              name: user.name,
              username: user.username,
              email: user.email.lowercased()
            )
          )
        }
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
