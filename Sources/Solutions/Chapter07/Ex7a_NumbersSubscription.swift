import ExerciseSupport
import MiniCombine

/// Exercise 7a: the demand bookkeeping of a subscription (reference solution).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7a-the-demand-bookkeeping
public final class NumbersSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Int, S.Failure == Never {
  // Safety: called from one thread at a time, as the exercise says; Create is the thread-safe one.
  private var next: Int
  private let end: Int
  private var demand = Subscribers.Demand.none
  private var subscriber: S?  // nil once finished or cancelled: nothing more is sent
  private var sending = false  // a request from inside receive(_:) only adds to the demand

  /// A subscription sending the numbers in `range` to `subscriber`.
  public init(range: Range<Int>, subscriber: S) throws {
    next = range.lowerBound
    end = range.upperBound
    self.subscriber = subscriber
  }

  /// Adds `more` to the demand, and sends what it allows; finishes once, after the last number.
  public func request(_ more: Subscribers.Demand) {
    demand += more
    guard !sending else { return }  // the loop below, further up the stack, will send it
    sending = true
    defer { sending = false }
    while demand > 0, next < end, let subscriber {
      demand -= 1
      let number = next
      next += 1
      demand += subscriber.receive(number)
    }
    if next == end, let subscriber {
      self.subscriber = nil
      subscriber.receive(completion: .finished)
    }
  }

  /// Sends nothing more, ever.
  public func cancel() {
    subscriber = nil
  }
}
