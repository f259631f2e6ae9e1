// MISTAKE: treats POSIXError EHOSTUNREACH / ENETUNREACH as transient: the failed fetch is run
//   again once, in the same slot, and only the second outcome is kept.
// BREAKS: "a fetch that throws gives a `.failure` in its place, whatever it throws"; each id
//   is fetched once.
// SCENARIO: fetchAll(["h"], atMost: 1), the fetch throws POSIXError(.EHOSTUNREACH) the first
//   time and would answer "h!" the second. Statement: one fetch, [.failure(EHOSTUNREACH)].
//   Answer: two fetches, [.success("h!")]. (The grade's POSIX codes omit EHOSTUNREACH.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport
import Foundation

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  @Sendable func attempt(_ id: ID) async -> Result<Value, any Error> {
    do {
      return .success(try await fetch(id))
    } catch let error as POSIXError where [.EHOSTUNREACH, .ENETUNREACH].contains(error.code) {
      // The route flapped: once more.
      do { return .success(try await fetch(id)) } catch { return .failure(error) }
    } catch {
      return .failure(error)
    }
  }
  return await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    var next = 0
    while next < ids.count, next < limit {
      let index = next
      group.addTask { (index, await attempt(ids[index])) }
      next += 1
    }
    while let (index, result) = await group.next() {
      results[index] = result
      if next < ids.count {
        let index = next
        group.addTask { (index, await attempt(ids[index])) }
        next += 1
      }
    }
    return results.map { $0 ?? .failure(CancellationError()) }
  }
}
