// MISTAKE: trims line breaks off each cursor's ends (as if read from a header line).
// BREAKS: "A cursor is the source's own: hand each back as it came".
// SCENARIO: page 1 gives next "abc\n", page 2 (next nil) is empty. Statement: asks nil, then
//   "abc\n". This answer asks nil, then "abc". (Only inner line breaks, "line\nbreak", are tried.)
// VERDICT: "done" (swift run Grade 4c; no compiler warnings).
import ExerciseSupport
import Foundation

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
        cursor = next.trimmingCharacters(in: .newlines)
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
