// Mistake: a call whose task is already cancelled when it starts returns at once, every place
//   given an error of the answer's own, FetchAllCancelled, instead of a CancellationError.
// Breaks: "Left free: whether ids not yet started when the call is cancelled are fetched or
//   given a CancellationError" (not some other error), and "a cancelled fetch's error in its
//   place ... never one made up for it".
// Scenario: a task cancelled before it calls fetchAll(["a", "b"], atMost: 2) { ... }: the
//   statement gives each place a CancellationError (or its fetch's result, if fetched); this
//   answer gives [.failure(FetchAllCancelled()), .failure(FetchAllCancelled())].
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport

/// The call was cancelled before any fetch started.
public struct FetchAllCancelled: Error, CustomStringConvertible {
  /// As the statement says.
  public var description: String { "fetchAll was cancelled before it started" }
}

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  // Already cancelled: nothing to do, say so in every place.
  if Task.isCancelled {
    return ids.map { _ in .failure(FetchAllCancelled()) }
  }
  return await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    func start(_ index: Int) {
      group.addTask {
        do {
          return (index, .success(try await fetch(ids[index])))
        } catch {
          return (index, .failure(error))
        }
      }
    }
    var next = 0
    while next < min(limit, ids.count) {
      start(next)
      next += 1
    }
    var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    for await (index, result) in group {
      results[index] = result
      if next < ids.count {
        start(next)
        next += 1
      }
    }
    return results.compactMap { $0 }
  }
}
