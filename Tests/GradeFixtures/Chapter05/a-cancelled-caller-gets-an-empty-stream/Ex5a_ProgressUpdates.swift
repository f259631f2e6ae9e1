// Mistake: "don't start work for a task that is already cancelled": when the task that calls
//   progressUpdates is cancelled, the answer starts no driver and returns a stream that ends at
//   once with a CancellationError. But the stream may be handed to another consumer, who never
//   went away.
// Breaks: "Run every job at once, however many" and "When the consumer goes away, cancel the
//   driver" (only the consumer's going away stops the jobs; the driver is an unstructured
//   Task(executorPreference:), which does not inherit the caller's cancel).
// Scenario: a task that is already cancelled (its view went away, say) makes
//   progressUpdates(of: [first 3 s, second 1 s, third 2 s]) and hands it to a fresh consumer task,
//   which reads it. Statement: 1/3 at 1 s, 2/3 at 2 s, 1 at 3 s, then the end. Answer: no job runs;
//   the consumer's loop throws CancellationError at 0 s, though nobody cancelled the consumer.
// Verdict: graded done ([x] 5.1, exit 0). PLAIN.
import ExerciseSupport

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  // Nobody wants the progress of a cancelled task.
  if Task.isCancelled {
    return AsyncThrowingStream { $0.finish(throwing: CancellationError()) }
  }
  let (updates, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  let driver = Task(executorPreference: executor) {
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for job in jobs {
          group.addTask { try await job() }
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
