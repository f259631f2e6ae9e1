import ExerciseSupport
import Foundation
import MiniCombine

/// Exercise 7c: a publisher read ahead, with failures (reference solution).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7c-a-publisher-read-ahead-with-failures
public final class PrefetchingBridge<Input: Sendable>: Subscriber, Cancellable, @unchecked Sendable
{
  /// Any error: the publisher's failure, which `next()` throws.
  public typealias Failure = any Error

  // Safety: every `var` is read and written only while `lock` is held; continuations are
  // resumed, and the subscription asked and cancelled, after it is released.
  private let lock = NSLock()
  private let prefetch: Int
  private var subscription: (any Subscription)?  // nil before it comes, and after the end
  private var buffer: [Input] = []  // values that came while no next() waited, oldest first
  private var waiting: CheckedContinuation<Input?, any Error>?
  private var failure: (any Error)?  // thrown once the buffer is empty
  private var ended = false  // the completion came: what is buffered is all there is
  private var cancelled = false

  /// A bridge that keeps `prefetch` values asked for ahead of the loop (at least 1).
  public init(prefetch: Int) {
    self.prefetch = prefetch
  }

  /// What `next()` does, decided under the lock and done after it.
  private enum Step {
    case take(Input, askAgain: (any Subscription)?)
    case wait
    case fail(any Error)
    case end
  }

  /// The oldest value kept, asking for one more; else waits for one.
  ///
  /// Throws a failure once, after the values that came before it; then returns nil.
  public func next() async throws -> Input? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let step = lock.withLock { () -> Step in
          if !buffer.isEmpty {
            // One value leaves the buffer: one more is asked for, while the publisher still runs.
            return .take(buffer.removeFirst(), askAgain: subscription)
          }
          if let failure {
            self.failure = nil
            return .fail(failure)
          }
          if ended || cancelled { return .end }
          waiting = continuation  // asked for already, or when the subscription comes
          return .wait
        }
        switch step {
        case .take(let value, let subscription):
          subscription?.request(.max(1))  // it may send at once: that value is buffered
          continuation.resume(returning: value)
        case .wait: break
        case .fail(let error): continuation.resume(throwing: error)
        case .end: continuation.resume(returning: nil)
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// Keeps the subscription and asks for `prefetch` values at once; cancels a subscription that
  /// comes after the end.
  public func receive(subscription: any Subscription) {
    let late = lock.withLock { () -> Bool in
      if ended || cancelled { return true }
      self.subscription = subscription
      return false
    }
    if late {
      subscription.cancel()
    } else {
      subscription.request(.max(prefetch))
    }
  }

  /// Hands the value to a waiting `next()` and asks for one more by the demand it returns; with
  /// none waiting, keeps it.
  public func receive(_ input: Input) -> Subscribers.Demand {
    let waiting = lock.withLock { () -> CheckedContinuation<Input?, any Error>? in
      guard !ended, !cancelled else { return nil }  // a value on its way after the end: dropped
      guard let waiting = self.waiting else {
        buffer.append(input)
        return nil
      }
      self.waiting = nil
      return waiting
    }
    guard let waiting else { return .none }
    waiting.resume(returning: input)
    return .max(1)  // one value taken: one more asked for
  }

  /// Ends a waiting `next()`, or keeps a failure for after the values kept.
  ///
  /// None waits while values are kept; a waiting one gets nil when finished, the error when
  /// failed.
  public func receive(completion: Subscribers.Completion<any Error>) {
    let waiting = lock.withLock { () -> CheckedContinuation<Input?, any Error>? in
      guard !ended, !cancelled else { return nil }
      ended = true
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

  /// Cancels the subscription, drops what is kept, then ends a waiting `next()` with nil.
  public func cancel() {
    let (subscription, waiting) = lock.withLock {
      defer {
        (cancelled, self.subscription, self.waiting, failure) = (true, nil, nil, nil)
        buffer = []
      }
      return (self.subscription, self.waiting)
    }
    subscription?.cancel()
    waiting?.resume(returning: nil)
  }
}
