// Mistake: with no executor (nil), the driver is started but never stored, so no onTermination
//   cancels it; only the executor branch wires the cancel.
// Breaks: "When the consumer goes away, cancel the driver, and with it every job" (nil: anywhere).
// Scenario: executor nil, jobs of 1 s and 60 s; the consumer leaves after the first fraction:
//   the statement cancels the 60 s job at 1 s; the answer lets it run on to 60 s for nobody.
// Verdict: done (passes every graded test).
import ExerciseSupport

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let drive: @Sendable () async -> Void = {
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
    if let executor {
      let driver = Task(executorPreference: executor) { await drive() }
      continuation.onTermination = { _ in driver.cancel() }
    } else {
      Task { await drive() }
    }
  }
}
