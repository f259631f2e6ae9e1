import ExerciseSupport
import Foundation
import MiniCombine

/// Exercise 7c: a publisher in a for-await loop, with failures (section 7.6).
///
/// The subscriber inside a bridge that lets `for try await` read a publisher that can fail,
/// like 7.6's `ValuesBridge`, which cannot. From any thread, at any time:
/// - each `next()` asks the subscription for exactly one value, and waits for it (nothing is
///   asked before the first `next()`; a `next()` that comes before the subscription is asked
///   for when it comes); ask after unlocking, since a publisher may send from inside
///   `request(_:)`;
/// - `.finished` ends the waiting `next()` with nil; a `.failure` is thrown by the waiting
///   `next()`, or, if none is waiting, by the next one; after the end, `next()` returns nil and
///   asks for nothing;
/// - cancelling the task that waits in `next()` cancels the subscription, and `next()` returns
///   nil; so does `cancel()`. Either way the bridge is over for good: after it nothing is
///   delivered, not a value already sent, not a failure kept for later;
/// - a continuation is resumed exactly once, even when a cancel and the completion come at
///   the same time from two threads.
/// - a subscription that comes after the end is cancelled.
/// Graded on 788 generated runs too: the page's exercise section lists what they try. A value or
/// completion after `cancel()` is dropped. Left free: what a next() called in a task already
/// cancelled gives while a failure is kept for it (the failure, or nil). Keep the state behind a
/// lock (NSLock, or Mutex from Synchronization). Resume, ask and cancel after unlocking: a
/// subscription's `request(_:)` may send and its `cancel()` may complete, and both call back into
/// the bridge.
/// Read docs/Chapter07-CustomPublishers.md#exercise-7c-a-publisher-in-a-for-await-loop-with-failures
public final class ThrowingBridge<Input: Sendable>: Subscriber, Cancellable, @unchecked Sendable {
  /// Any error: the publisher's failure, which `next()` throws.
  public typealias Failure = any Error

  // TODO(7c): the subscription, the waiting continuation, a failure to throw later, whether
  // it is over; and a lock for them.

  /// A bridge with no subscription yet.
  public init() {}

  /// Asks for one value and waits for it: nil once finished or cancelled; throws a failure once.
  public func next() async throws -> Input? {
    // TODO(7c)
    throw NotImplemented("7c")
  }

  /// Keeps the subscription, and asks for a value if a `next()` is already waiting; cancels a
  /// subscription that comes after the end.
  public func receive(subscription: any Subscription) {
    // TODO(7c)
  }

  /// Hands the value to the waiting `next()`; one was asked for, so one is waiting.
  public func receive(_ input: Input) -> Subscribers.Demand {
    // TODO(7c)
    .none
  }

  /// Ends the waiting `next()`: nil when finished, the error when failed (or keeps it for the
  /// next `next()` when none waits).
  public func receive(completion: Subscribers.Completion<any Error>) {
    // TODO(7c)
  }

  /// Cancels the subscription, then ends a waiting `next()` with nil; nothing comes after.
  public func cancel() {
    // TODO(7c)
  }
}
