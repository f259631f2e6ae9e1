// MISTAKE: up to 64 ids, the places not filled are found with a UInt64 mask, built as
//   `(1 << count) - 1`: at exactly 64 ids, `1 << 64` is 0 and `0 - 1` traps (overflow).
// BREAKS: "Return one result per id" (for any number of ids; the statement has no size limit).
// SCENARIO: 64 ids, limit 8, fetches that return "id!". Statement: 64 results. Answer: the
//   process traps with an arithmetic overflow. (The grade's calls on a timeline have 0 to 40 or
//   65 to 5,000 ids; its real-thread tests 60 and 100.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    var results = [Result<Value, any Error>](
      repeating: .failure(CancellationError()),
      count: ids.count
    )
    var filled: UInt64 = 0  // small calls: one bit per place
    var next = 0
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
      if index < 64 { filled |= 1 << UInt64(index) }
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
    if ids.count <= 64 {
      // Every place not filled (never fetched, the call cancelled) gets a CancellationError.
      let all: UInt64 = (1 << UInt64(ids.count)) - 1
      let missing = all & ~filled
      for index in 0..<ids.count where missing & (1 << UInt64(index)) != 0 {
        results[index] = .failure(CancellationError())
      }
    }
    return results
  }
}
