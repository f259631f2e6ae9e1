// 8.1 Actors: state that only the actor touches.
// Read with docs/Chapter08-Isolation.md#81-actors
import LessonSupport

// snippet.stockroom
/// How many of each item a stockroom holds. Only the actor reads or writes `counts`, and it runs
/// one piece of its code at a time: a method with no `await` runs whole before the next begins.
actor Stockroom {
  private var counts: [String: Int] = [:]

  /// Adds `amount` (less than zero: takes it away).
  ///
  /// No `await` inside: nothing else can run on this actor between the read and the write.
  func add(_ amount: Int, of item: String) {
    counts[item, default: 0] += amount
  }

  func count(of item: String) -> Int {
    counts[item, default: 0]
  }
}
// snippet.end

// snippet.isolated-parameter
/// Moves `amount` from one item to another in one visit: an `isolated` parameter runs the whole
/// function on `room`'s actor, so its calls on `room` are plain calls, and no other call on the
/// room can come between the check and the two changes.
func move(
  _ amount: Int,
  from source: String,
  to destination: String,
  in room: isolated Stockroom
) -> Bool {
  guard room.count(of: source) >= amount else { return false }
  room.add(-amount, of: source)
  room.add(amount, of: destination)
  return true
}
// snippet.end

func runActors(_ context: LessonContext) async throws {
  let console = context.console
  console.print("1. Ten tasks at once add 1,000 boxes each, one box per call:")
  let room = Stockroom()
  // snippet.ten-tasks
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<10 {
      group.addTask {
        for _ in 0..<1_000 { await room.add(1, of: "boxes") }
      }
    }
  }
  // snippet.end
  console.print(
    "  boxes: \(await room.count(of: "boxes")) (`add` has no await: each call ran whole, one after another)"
  )
  console.print()

  console.print("2. From outside, every call is an `await`: the caller may wait for its turn.")
  console.print(
    "  `await room.add(1, of: \"boxes\")` from a task; `room.add(...)` alone does not compile:"
  )
  console.print(
    "  \"actor-isolated instance method 'add(_:of:)' cannot be called from outside of the actor\"."
  )
  console.print("  Inside the actor, a call is a plain call.")
  console.print()

  console.print("3. An isolated parameter: several steps in one visit.")
  let moved = await move(4_000, from: "boxes", to: "shelf", in: room)
  let tooMany = await move(7_000, from: "boxes", to: "shelf", in: room)
  console.print("  move 4,000 boxes to the shelf -> \(moved)")
  console.print(
    "  move 7,000 more               -> \(tooMany) (only 6,000 left: checked and refused in the same visit)"
  )
  console.print(
    "  boxes: \(await room.count(of: "boxes")), shelf: \(await room.count(of: "shelf"))"
  )
}
