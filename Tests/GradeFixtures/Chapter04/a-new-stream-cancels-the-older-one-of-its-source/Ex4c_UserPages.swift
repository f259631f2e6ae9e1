// MISTAKE: "newest listing wins": a stream made from a source object that already feeds a
//   stream cancels the older stream's producer, which then ends its stream quietly.
// BREAKS: "(that stream's own: another stream's, made before or after it, reads on)".
// SCENARIO: one class-source instance whose page(after: nil) takes 100 ms and gives users 1, 2
//   (next nil); s1 and s2 made from it, then each read to its end. Statement: both give 1, 2.
//   This answer: s1 gives no user and ends without error. (Tests give each stream its own source.)
// VERDICT: "done" (swift run Grade 4c; no compiler warnings).
import ExerciseSupport
import Synchronization

private let producers = Mutex<[ObjectIdentifier: Task<Void, Never>]>([:])

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
    } catch {
      continuation.finish(throwing: Task.isCancelled ? nil : error)
    }
  }
  if type(of: source) is AnyClass {
    let key = ObjectIdentifier(source as AnyObject)
    let older = producers.withLock { $0.updateValue(producer, forKey: key) }
    older?.cancel()
  }
  continuation.onTermination = { _ in producer.cancel() }
  return stream
}
