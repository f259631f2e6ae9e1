// Mistake: a fetch that returns nil is taken for "not found" and reported as a failure.
// Breaks: "a value is a `.success` whatever its type" and "Return one result per id ...
//   a fetch that throws gives a `.failure`" (only a throw is a failure).
// Scenario: fetchAll([1], atMost: 1) { _ -> String? in nil }: the statement gives
//   [.success(nil)]; this answer gives [.failure(NotFound(index: 0))].
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport

/// A fetch that came back with nothing.
public struct NotFound: Error, CustomStringConvertible {
  /// As the statement says.
  public let index: Int
  /// As the statement says.
  public var description: String { "nothing found for the id at \(index)" }
}

/// Values that can be empty: Optional.
private protocol MaybeNothing {
  var isNothing: Bool { get }
}

extension Optional: MaybeNothing {
  fileprivate var isNothing: Bool { self == nil }
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
          // nil means the server had nothing for this id: a failure, not a value.
          if let maybe = value as? any MaybeNothing, maybe.isNothing {
            return (index, .failure(NotFound(index: index)))
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
