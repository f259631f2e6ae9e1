import ExerciseSupport
import MiniCombine

/// Exercise 7a: a subscription that asks its source only for what is owed (section 7.1).
///
/// The subscription of a publisher whose values come from `source`, an iterator that may be
/// costly to ask (a file read line by line, a database cursor) and may never end:
/// - ask the source for a value (`next()`) only when one is owed to the subscriber, right before
///   sending it: never ahead, never before the first request, never for a request of `.none`;
/// - send no more values than the subscriber has asked for in all: its requests, which add up,
///   plus what each `receive(_:)` returns. Keep the count in a `Subscribers.Demand`:
///   `.unlimited` is not a number, and `Int.max + 1` traps where `Demand` saturates;
/// - only the source knows its end: when `next()` returns nil, send `.finished` at once, and
///   never ask the source again (an iterator that has returned nil may go on or trap). So the
///   end of a source of three values asked for three comes only at a later request;
/// - after `cancel()`, ask and send nothing: no value, no completion, also for a cancel from
///   inside `receive(_:)`;
/// - after `cancel()` or `.finished`, let go of the subscriber, which holds this subscription
///   (kept, the two keep each other alive), and of the source, which may hold a file open;
/// - a subscriber may call `request(_:)` from inside `receive(_:)`: add it to the demand, and let
///   the loop already sending ask for it. (A request that starts a loop of its own inside the
///   first nests once per value, and overflows the stack on a long source.) A request after the
///   end is no error: it does nothing;
/// - the publisher hands this subscription to the subscriber (`receive(subscription:)`), once,
///   after `init`; do not do it yourself. Once over, keep nothing alive, yourself included: when
///   those who hold the subscription let go, it is freed.
/// The source may be a struct: each copy of it starts where the copy was made. Calls come from
/// one thread at a time; no lock is needed.
/// Graded on 603 generated scenarios too: the page's exercise section lists what they try. Left
/// free: how the count is kept, if it counts as a `Demand` does (an `Int` with `Int.max` for
/// unlimited parts from it only after `Int.max` values, which nobody can wait for).
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
