// MISTAKE: keeps only the first 256 characters of a cursor (to keep the request's URL short).
// BREAKS: "A cursor is the source's own: hand each back as it came".
// SCENARIO: page 1 gives a 300-character base64 cursor, page 2 (next nil) is empty. Statement:
//   page 2 is asked with all 300 characters. This answer asks with the first 256. (The longest
//   cursor generated is about 24 characters.)
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
        guard let next = page.next else { break }
        cursor = String(next.prefix(256))
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
