// Mistake: "no unbounded buffer, and no fraction lost": the stream keeps at most 16 fractions
//   (bufferingOldest(16)); when a yield is dropped, the driver waits (Task.yield) and yields it
//   again. A consumer that is 16 fractions behind so holds the group's loop back, and with it the
//   news of a failure.
// Breaks: "a slow consumer holds nothing up" and "The first job that throws ends the stream with
//   its error ... and no other job is left running".
// Scenario: 20 jobs of 1 s, job 20 throws at 1.5 s, job 21 takes 10 s; the consumer works 20 s
//   after each fraction. Statement: the error at 1.5 s cancels job 21 at 1.5 s; the consumer reads
//   1/22 ... 20/22 and then the error. Answer: at 1 s the loop stops at the 17th fraction, waiting
//   for room; job 20's error is not seen until the consumer has read two fractions (about 41 s),
//   so job 21 runs to 10 s, never cancelled (and the driver spins meanwhile). The tests' slow
//   consumers read at most 12 jobs' fractions.
// Verdict: graded done ([x] 5.1, exit 0). REPEAT (the known one-fraction-buffer-driver-waits fixture with a
//   buffer larger than any slow consumer's stream).
import ExerciseSupport

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(
    of: Double.self,
    bufferingPolicy: .bufferingOldest(16)
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
          // Full: let the consumer catch up, then hand it over again.
          while case .dropped = continuation.yield(fraction) {
            try Task.checkCancellation()
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
