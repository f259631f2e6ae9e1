import LessonSupport

extension Subscribers {
  /// A subscriber that asks for every value at once and hands each to a closure: Combine's
  /// `sink`, the usual end of a chain.
  ///
  /// ```swift
  /// let cancellable = publisher.sink { completion in
  ///   print("ended: \(completion)")
  /// } receiveValue: { value in
  ///   print(value)
  /// }
  /// ```
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, Sendable {
    private struct State: Sendable {
      var subscription: (any Subscription)?
      var done = false
    }

    private let receiveValue: @Sendable (Input) -> Void
    private let receiveCompletion: @Sendable (Subscribers.Completion<Failure>) -> Void
    // Thread safety: a publisher may call from any thread, and cancel() from another.
    private let state = Locked(State())

    /// Creates a sink that calls `receiveValue` for each value and `receiveCompletion` once.
    public init(
      receiveCompletion: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping @Sendable (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    /// Keeps the subscription and asks for everything; a second subscription is cancelled.
    public func receive(subscription: any Subscription) {
      let first = state.withLock { state in
        guard state.subscription == nil, !state.done else { return false }
        state.subscription = subscription
        return true
      }
      guard first else { return subscription.cancel() }
      subscription.request(.unlimited)
    }

    /// Hands the value on, unless the sink is done; asks for nothing more (it asked for all).
    public func receive(_ input: Input) -> Subscribers.Demand {
      guard !state.withLock({ $0.done }) else { return .none }
      receiveValue(input)
      return .none
    }

    /// Hands the completion on, the first time only, and lets go of the subscription.
    public func receive(completion: Subscribers.Completion<Failure>) {
      let first = state.withLock { state in
        defer {
          state.done = true
          state.subscription = nil
        }
        return !state.done
      }
      if first { receiveCompletion(completion) }
    }

    /// Cancels the subscription and lets go of it; nothing new reaches the closures after this
    /// (a value another thread is already handing over may still arrive).
    public func cancel() {
      let subscription = state.withLock { state in
        defer {
          state.done = true
          state.subscription = nil
        }
        return state.subscription
      }
      subscription?.cancel()
    }
  }
}

extension Publisher {
  /// Attaches a `Sink`: every value to `receiveValue`, the completion to `receiveCompletion`.
  ///
  /// Keep the result: dropping it cancels the subscription.
  public func sink(
    receiveCompletion: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping @Sendable (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion,
      receiveValue: receiveValue
    )
    receive(subscriber: sink)
    return AnyCancellable(sink)
  }
}
