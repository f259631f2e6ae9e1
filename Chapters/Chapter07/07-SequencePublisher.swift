// 7.7 An async sequence as a publisher.
// Read with docs/Chapter07-CustomPublishers.md#77-an-async-sequence-as-a-publisher
import Foundation
import LessonSupport
import MiniCombine

// snippet.sequence-publisher
extension AsyncSequence where Self: Sendable, Element: Sendable, Failure == Never {
  /// This sequence as a publisher: a task reads the next element only when one is wanted.
  var publisher: SequencePublisher<Self> { SequencePublisher(sequence: self) }
}

/// Sends a sequence's elements, as asked for, then finished.
struct SequencePublisher<Base: AsyncSequence & Sendable>: Publisher
where Base.Element: Sendable, Base.Failure == Never {
  typealias Output = Base.Element
  typealias Failure = Never
  let sequence: Base

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: SequenceSubscription(sequence, subscriber))
  }
}

/// One subscriber's reading of the sequence: a task that waits for demand before each element.
final class SequenceSubscription<Base: AsyncSequence & Sendable>: Subscription, @unchecked Sendable
where Base.Element: Sendable, Base.Failure == Never {
  // Safety: every `var` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var demand = Subscribers.Demand.none
  private var waiting: CheckedContinuation<Bool, Never>?  // the task, waiting for demand
  private var task: Task<Void, Never>?
  private var subscriber: (any Subscriber<Base.Element, Never>)?  // nil once over
  private let sequence: Base

  init(_ sequence: Base, _ subscriber: any Subscriber<Base.Element, Never>) {
    self.sequence = sequence
    self.subscriber = subscriber
  }

  func request(_ more: Subscribers.Demand) {
    let wake = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
      guard subscriber != nil else { return nil }
      demand += more
      if task == nil, demand > 0 { task = Task { await self.run() } }  // on the first demand
      guard demand > 0, let waiting else { return nil }
      demand -= 1
      self.waiting = nil
      return waiting
    }
    wake?.resume(returning: true)
  }

  func cancel() {
    let (task, waiting) = lock.withLock {
      defer { (subscriber, self.task, self.waiting) = (nil, nil, nil) }
      return (self.task, self.waiting)
    }
    task?.cancel()  // stops a next() that is waiting, if the sequence minds cancellation
    waiting?.resume(returning: false)
  }

  private func run() async {
    var elements = sequence.makeAsyncIterator()
    // isolation: nil, because this task runs on no actor: next() need not hop anywhere.
    while await wantsOne(), let element = await elements.next(isolation: nil) {
      guard let subscriber = lock.withLock({ subscriber }) else { return }
      let more = subscriber.receive(element)  // outside the lock: it may request or cancel
      lock.withLock { demand += more }
    }
    let last = lock.withLock {
      defer { subscriber = nil }
      return subscriber
    }
    last?.receive(completion: .finished)  // nil if it was cancelled
  }

  /// Takes one unit of demand, waiting for a request if there is none; false once over.
  private func wantsOne() async -> Bool {
    await withCheckedContinuation { continuation in
      let answer = lock.withLock { () -> Bool? in
        guard subscriber != nil else { return false }
        guard demand > 0 else {
          waiting = continuation
          return nil
        }
        demand -= 1
        return true
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }
}
// snippet.end

/// An endless async sequence of numbers from 0 that says each time it is asked for one.
struct TalkingNumbers: AsyncSequence, Sendable {
  let say: @Sendable (String) -> Void

  struct AsyncIterator: AsyncIteratorProtocol {
    let say: @Sendable (String) -> Void
    var number = 0

    mutating func next() async -> Int? {
      say("next() gives \(number)")
      defer { number += 1 }
      return number
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(say: say)
  }
}

func runSequencePublisher(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    The other way round: a publisher that reads an async sequence, one next() per value wanted.
    An endless sequence that talks, to a subscriber asking for 2, then 1 more:
    """
  )
  let (received, arrived) = AsyncStream.makeStream(of: Int.self)
  let numbers = TalkingNumbers { console.print("  sequence: \($0)") }
  let subscriber = TracingSubscriber<Int, Never>(console, asksFor: .max(2)) { _ in
    .none
  } printed: { value in
    arrived.yield(value)
  }
  numbers.publisher.receive(subscriber: subscriber)
  var values = received.makeAsyncIterator()
  while let value = await values.next(), value < 1 {}
  subscriber.request(.max(1))
  while let value = await values.next(), value < 2 {}
  subscriber.cancel()
  console.print(
    """
    The sequence was asked three times, for the three values wanted, and not a fourth: the
    task waits for demand before it calls next(). The cancel also cancels that task.
    """
  )
}
