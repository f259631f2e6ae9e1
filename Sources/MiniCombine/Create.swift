import Foundation

/// A publisher made from one closure, in either of two forms.
///
/// The closure form starts asynchronous work and returns a cancellable that stops it. It must
/// not block: it runs on the thread that first asks for values, and until it returns there is
/// no cancellable to stop it with. Values sent while the subscriber wants none are dropped.
///
/// ```swift
/// let numbers = Create<Int, Never> { subscriber in
///   subscriber.receive(4)
///   subscriber.receive(2)
///   subscriber.receive(completion: .finished)
///   return AnyCancellable {}
/// }
/// ```
///
/// The context form runs on a thread of its own, so it may block, and stops itself: it reads
/// `context.cancelled`, and waits in `context.waitIfPaused()` while the subscriber wants nothing.
///
/// ```swift
/// let counter = Create<Int, Never> { subscriber, context in
///   var number = 0
///   while !context.cancelled {
///     context.waitIfPaused()
///     if context.cancelled { break }  // woken by the cancel: send nothing more
///     subscriber.receive(number)
///     number += 1
///   }
/// }
/// ```
///
/// Each subscriber gets a subscription, and its own run of the closure, on its first demand.
///
/// A cancellable must not wait for the producer's threads: it may run on one of them, since a
/// subscriber can cancel from inside `receive(_:)`, and a completion runs it on the producer's.
public struct Create<Output: Sendable, Failure: Error>: Publisher, Sendable {
  private enum Producer: Sendable {
    case closure(@Sendable (Emitter) -> AnyCancellable)
    case context(@Sendable (Emitter, any CreateContext) -> Void)
  }

  private let producer: Producer

  /// The closure form: `start` begins the work, returns at once, and returns what stops it.
  public init(_ start: @escaping @Sendable (Emitter) -> AnyCancellable) {
    producer = .closure(start)
  }

  /// The context form: `run` is the work itself, on a thread of its own; it returns when done.
  public init(_ run: @escaping @Sendable (Emitter, any CreateContext) -> Void) {
    producer = .context(run)
  }

  /// Answers with a new subscription; nothing starts before the subscriber asks for a value.
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    let subscription = CreateSubscription(subscriber: subscriber) { emitter, context in
      switch producer {
      case .closure(let start):
        return start(emitter)
      case .context(let run):
        Thread { run(emitter, context) }.start()
        return nil
      }
    }
    subscriber.receive(subscription: subscription)
  }
}

extension Create {
  /// What the producer sends through, from any thread (the seed names it `subscriber`).
  public struct Emitter: Sendable {
    fileprivate let subscription: any CreateSending<Output, Failure>

    /// Sends `value` if the subscriber wants one; returns false if it was dropped (no demand,
    /// cancelled, or completed).
    @discardableResult
    public func receive(_ value: Output) -> Bool {
      subscription.send(value)
    }

    /// Ends the stream; only the first completion is passed on, and nothing after it.
    public func receive(completion: Subscribers.Completion<Failure>) {
      subscription.complete(completion)
    }
  }
}

/// The subscription as the emitter sees it, without the subscriber's type.
private protocol CreateSending<Output, Failure>: Sendable {
  associatedtype Output
  associatedtype Failure: Error
  func send(_ value: Output) -> Bool
  func complete(_ completion: Subscribers.Completion<Failure>)
}

/// What a context-form producer can ask about its subscription, from its own thread.
public protocol CreateContext: Sendable {
  /// The subscriber wants nothing right now (its demand is none).
  var paused: Bool { get }
  /// The subscription is over, cancelled or completed: stop producing.
  var cancelled: Bool { get }
  /// Blocks this thread while `paused`; returns at once if there is demand or it is over.
  func waitIfPaused()
}

/// One subscriber's subscription to a `Create`: counts demand, starts the producer on the first
/// demand, and passes values and one completion on.
private final class CreateSubscription<S: Subscriber>: Subscription, CreateContext,
  CreateSending, @unchecked Sendable
where S.Input: Sendable {
  typealias Start = (Create<S.Input, S.Failure>.Emitter, any CreateContext) -> AnyCancellable?

  // Safety: every stored `var` is read and written only while `condition` is locked.
  // The condition is also what `waitIfPaused()` sleeps on until a request or the end.
  private let condition = NSCondition()
  // One delivery at a time, so values and the completion reach the subscriber in order even
  // if a producer sends from two threads. Recursive: a subscriber may cause a send in `receive`.
  private let delivery = NSRecursiveLock()
  private var subscriber: S?  // nil once the subscription is over
  private var demand = Subscribers.Demand.none
  private var start: Start?  // nil once started
  private var cancellable: AnyCancellable?

  init(subscriber: S, start: @escaping Start) {
    self.subscriber = subscriber
    self.start = start
  }

  // MARK: Subscription, called by the subscriber

  func request(_ more: Subscribers.Demand) {
    condition.lock()
    guard subscriber != nil else { return condition.unlock() }
    demand += more
    let startNow = demand > 0 ? start : nil
    if startNow != nil { start = nil }
    condition.broadcast()  // wakes a producer waiting in waitIfPaused()
    condition.unlock()

    // Outside the lock: the producer may send at once, and sending takes the lock.
    guard let startNow else { return }
    let emitter = Create<S.Input, S.Failure>.Emitter(subscription: self)
    guard let started = startNow(emitter, self) else { return }
    condition.lock()
    let over = subscriber == nil
    if !over { cancellable = started }
    condition.unlock()
    if over { started.cancel() }  // cancelled (or completed) while it was starting
  }

  func cancel() {
    condition.lock()
    subscriber = nil
    start = nil
    let stop = cancellable
    cancellable = nil
    condition.broadcast()  // a producer in waitIfPaused() returns and sees `cancelled`
    condition.unlock()
    stop?.cancel()
  }

  // MARK: Emitter, called by the producer

  func send(_ value: S.Input) -> Bool {
    delivery.lock()
    defer { delivery.unlock() }
    condition.lock()
    guard let subscriber, demand > 0 else {
      condition.unlock()
      return false  // no demand: dropped, as the closure form promises
    }
    demand -= 1
    condition.unlock()

    let more = subscriber.receive(value)  // outside the state lock: it may request or cancel
    condition.lock()
    if self.subscriber != nil { demand += more }
    condition.unlock()
    return true
  }

  func complete(_ completion: Subscribers.Completion<S.Failure>) {
    let stop = deliver(completion)
    stop?.cancel()  // outside both locks: the work is done; let go of what the producer held
  }

  /// Passes the first completion on, ends the subscription, and returns the producer's
  /// cancellable.
  private func deliver(_ completion: Subscribers.Completion<S.Failure>) -> AnyCancellable? {
    delivery.lock()
    defer { delivery.unlock() }
    condition.lock()
    let last = subscriber
    subscriber = nil
    let stop = cancellable
    cancellable = nil
    condition.broadcast()
    condition.unlock()

    last?.receive(completion: completion)  // nil if already over: only the first one passes
    return stop
  }

  // MARK: CreateContext, read by a context-form producer

  var paused: Bool {
    condition.lock()
    defer { condition.unlock() }
    return subscriber != nil && demand == .none
  }

  var cancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return subscriber == nil
  }

  func waitIfPaused() {
    condition.lock()
    while subscriber != nil, demand == .none {
      condition.wait()
    }
    condition.unlock()
  }
}
