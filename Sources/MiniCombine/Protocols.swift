import LessonSupport

// The shape of Combine, and no more: what a publisher, a subscriber and a subscription say to
// each other. Not here, though Combine has them: operators, schedulers, subjects, and type
// erasure beyond AnyCancellable (no AnyPublisher, no AnySubscriber).

extension Subscribers {
  /// How a stream of values ends, normally or with an error; sent at most once.
  public enum Completion<Failure: Error> {
    /// Every value was sent.
    case finished
    /// The stream ended with an error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}

/// Something that can be stopped; stopping twice is the same as once.
public protocol Cancellable {
  /// Stops the work, and lets go of what it held.
  func cancel()
}

/// Sends values, then maybe a completion, to each subscriber that attaches, as it asks for them.
public protocol Publisher<Output, Failure> {
  /// The values it sends.
  associatedtype Output
  /// The error it can end with (`Never` for none).
  associatedtype Failure: Error

  /// Attaches `subscriber`: the publisher answers with `subscriber.receive(subscription:)`, and
  /// sends nothing before the subscriber has asked for it through that subscription.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// Receives a subscription, then values (no more than it asked for), then maybe a completion.
public protocol Subscriber<Input, Failure>: AnyObject {
  /// The values it receives.
  associatedtype Input
  /// The error the stream can end with.
  associatedtype Failure: Error

  /// The first call: keep `subscription`, and ask for values with `request(_:)`.
  func receive(subscription: any Subscription)
  /// A value; returns how many more values this subscriber wants on top of what it asked for.
  func receive(_ input: Input) -> Subscribers.Demand
  /// The last call, at most once.
  func receive(completion: Subscribers.Completion<Failure>)
}

/// The link between one publisher and one subscriber: the subscriber asks for values through
/// it, and cancels through it, from any thread (hence `Sendable`).
public protocol Subscription: Cancellable, AnyObject, Sendable {
  /// Asks for `demand` more values; demands add up.
  func request(_ demand: Subscribers.Demand)
}

/// A `Cancellable` made from a closure, which runs once: at the first `cancel()`, or when the
/// last reference goes (so that dropping it stops the work, as in Combine).
public final class AnyCancellable: Cancellable, Hashable, Sendable {
  private let action: Locked<(@Sendable () -> Void)?>

  /// Creates a cancellable that runs `cancel` once.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    action = Locked(cancel)
  }

  /// Wraps another cancellable.
  public convenience init(_ other: some Cancellable & Sendable) {
    self.init { other.cancel() }
  }

  deinit {
    cancel()
  }

  /// Runs the closure, the first time only.
  public func cancel() {
    let run = action.withLock { action in
      defer { action = nil }
      return action
    }
    run?()
  }

  /// Keeps this cancellable in `set`, as Combine's `store(in:)` does, so it lives as long.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }

  /// Identity: two cancellables are equal only if they are the same object.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

  /// Hashes the identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
