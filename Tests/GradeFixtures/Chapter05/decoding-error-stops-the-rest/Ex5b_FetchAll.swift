// MISTAKE: treats a DecodingError as fatal for the whole call ("the others would fail to decode
//   too"): it cancels the fetches in flight and starts no other id.
// BREAKS: "a fetch that throws gives a `.failure` in its place, whatever it throws ..., and the
//   others still run."
// SCENARIO: ids [a, b], limit 1; a throws DecodingError.dataCorrupted(...), b answers "b!".
//   Statement: [.failure(DecodingError), .success("b!")]. Answer: b never fetched,
//   [.failure(DecodingError), .failure(CancellationError())]. (Grade: no DecodingError.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    var next = 0
    var stop = false
    while next < ids.count, next < limit {
      let index = next
      group.addTask {
        do { return (index, .success(try await fetch(ids[index]))) } catch {
          return (index, .failure(error))
        }
      }
      next += 1
    }
    while let (index, result) = await group.next() {
      results[index] = result
      if case .failure(let error) = result, error is DecodingError {
        stop = true  // a response we cannot read: the others are in the same format
        group.cancelAll()
      }
      if !stop, next < ids.count {
        let index = next
        group.addTask {
          do { return (index, .success(try await fetch(ids[index]))) } catch {
            return (index, .failure(error))
          }
        }
        next += 1
      }
    }
    return results.map { $0 ?? .failure(CancellationError()) }
  }
}
