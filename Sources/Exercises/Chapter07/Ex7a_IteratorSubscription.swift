import ExerciseSupport
import MiniCombine

/// Exercise 7a: a subscription that asks its source only for what is owed (section 7.1).
///
/// The subscription of a publisher whose values come from `source`, an iterator that may be
/// costly to ask (a file read line by line, a database cursor) and may never end:
/// - ask the source for a value (`next()`) only when one is owed to the subscriber, right before
///   sending it: never ahead, never before the first request, never for a request of `.none`;
/// - send no more values than the subscriber has asked for in all: its requests, which add up,
///   plus what each `receive(_:)` returns, counted as a `Subscribers.Demand` counts: it
///   saturates (where `Int.max + 1` traps), and `.unlimited` is not a number;
/// - only the source knows its end: when `next()` returns nil, send `.finished` at once, and
///   never ask the source again (each ask may be a costly read, and an iterator written by hand
///   may not keep the standard library's promise of nil again). So when three values of three
///   are asked for, they are sent, and the end comes only with a later request;
/// - after `cancel()`, ask and send nothing: no value, no completion, also for a cancel from
///   inside `receive(_:)`;
/// - hold the subscriber strongly until the subscription is over: nothing else may hold it.
///   After `cancel()` or `.finished`, let go of it (it holds this subscription, so the two would
///   keep each other alive) and of the source, which may hold a file open;
/// - a subscriber may call `request(_:)` from inside `receive(_:)`: add it to the demand, and let
///   the loop already sending ask for it. (A request that starts a loop of its own inside the
///   first nests once per value, and overflows the stack on a long source.) A request after the
///   end is no error: it does nothing;
/// - the publisher hands this subscription to the subscriber (`receive(subscription:)`), once,
///   after `init`; do not do it yourself. Keep no value once sent, at any moment. Never keep
///   yourself alive: when those who hold the subscription let go, it is freed, over or not.
/// Advance the source you stored: most iterators are structs whose copies each keep a place of
/// their own, so what a copy reads is lost to the stored one. Calls come from one thread at a time; no lock is
/// needed.
/// Graded on 603 generated scenarios too: the page's exercise section lists what they try. Left
/// free: how you keep the count, if it counts as a `Demand` does (an `Int` with `Int.max`
/// standing for unlimited differs from it only after `Int.max` values, which nobody can wait
/// for).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7a-pull-only-what-is-owed
public final class IteratorSubscription<Source: IteratorProtocol, S: Subscriber>: Subscription,
  @unchecked Sendable
where S.Input == Source.Element, S.Failure == Never {
  /// A subscription sending what `source` gives to `subscriber`. (It throws only here, in the
  /// stub, to say it is not written yet.)
  public init(source: Source, subscriber: S) throws {
    // TODO(7a): keep the source, the demand and the subscriber.
    throw NotImplemented("7a")
  }

  /// Adds `more` to the demand, and asks the source for each value it allows, one at a time.
  public func request(_ more: Subscribers.Demand) {
    // TODO(7a): ask and send what is owed, as the statement above says.
  }

  /// Asks and sends nothing more, ever.
  public func cancel() {
    // TODO(7a): let go of the subscriber and the source.
  }
}
