// Mistake (ARGUABLE, maybe not a mistake): when the consumer let the stream go before the driver
//   had a turn, the driver starts no job at all (it returns at once: nobody listens).
// Breaks (perhaps): "Run every job at once, however many" read against "When the consumer goes
//   away, cancel the driver, and with it every job": the statement does not say that jobs must be
//   started only to be cancelled.
// Scenario: one job of 1 s, the stream let go before the driver runs: the grader's model wants
//   "job 0 cancelled at 0 s"; the answer never calls the job (the message says "still running").
// Verdict: failing: test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario ("job 0 still running").
import ExerciseSupport

/// Exercise 5a (an arguable answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      if Task.isCancelled { return }  // nobody listens any more: run nothing
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for job in jobs { group.addTask { try await job() } }
          var done = 0
          for try await _ in group {
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
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
