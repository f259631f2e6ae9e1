// Mistake: input validation of its own: an id that is an empty (or blank) string is taken for
//   no id at all; it is not fetched, and its place gets InvalidID.
// Breaks: "Fetch every id" and "a fetch that throws gives a `.failure` in its place" (only a
//   fetch's own throw makes a failure; the statement never skips an id).
// Scenario: fetchAll(["", "a"], atMost: 2) { id in "<\(id)>" }: the statement gives
//   [.success("<>"), .success("<a>")] and two fetches; this answer fetches only "a" and gives
//   [.failure(InvalidID()), .success("<a>")].
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport

/// An id that names nothing.
public struct InvalidID: Error, CustomStringConvertible {
  /// As the statement says.
  public var description: String { "an empty id" }
}

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    func start(_ index: Int) {
      group.addTask {
        // No point asking the server for "": it is not an id.
        if let text = ids[index] as? String, text.allSatisfy(\.isWhitespace) {
          return (index, .failure(InvalidID()))
        }
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
