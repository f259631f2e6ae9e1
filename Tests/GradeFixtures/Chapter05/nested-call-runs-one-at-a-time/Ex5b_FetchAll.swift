// MISTAKE: a call made from inside another call's fetch (a task-local says so) ignores its own
//   `limit` and fetches one at a time, "so that nested calls do not multiply the load".
// BREAKS: "Fetch every id with at most `limit` fetches in flight ...: start the first `limit`"
//   (nothing in the statement depends on who calls).
// SCENARIO: an outer fetchAll(["p"], atMost: 1) whose fetch calls fetchAll([a, b], atMost: 2)
//   with fetches of 1 s each. Statement: a and b start at 0 s, the inner call returns at 1 s.
//   Answer: b starts at 1 s, the inner call returns at 2 s. (No graded test nests calls.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

private enum FetchAllNesting {
  @TaskLocal static var inside = false
}

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  let width = FetchAllNesting.inside ? 1 : limit
  return await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    var next = 0
    func child(_ index: Int) -> @Sendable () async -> (Int, Result<Value, any Error>) {
      {
        await FetchAllNesting.$inside.withValue(true) {
          do { return (index, .success(try await fetch(ids[index]))) } catch {
            return (index, .failure(error))
          }
        }
      }
    }
    while next < ids.count, next < width {
      group.addTask(operation: child(next))
      next += 1
    }
    while let (index, result) = await group.next() {
      results[index] = result
      if next < ids.count {
        group.addTask(operation: child(next))
        next += 1
      }
    }
    return results.map { $0 ?? .failure(CancellationError()) }
  }
}
