// Mistake: runs the jobs in sub-groups of 4,096 (children of one outer group, all at once), each
//   sub-group's loop counting on a shared atomic; the outer group only `waitForAll()`s, so a
//   failing job cancels its own sub-group alone. With up to 4,096 jobs it is right.
// Breaks: "The first job that throws ends the stream ... no other job is left running ... no
//   fraction after it" (and, on real threads, the fractions' order: two loops yield at once).
// Scenario: 5,000 jobs of 2 s, job 0 throws JobFailed at 0.5 s: the statement ends the stream
//   with JobFailed at 0.5 s, every other job cancelled; the answer lets jobs 4,096-4,999 run,
//   yields 1/5000 ... 904/5000 at 2 s, then throws JobFailed at 2 s.
// Verdict: done (passes every graded test).
import ExerciseSupport
import Synchronization

/// The jobs done so far, shared by the sub-groups' loops.
private final class Counter: Sendable {
  let done = Atomic(0)
}

/// Exercise 5a (a wrong answer kept for the tests' review).
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    let driver = Task(executorPreference: executor) {
      let counter = Counter()
      let total = Double(jobs.count)
      do {
        try await withThrowingTaskGroup(of: Void.self) { outer in
          for start in stride(from: 0, to: jobs.count, by: 4_096) {
            let part = Array(jobs[start..<min(start + 4_096, jobs.count)])
            outer.addTask {
              try await withThrowingTaskGroup(of: Void.self) { group in
                for job in part { group.addTask { try await job() } }
                for try await _ in group {
                  let done = counter.done.add(1, ordering: .relaxed).newValue
                  continuation.yield(Double(done) / total)
                }
              }
            }
          }
          try await outer.waitForAll()
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in driver.cancel() }
  }
}
