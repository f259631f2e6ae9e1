// MISTAKE: caps the fetches in flight at 8,192 "to be safe", whatever `limit` says.
// BREAKS: "Fetch every id with at most `limit` fetches in flight (`limit` is 1 or more, and may
//   be more than there are ids): start the first `limit`".
// SCENARIO: 10,000 ids, limit Int.max, every fetch 1 s. Statement: all 10,000 start at 0 s and
//   the call returns at 1 s. Answer: 8,192 start at 0 s, the other 1,808 at 1 s; returns at 2 s.
//   (The grade's crowds stop at 5,000 ids.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  let width = min(limit, 8_192)  // more children than this at once is never useful
  return await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    var next = 0
    while next < ids.count, next < width {
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
      if next < ids.count {
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
