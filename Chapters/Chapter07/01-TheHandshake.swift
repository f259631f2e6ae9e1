// 7.1 Publisher, subscriber, demand.
// Read with docs/Chapter07-CustomPublishers.md#71-publisher-subscriber-demand
import LessonSupport
import MiniCombine

// snippet.countdown
/// Counts down from `start` to 1, one number per unit of demand, then finishes.
struct Countdown: Publisher {
  typealias Output = Int
  typealias Failure = Never
  let start: Int

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: CountdownSubscription(next: start, subscriber: subscriber))
  }
}

/// The subscription does the work: it sends only what was asked for, and stops when cancelled.
final class CountdownSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Int, S.Failure == Never {
  // Safety: this section calls it from one task only; Create (7.2) is the thread-safe one.
  private var next: Int
  private var demand = Subscribers.Demand.none
  private var subscriber: S?  // nil once finished or cancelled: nothing more is sent
  private var sending = false  // a request from inside receive(_:) only adds to the demand

  init(next: Int, subscriber: S) {
    self.next = next
    self.subscriber = subscriber
  }

  func request(_ more: Subscribers.Demand) {
    demand += more
    guard !sending else { return }
    sending = true
    while demand > 0, next > 0, let subscriber {
      demand -= 1
      demand += subscriber.receive(next)  // the subscriber may want more: demands add up
      next -= 1
    }
    sending = false
    if next == 0, let subscriber {
      self.subscriber = nil
      subscriber.receive(completion: .finished)
    }
  }

  func cancel() {
    subscriber = nil
  }
}
// snippet.end

func runTheHandshake(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    A publisher sends nothing until asked. It hands each subscriber a subscription; the
    subscriber asks for values through it (its demand) and may ask for more with each value.
    Countdown(start: 5), a subscriber asking for 2, then 1 more after the 4:
    """
  )
  let subscriber = TracingSubscriber<Int, Never>(console, asksFor: .max(2)) { value in
    value == 4 ? .max(1) : .none
  }
  Countdown(start: 5).receive(subscriber: subscriber)
  console.print("Three values, then silence: the demand is spent. Two more requests:")
  subscriber.request(.max(1))
  subscriber.request(.unlimited)
  console.print(
    """
    MiniCombine's demand adds up and saturates (its own choice, see the docs):
      .max(2) + .max(3) = \(Subscribers.Demand.max(2) + .max(3))
      .max(Int.max) + .max(1) = \(Subscribers.Demand.max(Int.max) + .max(1)) (not a trap)
      .max(2) - .max(5) = \(Subscribers.Demand.max(2) - .max(5)) (never negative here)
    The subscription holds the bookkeeping: count the demand down with each value, add what
    receive(_:) returns, stop at zero, and after the completion or a cancel send nothing.
    """
  )
}
