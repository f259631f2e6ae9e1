import LessonSupport
import MiniCombine

/// Things that happened, in order, for a test to await one at a time.
///
/// ```swift
/// let events = EventQueue()
/// Thread { events.note("started") }.start()
/// let first = await events.next()  // "started", once the thread has said so
/// XCTAssertEqual(first, "started")
/// ```
///
/// One waiter at a time: a test awaits, then awaits again.
public final class EventQueue: Sendable {
  private struct State {
    var pending: [String] = []
    var waiter: CheckedContinuation<String, Never>?
  }
  private let state = Locked(State())

  /// Creates an empty queue.
  public init() {}

  /// Records `event`, or hands it to the test waiting in `next()`.
  public func note(_ event: String) {
    let waiter = state.withLock { state -> CheckedContinuation<String, Never>? in
      guard let waiter = state.waiter else {
        state.pending.append(event)
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: event)
  }

  /// The oldest event not yet returned, waiting for one if there is none.
  public func next() async -> String {
    await withCheckedContinuation { continuation in
      let event = state.withLock { state -> String? in
        guard state.pending.isEmpty else { return state.pending.removeFirst() }
        state.waiter = continuation
        return nil
      }
      if let event { continuation.resume(returning: event) }
    }
  }

  /// The events before `event`, once `event` has come (it is consumed, not returned).
  public func events(until event: String) async -> [String] {
    var seen: [String] = []
    while true {
      let next = await next()
      if next == event { return seen }
      seen.append(next)
    }
  }
}

/// A subscriber for tests: it records what it receives as text ("3", "finished"), asks for
/// nothing by itself, and answers each value with `answer`, which may also request or cancel
/// through `subscription` from inside `receive(_:)`.
///
/// ```swift
/// // Fragment: asks for one more with each value, and cancels at the 3.
/// let recorder = RecordingSubscriber<Int, Never> { value, recorder in
///   if value == 3 { recorder.subscription.cancel() }
///   return .max(1)
/// }
/// publisher.receive(subscriber: recorder)
/// recorder.subscription.request(.max(1))
/// XCTAssertEqual(recorder.log, ["0", "1", "2", "3"])
/// ```
///
/// Each value and the completion are also noted on `events`, after they are recorded.
public final class RecordingSubscriber<Input: Sendable, Failure: Error>: Subscriber, Sendable {
  /// What came, as it came; a producer under test may note its own events here too.
  public let events = EventQueue()
  private let recorded = Locked<[String]>([])
  private let subscriptionBox = Locked<(any Subscription)?>(nil)
  private let answer: @Sendable (Input, RecordingSubscriber) -> Subscribers.Demand

  /// Creates a subscriber that answers each value with `answer` (by default, `.none`).
  public init(
    answer: @escaping @Sendable (Input, RecordingSubscriber) -> Subscribers.Demand = { _, _ in
      .none
    }
  ) {
    self.answer = answer
  }

  /// Every value and the completion, as text, in order.
  public var log: [String] { recorded.withLock { $0 } }

  /// The subscription it was given; a test calls this only after subscribing.
  public var subscription: any Subscription {
    guard let subscription = subscriptionBox.withLock({ $0 }) else {
      preconditionFailure("RecordingSubscriber: no subscription yet")
    }
    return subscription
  }

  /// Keeps the subscription, and asks for nothing.
  public func receive(subscription: any Subscription) {
    subscriptionBox.withLock { $0 = subscription }
  }

  /// Records the value, then returns what `answer` says.
  public func receive(_ input: Input) -> Subscribers.Demand {
    recorded.withLock { $0.append("\(input)") }
    events.note("\(input)")
    return answer(input, self)
  }

  /// Records the completion.
  public func receive(completion: Subscribers.Completion<Failure>) {
    recorded.withLock { $0.append("\(completion)") }
    events.note("\(completion)")
  }
}

/// A subscription that sends nothing by itself: it records each request and cancel, in `log`
/// and on `events`, so a test can see what a subscriber asked and await it.
public final class SpySubscription: Subscription {
  /// "request max(1)", "cancel", as they come.
  public let events = EventQueue()
  private let recorded = Locked<[String]>([])

  /// Creates a subscription that has been asked nothing.
  public init() {}

  /// "request max(1)", "cancel", in order.
  public var log: [String] { recorded.withLock { $0 } }

  /// Records the request.
  public func request(_ demand: Subscribers.Demand) {
    recorded.withLock { $0.append("request \(demand)") }
    events.note("request \(demand)")
  }

  /// Records the cancel.
  public func cancel() {
    recorded.withLock { $0.append("cancel") }
    events.note("cancel")
  }
}
