// MISTAKE: works through the ids in pages of 10,000 (to bound the bookkeeping), each page with
//   its own window of `limit`: the first id of a page waits until the whole previous page ended.
// BREAKS: "then the next id in order the moment any one ends, not when a whole batch has".
// SCENARIO: 10,001 ids, limit Int.max, every fetch 1 s. Statement: all start at 0 s, the call
//   returns at 1 s. Answer: the 10,001st starts at 1 s, the call returns at 2 s. (The grade's
//   crowds stop at 5,000 ids.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport

private let pageSize = 10_000

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  var all: [Result<Value, any Error>] = []
  all.reserveCapacity(ids.count)
  for pageStart in stride(from: 0, to: ids.count, by: pageSize) {
    let page = Array(ids[pageStart..<min(pageStart + pageSize, ids.count)])
    all += await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
      var results = [Result<Value, any Error>?](repeating: nil, count: page.count)
      var next = 0
      while next < page.count, next < limit {
        let index = next
        group.addTask {
          do { return (index, .success(try await fetch(page[index]))) } catch {
            return (index, .failure(error))
          }
        }
        next += 1
      }
      while let (index, result) = await group.next() {
        results[index] = result
        if next < page.count {
          let index = next
          group.addTask {
            do { return (index, .success(try await fetch(page[index]))) } catch {
              return (index, .failure(error))
            }
          }
          next += 1
        }
      }
      return results.map { $0 ?? .failure(CancellationError()) }
    }
  }
  return all
}
