// Mistake: a job's CancellationError is handled like a cancel of the whole group: cancel the
//   others, keep counting (and yielding) the jobs that still end, then rethrow it at the end.
//   Any other error is handled right: it ends the stream at once.
// Breaks: "... no fraction after it, not even for a job that ignores the cancel and ends later".
// Scenario: job A throws CancellationError of its own at 0.5 s, job B ignores the cancel and ends
//   at 1 s: the statement gives no fraction and CancellationError (at 0.5 s or 1 s); the answer
//   yields 1/2 at 1 s, then throws CancellationError at 1 s.
// Verdict: done (passes every graded test).
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
        var cancelledBy: CancellationError?
        while let result = await group.nextResult() {
          switch result {
          case .success:
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
          case .failure(let error as CancellationError):
            // A cancel: wind the group down, counting what still ends.
            if cancelledBy == nil {
              cancelledBy = error
              group.cancelAll()
            }
          case .failure(let error):
            if let cancelledBy {
              continuation.finish(throwing: cancelledBy)
            } else {
              continuation.finish(throwing: error)
            }
            group.cancelAll()
            return
          }
        }
        if let cancelledBy {
          continuation.finish(throwing: cancelledBy)
        } else {
          continuation.finish()
        }
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
