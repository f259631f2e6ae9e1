// Mistake: with no executor, on the shared pool, "be kind to the other work there": at most 8 jobs
//   run at a time, a new one added as each ends. With an executor given (a timeline, a test) every
//   job starts at once.
// Breaks: "Run every job at once, however many, each as a child of a task group".
// Scenario: executor nil; 9 jobs of 1 s each. Statement: all start at 0 s and end at about 1 s,
//   the fractions 1/9 ... 9/9 all near 1 s. Answer: the ninth starts only at 1 s; 9/9 comes at 2 s.
// Verdict: graded done ([x] 5.1, exit 0). PLAIN (a cap the crowds would catch, but they all run on the timeline; with no executor only 4 and 32 jobs are tried).
import ExerciseSupport

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  // Our own executor runs as many as we like; the pool is shared.
  let window = executor == nil ? 8 : jobs.count
  let driver = Task(executorPreference: executor) {
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        while next < min(window, jobs.count) {
          let job = jobs[next]
          group.addTask { try await job() }
          next += 1
        }
        var finished = 0
        for try await _ in group {
          finished += 1
          continuation.yield(Double(finished) / Double(jobs.count))
          if next < jobs.count {
            let job = jobs[next]
            group.addTask { try await job() }
            next += 1
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
