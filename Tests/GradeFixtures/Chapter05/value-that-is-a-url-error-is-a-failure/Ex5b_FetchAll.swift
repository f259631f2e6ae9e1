// Mistake: a fetch whose value is a URLError is taken for a failed fetch (a link checker's
//   fetch "returns the URLError it got"), so the value is turned into a `.failure`.
// Breaks: "a value is a `.success` whatever its type (one that is an Error too)".
// Scenario: fetchAll(["a"], atMost: 1) { _ in URLError(.badURL) } (Value == URLError): the
//   statement gives [.success(URLError(.badURL))]; this answer gives
//   [.failure(URLError(.badURL))].
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
          // A request that came back as a URLError did not succeed, whatever the type says.
          if let urlError = value as? URLError {
            return (index, .failure(urlError))
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
