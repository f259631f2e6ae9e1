import ExerciseSupport

/// Exercise 5a: progress from a group (reference solution).
///
/// Read docs/Chapter05-TaskGroups.md#exercise-5a-progress-from-a-group
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  let driver = Task(executorPreference: executor) {
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for job in jobs {
          group.addTask { try await job() }
        }
        // Only this loop counts, one finished job at a time: nothing shared, nothing lost.
        var finished = 0
        for try await _ in group {
          finished += 1
          continuation.yield(Double(finished) / Double(jobs.count))
        }
      }
      continuation.finish()
    } catch {
      // The first error left the loop; the group cancelled the other jobs before it got here.
      continuation.finish(throwing: error)
    }
  }
  // The consumer went away: cancel the driver, and with it every job.
  continuation.onTermination = { _ in driver.cancel() }
  return updates
}
