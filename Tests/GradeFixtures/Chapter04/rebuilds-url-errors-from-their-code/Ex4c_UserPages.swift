// MISTAKE: ends the stream with URLError(code) rebuilt from a failing page's URLError, dropping
//   its userInfo (failing URL, underlying error).
// BREAKS: "If a page fails, end the stream with its error."
// SCENARIO: page 1 throws URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey:
//   URL(string: "http://h/users?page=1")!]). Statement: the loop throws that error (failingURL
//   set, == to it). This answer: URLError(.timedOut), failingURL nil, != the page's error.
//   (The grader compares a URLError by its code alone.)
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
      while true {
        let page = try await source.page(after: cursor)
        for user in page.users { continuation.yield(user) }
        guard let next = page.next else { break }
        cursor = next
      }
      continuation.finish()
    } catch let error as URLError {
      continuation.finish(throwing: Task.isCancelled ? nil : URLError(error.code))
    } catch {
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
