import LessonSupport
import MiniCombine

/// A subscriber that prints every call it gets, so a section can show the conversation.
///
/// It asks for `initial` values when it gets its subscription, and for `more(value)` after each
/// value; the section can also ask and cancel by hand, through `request(_:)` and `cancel()`.
/// `printed` hears each value once its line is out, so a section can wait for it.
final class TracingSubscriber<Input: Sendable, Failure: Error>: Subscriber, Sendable {
  private let console: Console
  private let initial: Subscribers.Demand
  private let more: @Sendable (Input) -> Subscribers.Demand
  private let printed: @Sendable (Input) -> Void
  private let subscription = Locked<(any Subscription)?>(nil)
  private let received = Locked<[Input]>([])

  init(
    _ console: Console,
    asksFor initial: Subscribers.Demand,
    thenAfterEach more: @escaping @Sendable (Input) -> Subscribers.Demand = { _ in .none },
    printed: @escaping @Sendable (Input) -> Void = { _ in }
  ) {
    self.console = console
    self.initial = initial
    self.more = more
    self.printed = printed
  }

  /// The values received so far.
  var values: [Input] { received.withLock { $0 } }

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = subscription }
    console.print("  subscriber: subscribed, asks for \(initial)")
    if initial != .none { subscription.request(initial) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    received.withLock { $0.append(input) }
    let demand = more(input)
    console.print("  subscriber: got \(input)" + (demand == .none ? "" : ", wants \(demand) more"))
    printed(input)
    return demand
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    console.print("  subscriber: \(completion)")
  }

  /// Asks for `demand` more, and says so.
  func request(_ demand: Subscribers.Demand) {
    console.print("  subscriber: asks for \(demand) more")
    subscription.withLock { $0 }?.request(demand)
  }

  /// Cancels, and says so.
  func cancel() {
    console.print("  subscriber: cancels")
    subscription.withLock { $0 }?.cancel()
  }
}
