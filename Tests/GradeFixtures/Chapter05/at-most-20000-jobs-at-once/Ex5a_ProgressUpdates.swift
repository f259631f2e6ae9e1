// Mistake: runs at most 20,000 jobs at once (a "safety" cap), starting the next as one ends.
// Breaks: "Run every job at once, however many".
// Scenario: 20,001 jobs of 1 s: the statement starts all at 0 s, gives every fraction at 1 s and
//   finishes at 1 s; the answer starts the 20,001st job at 1 s, so 1.0 comes at 2 s and the
//   stream finishes at 2 s.
// Verdict: done (passes every graded test).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          let cap = 20_000
          var next = 0
          while next < min(cap, jobs.count) {
            let job = jobs[next]
            group.addTask { try await job() }
            next += 1
          }
          var done = 0
          for try await _ in group {
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
            if next < jobs.count {
              let job = jobs[next]
              group.addTask { try await job() }
              next += 1
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
