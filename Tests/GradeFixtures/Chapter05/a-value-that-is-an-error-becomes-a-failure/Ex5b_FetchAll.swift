// MISTAKE: children hand back a value or an error in one `Any` box, and the call sorts them by
//   a dynamic cast: anything that casts to `any Error` becomes a failure, so a fetch whose
//   *value* is an error (Value = URLError, say: a link checker) gets `.failure` for a success.
// BREAKS: "Return one result per id": a fetch that returns gives its value (`.success`); only
//   "a fetch that throws gives a `.failure` in its place".
// SCENARIO: fetchAll(["x"], atMost: 1) { _ in URLError(.timedOut) } (returns, never throws).
//   Statement: [.success(URLError(.timedOut))]. Answer: [.failure(URLError(.timedOut))].
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  await withTaskGroup(of: (Int, any Sendable).self) { group in
    var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    var next = 0
    while next < ids.count, next < limit {
      let index = next
      group.addTask {
        do { return (index, try await fetch(ids[index])) } catch { return (index, error) }
      }
      next += 1
    }
    while let (index, outcome) = await group.next() {
      if let error = outcome as? any Error {
        results[index] = .failure(error)
      } else if let value = outcome as? Value {
        results[index] = .success(value)
      }
      if next < ids.count {
        let index = next
        group.addTask {
          do { return (index, try await fetch(ids[index])) } catch { return (index, error) }
        }
        next += 1
      }
    }
    return results.map { $0 ?? .failure(CancellationError()) }
  }
}
