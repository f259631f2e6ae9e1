import ExerciseSupport
import MiniCombine

/// Exercise 7a: the demand bookkeeping of a subscription (section 7.1).
///
/// The subscription of a publisher of the numbers in `range`, in order, each only when asked for:
/// - send no more numbers than the subscriber has asked for in all: its requests, plus what each
///   `receive(_:)` returns. Keep the count in a `Subscribers.Demand`: `.unlimited` is not a
///   number, and `Int.max + 1` traps where `Demand` saturates;
/// - send nothing before the first request; requests add up;
/// - send `.finished` once, right after the last number (for an empty range, at the first
///   request, even a request for `.none`), without waiting for another request, and not while
///   a `receive(_:)` is still running;
/// - after `cancel()`, send nothing: no number, no completion; after `cancel()` or `.finished`,
///   let go of the subscriber, which holds this subscription: kept, the two keep each other
///   alive;
/// - a subscriber may call `request(_:)` from inside `receive(_:)`: add it to the demand, and let
///   the loop already sending send it. (A request that starts a loop of its own inside the first
///   nests once per number, and overflows the stack on a long range.)
/// Calls come from one thread at a time; no lock is needed.
/// Graded on 603 generated scenarios too: the page's exercise section lists what they try. Left
/// free: how the count is kept, if it counts as a `Demand` does (an `Int` with `Int.max` for
/// unlimited parts from it only after `Int.max` numbers, which nobody can wait for), and whether
/// `.finished` is sent from inside the loop or after it, if it comes right after the last
/// `receive(_:)` returns.
/// Read docs/Chapter07-CustomPublishers.md#exercise-7a-the-demand-bookkeeping
public final class NumbersSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Int, S.Failure == Never {
  /// A subscription sending the numbers in `range` to `subscriber`. (It throws only here, in
  /// the stub, to say it is not written yet.)
  public init(range: Range<Int>, subscriber: S) throws {
    // TODO(7a): keep the next number, the end, the demand and the subscriber.
    throw NotImplemented("7a")
  }

  /// Adds `more` to the demand, and sends what it allows; finishes once, after the last number.
  public func request(_ more: Subscribers.Demand) {
    // TODO(7a): send what is asked for, as the statement above says.
  }

  /// Sends nothing more, ever.
  public func cancel() {
    // TODO(7a): let go of the subscriber.
  }
}
