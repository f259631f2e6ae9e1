import ExerciseSupport
import MiniCombine

/// Exercise 7a: a subscription that asks its source only for what is owed (reference solution).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7a-pull-only-what-is-owed
public final class IteratorSubscription<Source: IteratorProtocol, S: Subscriber>: Subscription,
  @unchecked Sendable
where S.Input == Source.Element, S.Failure == Never {
  // Safety: called from one thread at a time, as the exercise says; Create is the thread-safe one.
  private var source: Source?  // nil once over: never asked again, and let go
  private var subscriber: S?  // nil once over: nothing more is sent
  private var demand = Subscribers.Demand.none
  private var sending = false  // a request from inside receive(_:) only adds to the demand

  /// A subscription sending what `source` gives to `subscriber`.
  public init(source: Source, subscriber: S) throws {
    self.source = source
    self.subscriber = subscriber
  }

  /// Adds `more` to the demand, and asks the source for each value it allows, one at a time.
  public func request(_ more: Subscribers.Demand) {
    demand += more
    guard !sending else { return }  // the loop below, further up the stack, will send it
    sending = true
    defer { sending = false }
    while demand > 0, let subscriber {
      // Asked on the stored source itself: a copy of a value-type iterator would start again.
      guard let value = source?.next() else {
        // The source has no more, and it is the only one who can say so.
        self.subscriber = nil
        source = nil
        subscriber.receive(completion: .finished)
        return
      }
      demand -= 1
      demand += subscriber.receive(value)
    }
  }

  /// Asks and sends nothing more, ever.
  public func cancel() {
    subscriber = nil
    source = nil
  }
}
