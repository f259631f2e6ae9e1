// Mistake: after the first error, the other jobs are cancelled and drained; if the first error
//   "looks like a cancel" (CancellationError, URLError(.cancelled), POSIX ECANCELED, Cocoa
//   userCancelled) a later error that does not is taken as the real cause and thrown instead.
//   Echoes of the cancel that look like cancels are skipped, so only the first error shows in
//   most runs.
// Breaks: "The first job that throws ends the stream with its error, whatever it throws (a
//   CancellationError of its own too ...); not the error a job throws when cancelled after it".
// Scenario: job A throws CancellationError() of its own at 1 s; job B (3 s) answers the cancel
//   by throwing its own BFailed (a wrapper of whatever went wrong). Statement: the stream ends
//   with CancellationError at 1 s. Answer: it ends with BFailed, B's answer to the cancel.
// Verdict: graded done ([x] 5.1, exit 0). PLAIN (a wider echo list than the listed prefers-a-non-cancellation-error; the tests only ever cancel jobs into CancellationError or URLError(.cancelled)).
import ExerciseSupport
import Foundation

/// Whether `error` says "cancelled" rather than what went wrong.
private func looksLikeACancel(_ error: any Error) -> Bool {
  switch error {
  case is CancellationError: return true
  case let error as URLError: return error.code == .cancelled
  case let error as POSIXError: return error.code == .ECANCELED
  case let error as CocoaError: return error.code == .userCancelled
  default: return false
  }
}

/// As the statement says.
public func progressUpdates(
  of jobs: [@Sendable () async throws -> Void],
  executor: (any TaskExecutor)? = nil
) -> AsyncThrowingStream<Double, any Error> {
  let (updates, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  let driver = Task(executorPreference: executor) {
    let failure: (any Error)? = await withTaskGroup(of: Result<Void, any Error>.self) { group in
      for job in jobs {
        group.addTask {
          do {
            try await job()
            return .success(())
          } catch {
            return .failure(error)
          }
        }
      }
      var finished = 0
      while let result = await group.next() {
        switch result {
        case .success:
          finished += 1
          continuation.yield(Double(finished) / Double(jobs.count))
        case .failure(let first):
          group.cancelAll()
          // A "cancelled" first error may only be the echo of the real cause: look at the rest.
          var chosen = first
          while let later = await group.next() {
            if case .failure(let error) = later, looksLikeACancel(chosen), !looksLikeACancel(error)
            {
              chosen = error
            }
          }
          return chosen
        }
      }
      return nil
    }
    if let failure {
      continuation.finish(throwing: failure)
    } else {
      continuation.finish()
    }
  }
  continuation.onTermination = { _ in driver.cancel() }
  return updates
}
