// Mistake: a job that throws CocoaError(.fileWriteFileExists) "found its work already done" (the
//   file it writes is there): it is counted as ended, not as a failure.
// Breaks: "The first job that throws ends the stream with its error, whatever it throws".
// Scenario: jobs A (1 s) and B (2 s); A throws CocoaError(.fileWriteFileExists) at 1 s.
//   Statement: no fraction; the stream ends with that CocoaError at 1 s, and B is cancelled.
//   Answer: 0.5 at 1 s, B runs on, 1.0 at 2 s, and the stream finishes with no error.
// Verdict: graded done ([x] 5.1, exit 0). PLAIN.
import ExerciseSupport
import Foundation

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  let driver = Task(executorPreference: executor) {
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for job in jobs {
          group.addTask {
            do {
              try await job()
            } catch let error as CocoaError where error.code == .fileWriteFileExists {
              // Already written by an earlier run: nothing left to do, the job is done.
            }
          }
        }
        var finished = 0
        for try await _ in group {
          finished += 1
          continuation.yield(Double(finished) / Double(jobs.count))
        }
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }
  continuation.onTermination = { _ in driver.cancel() }
  return updates
}
