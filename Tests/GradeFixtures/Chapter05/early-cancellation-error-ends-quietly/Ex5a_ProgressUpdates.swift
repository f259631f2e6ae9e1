// Mistake: a CancellationError before any job has ended is taken for the consumer leaving before
//   it read, and the stream is finished with no error (later ones are thrown as they should be).
// Breaks: "The first job that throws ends the stream with its error, whatever it throws (a
//   CancellationError of its own too: nobody cancelled the consumer)".
// Scenario: job A throws CancellationError of its own at 0.5 s, job B takes 1 s; the consumer
//   reads on: the statement ends its loop with CancellationError at 0.5 s (B cancelled); the
//   answer ends it with no error at 0.5 s (B cancelled).
// Verdict: done (passes every graded test).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      var done = 0
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          for job in jobs { group.addTask { try await job() } }
          for try await _ in group {
            done += 1
            continuation.yield(Double(done) / Double(jobs.count))
          }
        }
        continuation.finish()
      } catch is CancellationError where done == 0 {
        continuation.finish()  // cancelled before anything was reported: nothing to say
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
