// Mistake: over 5,000 jobs, switches to a discarding group (to keep no results) and counts in the
//   jobs under a lock; after an error, a job that ignores the cancel still counts and yields.
// Breaks: "no fraction after it, not even for a job that ignores the cancel and ends later".
// Scenario: 6,000 jobs of 2 s; job 0 throws JobFailed at 0.5 s, job 1 ignores the cancel: the
//   statement ends the stream with JobFailed (at 0.5 s or 2 s) and no fraction; the answer yields
//   1/6000 at 2 s, then throws JobFailed at 2 s.
// Verdict: done (passes every graded test).
import ExerciseSupport
import Synchronization

/// The jobs done so far, for jobs that count themselves.
private final class Tally: Sendable {
  let done = Mutex(0)
}

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      do {
        if jobs.count > 5_000 {
          // Thousands of jobs: a discarding group keeps none of their results.
          let tally = Tally()
          try await withThrowingDiscardingTaskGroup { group in
            for job in jobs {
              group.addTask {
                try await job()
                tally.done.withLock { done in
                  done += 1
                  continuation.yield(Double(done) / Double(jobs.count))
                }
              }
            }
          }
        } else {
          try await withThrowingTaskGroup(of: Void.self) { group in
            for job in jobs { group.addTask { try await job() } }
            var done = 0
            for try await _ in group {
              done += 1
              continuation.yield(Double(done) / Double(jobs.count))
            }
          }
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
