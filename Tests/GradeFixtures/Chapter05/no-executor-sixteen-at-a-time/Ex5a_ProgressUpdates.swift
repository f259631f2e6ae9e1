// Mistake: "be kind to the shared pool": with no executor, at most 16 jobs run at a time, a new
//   one added as each ends (with an executor given, every job starts at once).
// Breaks: "Run every job at once, however many, each as a child of a task group".
// Scenario: no executor; 17 jobs of 1 s each. Statement: all start at once; 1/17 ... 17/17 all
//   near 1 s. Answer: the 17th starts only when one of the first 16 has ended, at about 1 s, and
//   17/17 comes at about 2 s. The tests with no executor start only 12 and 32 quick jobs.
// Verdict: graded done ([x] 5.1, exit 0). REPEAT (the known no-executor-eight-at-a-time fixture with a cap above
//   the twelve jobs that now catch it).
import ExerciseSupport

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  let window = executor == nil ? 16 : jobs.count
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
