// MISTAKE: asks again, once, for a page that failed with URLError(.networkConnectionLost) or
//   .notConnectedToInternet ("transient" errors).
// BREAKS: "If a page fails, end the stream with its error." (and "ask for no page after it").
// SCENARIO: page 1 (user 1, next "2"), then page 2 throws URLError(.networkConnectionLost) once
//   and would give user 2 (next nil) if asked again. Statement: cursors [nil, "2"], user 1, then
//   that error thrown. This answer: cursors [nil, "2", "2"], users 1, 2, then the end.
// VERDICT: "done" (swift run Grade 4c; no compiler warnings).
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// As the statement says.
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
  let producer = Task {
    do {
      var cursor: String? = nil
      var retried = false
      while true {
        let page: UserPage
        do {
          page = try await source.page(after: cursor)
        } catch let error as URLError
          where !retried && [.networkConnectionLost, .notConnectedToInternet].contains(error.code)
        {
          retried = true
          continue
        }
        for user in page.users { continuation.yield(user) }
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
