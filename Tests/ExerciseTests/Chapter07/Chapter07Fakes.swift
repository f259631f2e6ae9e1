import Foundation
import LessonSupport
import MiniCombine

/// A subscriber that records what it gets as text ("3", "finished"), and answers each value
/// with `answer`, which may also call its subscription (to request more, or cancel, from inside
/// `receive(_:)`).
final class RecordingSubscriber<Input: Sendable, Failure: Error>: Subscriber, Sendable {
  private let recorded = Locked<[String]>([])
  private let subscriptionBox = Locked<(any Subscription)?>(nil)
  private let answer: @Sendable (Input, RecordingSubscriber) -> Subscribers.Demand

  init(
    answer: @escaping @Sendable (Input, RecordingSubscriber) -> Subscribers.Demand = { _, _ in
      .none
    }
  ) {
    self.answer = answer
  }

  /// What came, in order.
  var log: [String] { recorded.withLock { $0 } }
  /// The subscription it was given, if any.
  var subscription: (any Subscription)? { subscriptionBox.withLock { $0 } }

  func receive(subscription: any Subscription) {
    subscriptionBox.withLock { $0 = subscription }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    recorded.withLock { $0.append("\(input)") }
    return answer(input, self)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    recorded.withLock { $0.append("\(completion)") }
  }
}

/// Things that happened, in order, for a test to wait on one at a time (one waiter at a time).
final class Events: Sendable {
  private struct State {
    var pending: [String] = []
    var waiter: CheckedContinuation<String, Never>?
  }
  private let state = Locked(State())

  /// Records `event`, or hands it to the test waiting in `next()`.
  func note(_ event: String) {
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
  func next() async -> String {
    await withCheckedContinuation { continuation in
      let event = state.withLock { state -> String? in
        guard state.pending.isEmpty else { return state.pending.removeFirst() }
        state.waiter = continuation
        return nil
      }
      if let event { continuation.resume(returning: event) }
    }
  }
}

/// A subscription that sends nothing by itself: it records each request and cancel, in `log`
/// and as `events`, so a test can wait for them.
final class SpySubscription: Subscription {
  let events = Events()
  private let recorded = Locked<[String]>([])

  /// "request max(1)", "cancel", in order.
  var log: [String] { recorded.withLock { $0 } }

  func request(_ demand: Subscribers.Demand) {
    recorded.withLock { $0.append("request \(demand)") }
    events.note("request \(demand)")
  }

  func cancel() {
    recorded.withLock { $0.append("cancel") }
    events.note("cancel")
  }
}
