// MISTAKE: takes ten empty pages in a row for "the API has run dry" and finishes the stream.
// BREAKS: "Any other page is not the last, however few users it holds (none too)."
// SCENARIO: pages 1-10 empty (next "2".."11"), page 11 holds user 1 with next nil. Statement:
//   11 pages asked, user 1, then the end. This answer: 10 pages asked, no user, then the end.
// VERDICT: "done" (swift run Grade 4c; no compiler warnings).
import ExerciseSupport

/// As the statement says.
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
  let producer = Task {
    do {
      var cursor: String? = nil
      var emptyInARow = 0
      while true {
        let page = try await source.page(after: cursor)
        for user in page.users { continuation.yield(user) }
        emptyInARow = page.users.isEmpty ? emptyInARow + 1 : 0
        guard let next = page.next, emptyInARow < 10 else { break }
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
