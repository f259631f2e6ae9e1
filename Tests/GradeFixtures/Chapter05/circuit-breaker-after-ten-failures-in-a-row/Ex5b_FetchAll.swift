// Mistake: a circuit breaker: after ten fetches in a row have failed (in the order they end),
//   the server is taken to be down; no more ids are fetched, and each id still to start gets
//   CircuitOpen (carrying the last error) without a fetch.
// Breaks: "Fetch every id ... a fetch that throws gives a `.failure` in its place ... and the
//   others still run".
// Scenario: fetchAll(Array(1...11), atMost: 1) { _ in throw JobFailed() }, nobody cancelling:
//   the statement gives eleven fetches and eleven JobFailed failures; this answer fetches ten,
//   and gives the eleventh .failure(CircuitOpen(last: JobFailed())) without fetching it.
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong
import ExerciseSupport

/// The fetches failed so often in a row that the rest were not tried.
public struct CircuitOpen: Error, CustomStringConvertible {
  /// As the statement says.
  public let last: any Error
  /// As the statement says.
  public var description: String { "not fetched: too many failures in a row (last: \(last))" }
}

/// How many failures in a row open the circuit.
private let failuresInARowToGiveUp = 10

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
    var failuresInARow = 0
    var open: CircuitOpen?
    for await (index, result) in group {
      results[index] = result
      if case .failure(let error) = result, !Task.isCancelled {
        failuresInARow += 1
        if failuresInARow >= failuresInARowToGiveUp { open = CircuitOpen(last: error) }
      } else {
        failuresInARow = 0
      }
      if next < ids.count, open == nil {
        start(next)
        next += 1
      }
    }
    if let open {
      for index in next..<ids.count { results[index] = .failure(open) }
    }
    return results.compactMap { $0 }
  }
}
