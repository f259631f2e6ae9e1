// Mistake: an empty value (an empty String, Data or Array) is taken for a failed download, a
//   thumbnail that never came, and reported as a `.failure`.
// Breaks: "a value is a `.success` whatever its type"; only a fetch that throws gives a
//   `.failure`.
// Scenario: fetchAll([1, 2], atMost: 2) { id in id == 1 ? "" : "two" }: the statement gives
//   [.success(""), .success("two")]; this answer gives [.failure(EmptyValue(index: 0)),
//   .success("two")].
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport

/// A fetch that brought back nothing.
public struct EmptyValue: Error, CustomStringConvertible {
  /// As the statement says.
  public let index: Int
  /// As the statement says.
  public var description: String { "the fetch of the id at \(index) came back empty" }
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
        do {
          let value = try await fetch(ids[index])
          // An empty thumbnail (no bytes, no text) is a download that did not work.
          if let collection = value as? any Collection, collection.isEmpty {
            return (index, .failure(EmptyValue(index: index)))
          }
          return (index, .success(value))
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
