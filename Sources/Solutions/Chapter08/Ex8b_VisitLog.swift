import ExerciseSupport
import Synchronization

/// Exercise 8b: a visit log tasks can share (reference solution).
///
/// Read docs/Chapter08-Isolation.md#exercise-8b-a-visit-log-tasks-can-share
public final class VisitLog: Sendable {
  /// A final class whose stored properties are all `let` and Sendable is Sendable: the mutable
  /// state lives inside a Mutex, which only one thread at a time can open.
  private let state = Mutex(State())

  private struct State {
    var counts: [String: Int] = [:]
    var total = 0
  }

  /// An empty log.
  public init() throws {}

  /// Counts one visit to `page`.
  public func record(_ page: String) {
    state.withLock { state in  // the count and the total change together, in one lock
      state.counts[page, default: 0] += 1
      state.total += 1
    }
  }

  /// How many visits `page` has had.
  public func visits(to page: String) -> Int {
    state.withLock { $0.counts[page, default: 0] }
  }

  /// The total and every page's count, at one moment.
  public func summary() -> (total: Int, pages: [String: Int]) {
    state.withLock { ($0.total, $0.counts) }
  }
}
