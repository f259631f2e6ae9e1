import ExerciseSupport
import Foundation
import MiniCombine

/// Exercise 7c: a publisher in a for-await loop, with failures (reference solution).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7c-a-publisher-in-a-for-await-loop-with-failures
public final class ThrowingBridge<Input: Sendable>: Subscriber, Cancellable, @unchecked Sendable {
  /// Any error: the publisher's failure, which `next()` throws.
  public typealias Failure = any Error

  // Safety: every `var` is read and written only while `lock` is held; continuations are
  // resumed after it is released.
  private let lock = NSLock()
  private var subscription: (any Subscription)?
  private var waiting: CheckedContinuation<Input?, any Error>?
  private var failure: (any Error)?  // came while no next() waited: the next one throws it
  private var over = false

  /// A bridge with no subscription yet.
  public init() {}

  /// What `next()` does, decided under the lock and done after it.
  private enum Step {
    case ask(any Subscription)
    case wait  // no subscription yet: it asks when one comes
    case fail(any Error)
    case end
  }

  /// Asks for one value and waits for it: nil once finished or cancelled; throws a failure once.
  public func next() async throws -> Input? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let step = lock.withLock { () -> Step in
          if let failure {
            self.failure = nil
            return .fail(failure)
          }
          if over { return .end }
          waiting = continuation
          return subscription.map { .ask($0) } ?? .wait
        }
        switch step {
        case .ask(let subscription): subscription.request(.max(1))  // the value may come at once
        case .wait: break
        case .fail(let error): continuation.resume(throwing: error)
        case .end: continuation.resume(returning: nil)
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// Keeps the subscription, and asks for a value if a `next()` is already waiting; cancels a
  /// subscription that comes after the end.
  public func receive(subscription: any Subscription) {
    let (late, someoneWaits) = lock.withLock { () -> (Bool, Bool) in
      if !over { self.subscription = subscription }
      return (over, waiting != nil)
    }
    if late {
      subscription.cancel()
    } else if someoneWaits {
      subscription.request(.max(1))
    }
  }

  /// Hands the value to the waiting `next()`; one was asked for, so one is waiting.
  public func receive(_ input: Input) -> Subscribers.Demand {
    let waiting = lock.withLock {
      defer { self.waiting = nil }
      return self.waiting
    }
    waiting?.resume(returning: input)
    return .none  // the next next() asks for the next value
  }

  /// Ends the waiting `next()`: nil when finished, the error when failed (or keeps it for the
  /// next `next()` when none waits).
  public func receive(completion: Subscribers.Completion<any Error>) {
    let waiting = lock.withLock { () -> CheckedContinuation<Input?, any Error>? in
      guard !over else { return nil }
      over = true
      subscription = nil
      defer { self.waiting = nil }
      if case .failure(let error) = completion, self.waiting == nil { failure = error }
      return self.waiting
    }
    switch completion {
    case .finished: waiting?.resume(returning: nil)
    case .failure(let error): waiting?.resume(throwing: error)
    }
  }

  /// Cancels the subscription, then ends a waiting `next()` with nil; nothing comes after.
  public func cancel() {
    let (subscription, waiting) = lock.withLock {
      defer { (over, self.subscription, self.waiting, failure) = (true, nil, nil, nil) }
      return (self.subscription, self.waiting)
    }
    subscription?.cancel()
    waiting?.resume(returning: nil)
  }
}
