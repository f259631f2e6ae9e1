// Mistake: the results live in one shared box; a cancel handler (withTaskCancellationHandler's
//   onCancel, which runs at once on the thread of whoever cancels) fills every empty place with
//   a CancellationError and stops new fetches, with no lock, while the call's loop goes on
//   writing results into the same array on its own thread.
// Breaks: "A cancelled call too returns one result per id: ... its value if it ignored the
//   cancel" and "a fetch that ... ended ... gets that fetch's result": the two threads race on
//   one array (a data race: the loop's write can be lost under the handler's copy, or the
//   array corrupted).
// Scenario: fetchAll(["a", "b"], atMost: 2) on the pool, "a" returning "A" at the very moment
//   another thread cancels the call: the statement gives [.success("A"), ...]; here the loop
//   writes "A" between the handler's read of the array and its write back, so "a"'s place ends
//   up CancellationError (and the thread sanitizer reports the race). Nothing on the graded
//   timeline shows it: there the cancel runs on the one thread the call runs on, and the
//   tests on real threads never cancel.
// Verdict: graded done ([x] 5.2, exit 0, no warnings) — plainly wrong (a data race; outside the grader, 3 of 20,000 cancelled calls on the pool lost a value, and the thread sanitizer reported the race)
import ExerciseSupport

/// What the call has so far; the call's loop and the cancel handler both write it.
private final class Board<Value: Sendable>: @unchecked Sendable {
  var results: [Result<Value, any Error>?]
  var cancelled = false
  init(count: Int) { results = Array(repeating: nil, count: count) }
}

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  let board = Board<Value>(count: ids.count)
  await withTaskCancellationHandler {
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
      while next < min(limit, ids.count), !board.cancelled {
        start(next)
        next += 1
      }
      for await (index, result) in group {
        board.results[index] = result
        if next < ids.count, !board.cancelled {
          start(next)
          next += 1
        }
      }
    }
  } onCancel: {
    // Cancelled: whatever has no result yet will not get one from a new fetch.
    board.cancelled = true
    board.results = board.results.map { $0 ?? .failure(CancellationError()) }
  }
  return board.results.map { $0 ?? .failure(CancellationError()) }
}
