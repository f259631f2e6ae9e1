import ExerciseSupport

/// Exercise 5b: at most N at a time (reference solution).
///
/// Read docs/Chapter05-TaskGroups.md#exercise-5b-at-most-n-at-a-time
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  await withTaskGroup(of: (index: Int, result: Result<Value, any Error>).self) { group in
    // A child never throws: its error becomes its result, so one failure stops nothing.
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
    for await finished in group {
      results[finished.index] = finished.result  // in its id's place, not in finishing order
      if next < ids.count {
        start(next)  // one ended, one starts: never more than limit in flight
        next += 1
      }
    }
    return results.compactMap { $0 }
  }
}
