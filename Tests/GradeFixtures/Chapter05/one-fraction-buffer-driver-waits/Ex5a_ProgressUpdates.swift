// Mistake: "no unbounded buffer, and no fraction lost": the stream keeps one fraction
//   (bufferingOldest(1)); when a yield is dropped, the driver waits (Task.yield) and yields it
//   again, so the group's loop reads the next job only once the consumer has taken the fraction
//   before. A slow consumer so holds the loop back, and with it the news of a failure.
// Breaks: "The first job that throws ends the stream with its error ... and no other job is left
//   running" (the jobs run at once; their errors must not wait on the consumer).
// Scenario: jobs A (1 s), B (2 s), C (3 s), D (throws at 4 s), E (10 s); the consumer, after
//   reading each fraction, works 20 s before it reads again. Statement: D's error at 4 s cancels E
//   at 4 s (the consumer still gets 1/5, 2/5, 3/5, then the error). Answer: 2/5 fills the buffer,
//   so from 3 s the loop waits to hand over 3/5 and never sees D's error: E runs on to 10 s and is
//   never cancelled; D's error is seen at 21 s. (The driver spins meanwhile.)
// Verdict: graded done ([x] 5.1, exit 0). PLAIN (the tests never have a consumer that is slow in virtual time).
import ExerciseSupport

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(
    of: Double.self,
    bufferingPolicy: .bufferingOldest(1)
  )
  let driver = Task(executorPreference: executor) {
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for job in jobs {
          group.addTask { try await job() }
        }
        var finished = 0
        for try await _ in group {
          finished += 1
          let fraction = Double(finished) / Double(jobs.count)
          // The buffer is full: let the consumer catch up, then hand this one over too.
          while case .dropped = continuation.yield(fraction) {
            await Task.yield()
          }
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
