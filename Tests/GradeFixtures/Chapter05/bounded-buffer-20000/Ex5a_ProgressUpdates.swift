// Mistake: the stream keeps at most 20,000 unread fractions (.bufferingOldest(20_000)).
// Breaks: "the consumer must get every fraction, even when several jobs end at the same moment".
// Scenario: 30,000 jobs of 1 s, all ending at 1 s while the consumer waits: the statement gives
//   30,000 fractions (1/30000 ... 1.0) then the end; the answer gives 20,002 (1/30000 ...
//   20001/30000, then 1.0; checked on the tests' timeline): 9,998 fractions lost, then the end.
// Verdict: done (passes every graded test).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream(bufferingPolicy: .bufferingOldest(20_000)) { continuation in
    let driver = Task(executorPreference: executor) {
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
