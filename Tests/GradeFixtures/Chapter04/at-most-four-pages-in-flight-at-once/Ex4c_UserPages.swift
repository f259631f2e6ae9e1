// MISTAKE: a process-wide limit of 4 page requests in flight at once (to spare the server);
//   a fifth producer waits for a free place before it asks.
// BREAKS: "on a producer task, fetch source.page(after: nil) ..., however long a page takes";
//   another stream "reads on".
// SCENARIO: five streams, each of its own source whose first page is held (a long poll) until
//   its consumer goes away; the fifth's consumer waits for its page 1 to be asked. Statement:
//   asked at once. This answer: never asked while the other four wait. (Tests: 2 streams at most.)
// VERDICT: "done" (swift run Grade 4c; no compiler warnings).
import ExerciseSupport

private actor Gate {
  private var free = 4
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
  }
}

private let gate = Gate()

/// As the statement says.
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: User.self)
  let producer = Task {
    do {
      var cursor: String? = nil
      while true {
        await gate.enter()
        let page: UserPage
        do {
          page = try await source.page(after: cursor)
        } catch {
          await gate.leave()
          throw error
        }
        await gate.leave()
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
