// Mistake: a "safety" limit on nesting: a call made inside a fetch of a call that is itself
//   inside another call's fetch (two levels deep or more) fetches one at a time, so that nested
//   fan-outs cannot multiply. A task-local counts the depth.
// Breaks: "Calls may run at once, or one inside another's fetch: each fetches as it would
//   alone" and "with at most `limit` fetches in flight: start the first `limit`".
// Scenario: fetchAll(["o"], atMost: 1) { _ in await fetchAll(["m"], atMost: 1) { _ in
//   await fetchAll(["a", "b", "c"], atMost: 3) { sleep 1 s } } }: the statement gives a, b, c
//   all started at 0 s and the innermost call returning at 1 s; this answer starts them at
//   0 s, 1 s and 2 s and returns at 3 s.
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport

private enum FetchAllNesting {
  /// How many fetchAll calls the current task runs inside of.
  @TaskLocal static var depth = 0
}

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  let depth = FetchAllNesting.depth
  // Fan-out inside fan-out inside fan-out grows fast: deep calls go one at a time.
  let limit = depth >= 2 ? 1 : limit
  return await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    func start(_ index: Int) {
      group.addTask {
        await FetchAllNesting.$depth.withValue(depth + 1) {
          do {
            return (index, .success(try await fetch(ids[index])))
          } catch {
            return (index, .failure(error))
          }
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
