// 8.3 Global actors and the main actor: what runs where.
// Read with docs/Chapter08-Isolation.md#83-global-actors-and-the-main-actor
import Dispatch
import LessonSupport

// snippet.global-actor
/// A global actor: one actor instance that whole functions, types and variables are marked
/// with, wherever they are declared. Everything marked `@Bookkeeping` runs on `shared`.
@globalActor
actor Bookkeeping {
  static let shared = Bookkeeping()
}

/// Isolated to `Bookkeeping`: only code on that actor reads or writes it.
@Bookkeeping var ledger: [String] = []

@Bookkeeping func record(_ line: String) -> String {
  ledger.append(line)
  return actorName()
}
// snippet.end

// snippet.actor-name
/// The actor the caller is isolated to, as the caller's `#isolation` says: "MainActor",
/// "Bookkeeping", or "no actor" where the compiler knows of none.
func actorName(_ caller: isolated (any Actor)? = #isolation) -> String {
  caller.map { String(describing: type(of: $0)) } ?? "no actor"
}

/// Plain `nonisolated async`: by default in Swift 6.2 it leaves the caller's actor (8.5).
nonisolated func actorOfANonisolatedAsyncFunction() async -> String {
  actorName()
}
// snippet.end

// snippet.assume-isolated
/// Stands in for an old API that calls back on the main queue, as many UI frameworks' callbacks
/// do; its completion handler is a plain closure, not marked with any actor.
func weighParcel(completion: @escaping @Sendable (Int) -> Void) {
  DispatchQueue.main.async { completion(1_250) }
}

/// A main-actor display the weight goes to.
@MainActor
final class ScaleDisplay {
  private(set) var shown: [String] = []
  func show(grams: Int) { shown.append("\(grams) g") }
}
// snippet.end

@MainActor
func runGlobalActors(_ context: LessonContext) async throws {
  let console = context.console
  console.print("1. Where each call runs, as its #isolation says:")
  // snippet.where-it-runs
  console.print("  a @MainActor function           -> \(actorName())")
  console.print("  a @Bookkeeping function         -> \(await record("8 boxes in"))")
  console.print("  Task { } made on the main actor -> \(await Task { actorName() }.value)")
  console.print("  Task.detached { }               -> \(await Task.detached { actorName() }.value)")
  console.print("  a nonisolated async function    -> \(await actorOfANonisolatedAsyncFunction())")
  // snippet.end
  console.print()

  console.print("2. A callback on the main queue, into main-actor code, with no hop:")
  let display = ScaleDisplay()
  // snippet.assume-isolated-use
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    weighParcel { grams in
      // The closure is not marked @MainActor, but the API promises the main queue: say so, and
      // the runtime checks it (off the main actor's queue, the program stops here).
      MainActor.assumeIsolated { display.show(grams: grams) }
      done.resume()
    }
  }
  // snippet.end
  console.print("  the display shows: \(display.shown.joined(separator: ", "))")
}
