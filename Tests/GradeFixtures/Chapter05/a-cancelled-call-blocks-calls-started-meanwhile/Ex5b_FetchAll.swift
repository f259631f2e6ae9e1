// MISTAKE: a process-wide "winding down" flag: while any call is cancelled and not yet returned,
//   a call that starts fetches nothing and gives every id a CancellationError.
// BREAKS: "Fetch every id": a call nobody cancelled fetches each id ("two calls at once, each
//   with ids and a limit of its own"); only a cancelled call may skip ids.
// SCENARIO: call 1 fetchAll([a], atMost: 1), a ignores cancels, 5 s, cancelled at 1 s; call 2
//   fetchAll([b], atMost: 1), never cancelled, starts at 2 s. Statement: b fetched, [.success].
//   Answer: b never fetched, [.failure(CancellationError())]. (Graded pairs start both at 0 s.)
// VERDICT: done (swift run Grade 5b).
import ExerciseSupport
import Synchronization

private let windingDown = Atomic<Int>(0)  // calls cancelled and not yet returned

private final class CancelMark: Sendable {
  let set = Atomic<Bool>(false)
}

/// As the statement says.
public func fetchAll<ID: Sendable, Value: Sendable>(
  _ ids: [ID],
  atMost limit: Int,
  _ fetch: @escaping @Sendable (ID) async throws -> Value
) async -> [Result<Value, any Error>] {
  if windingDown.load(ordering: .acquiring) > 0 {
    return ids.map { _ in .failure(CancellationError()) }  // shutting down: start nothing new
  }
  let mark = CancelMark()
  let results = await withTaskCancellationHandler {
    await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
      var results = [Result<Value, any Error>?](repeating: nil, count: ids.count)
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
  } onCancel: {
    if !mark.set.exchange(true, ordering: .acquiringAndReleasing) {
      windingDown.add(1, ordering: .acquiringAndReleasing)
    }
  }
  if mark.set.load(ordering: .acquiring) {
    windingDown.subtract(1, ordering: .acquiringAndReleasing)
  }
  return results
}
