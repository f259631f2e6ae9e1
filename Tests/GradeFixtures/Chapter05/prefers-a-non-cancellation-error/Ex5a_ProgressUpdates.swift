// Mistake: after the first error, waits for every job and reports the first error that is not a
//   CancellationError (taking a CancellationError for noise from the cancel), if any.
// Breaks: "The first job that throws ends the stream with its error, whatever it throws (a
//   CancellationError of its own too ...) ... not the error a job throws when cancelled after it".
// Scenario: job A throws CancellationError of its own at 1 s; job B answers the cancel with
//   JobFailed(b) (or URLError(.cancelled), checked on the timeline): the statement ends the
//   stream with CancellationError at 1 s; the answer ends it with B's error.
// Verdict: done (passes every graded test).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      let failure: (any Error)? = await withThrowingTaskGroup(of: Void.self) { group in
        for job in jobs { group.addTask { try await job() } }
        var done = 0
        var failure: (any Error)?
        while let result = await group.nextResult() {
          switch result {
          case .success:
            guard failure == nil else { continue }  // no fraction after an error
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
          case .failure(let error):
            if let first = failure {
              // A real error says more than a cancel.
              if first is CancellationError, !(error is CancellationError) { failure = error }
            } else {
              failure = error
              group.cancelAll()
            }
          }
        }
        return failure
      }
      if let failure {
        continuation.finish(throwing: failure)
      } else {
        continuation.finish()
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
