// Mistake: after the first error, cancels the others and "lets them settle": it waits for the next
//   job that ends normally (one that ignored the cancel), then ends the stream with the error.
// Breaks: the left-free rule: the error ends the stream at once, or once the jobs that ignore the
//   cancel have ended (the group waits for its children), nothing in between.
// Scenario: job A throws JobFailed at 0.5 s; B and C ignore the cancel and end at 1 s and 2 s:
//   the statement throws JobFailed at 0.5 s or at 2 s; the answer throws it at 1 s.
// Verdict: failing: test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario (job 0 throws at 3.5 s, jobs ignoring the cancel end at 4 s and 5 s: thrown at 4 s).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      await withThrowingTaskGroup(of: Void.self) { group in
        for job in jobs { group.addTask { try await job() } }
        var done = 0
        while let result = await group.nextResult() {
          switch result {
          case .success:
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
          case .failure(let error):
            group.cancelAll()
            // Let the cancel settle: wait until a job ends on its own, or none is left.
            while let next = await group.nextResult() {
              if case .success = next { break }
            }
            continuation.finish(throwing: error)
            return
          }
        }
        continuation.finish()
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
