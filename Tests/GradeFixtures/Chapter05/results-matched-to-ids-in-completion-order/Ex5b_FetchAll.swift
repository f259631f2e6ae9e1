// MISTAKE: collects (id, result) pairs in the order the fetches end, then gives each place the
//   first unused pair whose id has the same description: two equal ids swap results when the
//   second fetch ends first.
// BREAKS: "Return one result per id, in the order of `ids`" (docs: "each place gets its own
//   fetch's result").
// SCENARIO: ids [A, A], limit 2; the first fetch takes 2 s and answers "slow", the second 1 s
//   and answers "fast". Statement: [slow, fast]. Answer: [fast, slow].
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  let ended = await withTaskGroup(of: (ID, Result<Value, any Error>).self) { group in
    var ended: [(key: String, result: Result<Value, any Error>)] = []
    var next = 0
    while next < ids.count, next < limit {
      let id = ids[next]
      group.addTask {
        do { return (id, .success(try await fetch(id))) } catch { return (id, .failure(error)) }
      }
      next += 1
    }
    while let (id, result) = await group.next() {
      ended.append((String(describing: id), result))
      if next < ids.count {
        let id = ids[next]
        group.addTask {
          do { return (id, .success(try await fetch(id))) } catch { return (id, .failure(error)) }
        }
        next += 1
      }
    }
    return ended
  }
  // Put each result in the place of its id: the first unused pair with that id.
  var used = [Bool](repeating: false, count: ended.count)
  return ids.map { id in
    let key = String(describing: id)
    guard let found = ended.indices.first(where: { !used[$0] && ended[$0].key == key }) else {
      return .failure(CancellationError())
    }
    used[found] = true
    return ended[found].result
  }
}
