// Mistake: the "first error" is kept in one global slot (cleared by each new call), so that later
//   cancel errors cannot replace it; but two streams at once share that slot.
// Breaks: "another stream's run on" / each stream gives what it gives alone (the first error of ITS jobs).
// Scenario: streams S1 and S2 made at 0 s; S1's job throws JobFailed(a) at 1 s, S2's job throws
//   JobFailed(b) at 2 s: the statement ends S2 with JobFailed(b) at 2 s; the answer ends S2 with
//   JobFailed(a) (S1's error).
// Verdict: done (passes every graded test).
import ExerciseSupport
import Synchronization

/// The error that ended the run first.
private let firstError = Mutex<(any Error)?>(nil)

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  firstError.withLock { $0 = nil }
  return AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for job in jobs {
            group.addTask {
              do {
                try await job()
              } catch {
                // Keep the first one: the jobs cancelled after it throw too.
                firstError.withLock { $0 = $0 ?? error }
                throw error
              }
            }
          }
          var done = 0
          for try await _ in group {
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
          }
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: firstError.withLock { $0 } ?? error)
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
