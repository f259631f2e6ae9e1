// Mistake: a job that throws POSIXError EHOSTUNREACH or ENETUNREACH (a route that may come back)
//   is run once more instead of ending the stream.
// Breaks: "The first job that throws ends the stream with its error, whatever it throws".
// Scenario: one job that throws POSIXError(.EHOSTUNREACH) at 1 s the first time it runs (and
//   would end normally at 2 s if run again): the statement ends the stream with that error at 1 s;
//   the answer runs the job again and yields 1.0 at 2 s, then finishes with no error.
// Verdict: done (passes every graded test).
import ExerciseSupport
import Foundation

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for job in jobs {
            group.addTask {
              do {
                try await job()
              } catch let error as POSIXError
                where error.code == .EHOSTUNREACH || error.code == .ENETUNREACH
              {
                try await job()  // unreachable for a moment: once more
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
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
