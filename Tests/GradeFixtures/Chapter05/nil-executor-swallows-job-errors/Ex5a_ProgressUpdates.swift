// Mistake: with no executor (nil), falls back to section 5.4's loadUpdates shape, which runs each
//   job with `try?`: a job's error is swallowed and counted as a job done.
// Breaks: "The first job that throws ends the stream with its error ... no other job is left running".
// Scenario: executor nil, job A throws JobFailed at 1 s, job B takes 2 s: the statement ends the
//   stream with JobFailed at 1 s and cancels B; the answer yields 0.5 at 1 s, 1.0 at 2 s and
//   finishes with no error.
// Verdict: done (passes every graded test).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver: Task<Void, Never>
    if let executor {
      driver = Task(executorPreference: executor) {
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
    } else {
      // An app passes no executor: the lesson's loadUpdates, as section 5.4 wrote it.
      driver = Task {
        await withTaskGroup(of: Void.self) { group in
          for job in jobs { group.addTask { try? await job() } }
          var done = 0
          for await _ in group {
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
          }
        }
        continuation.finish()
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
