// 7.4 A number generator on a thread.
// Read with docs/Chapter07-CustomPublishers.md#74-a-number-generator-on-a-thread
import Foundation
import LessonSupport
import MiniCombine

// snippet.number-generator
/// The seed's number generator: counts from 0 on a thread of its own, until cancelled.
///
/// The seed stops it with `thread.cancel()`; `Thread` is not `Sendable` in Swift 6 on Linux, so a
/// locked flag carries the stop instead. `stopped` hears how many numbers were sent.
func numberGenerator(stopped: @escaping @Sendable (Int) -> Void) -> Create<Int, Never> {
  Create<Int, Never> { subscriber in
    let stop = Locked(false)
    Thread {
      var number = 0
      while !stop.withLock({ $0 }) {
        subscriber.receive(number)
        number += 1
      }
      stopped(number)
    }.start()
    return AnyCancellable { stop.withLock { $0 = true } }  // returned at once: the thread works
  }
}
// snippet.end

// snippet.blocking-generator
/// The seed's invalid version: the loop runs inside the closure, which never returns.
///
/// So there is no cancellable to stop it. This one gives up after `safetyLimit` numbers (the
/// seed's loops forever), and reports how many the subscriber never saw.
func blockingGenerator(
  safetyLimit: Int,
  report: @escaping @Sendable (_ sent: Int, _ dropped: Int) -> Void
) -> Create<Int, Never> {
  Create<Int, Never> { subscriber in
    let stop = Locked(false)  // the seed's `var isCancelled` does not compile in Swift 6
    var (number, dropped) = (0, 0)
    while !stop.withLock({ $0 }), number < safetyLimit {
      if !subscriber.receive(number) { dropped += 1 }
      number += 1
    }
    report(number, dropped)
    return AnyCancellable { stop.withLock { $0 = true } }  // too late: the loop is over
  }
}
// snippet.end

func runGenerator(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    The closure starts a thread and returns at once; the thread sends until the cancellable
    stops it. The subscriber wants everything, and cancels at 1000:
    """
  )
  let stopped = OneShotSignal<Int>()
  let counting = CountingSubscriber(cancelAt: 1_000)
  numberGenerator { stopped.fire($0) }.receive(subscriber: counting)
  let sent = await stopped.wait()
  console.print(
    """
      subscriber: got \(counting.values.count) numbers, \(counting.inOrder ? "0 to 1000 in order" : "out of order"), then cancelled
      thread: \(sent > 1_000 ? "stopped" : "stopped early")
    The cancel ran the closure's cancellable, and the loop ended. The thread may even start
    sending before the closure has returned that cancellable, and the cancel may come first:
    Create then runs the cancellable as soon as the closure returns it. Either way, nothing
    after the 1000 reached the subscriber.
    """
  )

  console.print(
    """
    Now the seed's invalid version, whose loop runs inside the closure. Same subscriber:
    """
  )
  let report = OneShotSignal<(sent: Int, dropped: Int)>()
  let blocked = CountingSubscriber(cancelAt: 1_000)
  blockingGenerator(safetyLimit: 100_000) { report.fire(($0, $1)) }.receive(subscriber: blocked)
  let (blockingSent, dropped) = await report.wait()
  console.print(
    """
      subscriber: got \(blocked.values.count) numbers, then cancelled
      closure: sent \(blockingSent) before its safety limit; \(dropped) went nowhere
    receive(subscriber:) returned only then: the closure ran on this task's thread, inside the
    first request, and blocked it. The cancel at 1000 found no cancellable to call, because the
    closure had not returned one yet. Without the limit it would never return.
    """
  )
}

/// Wants every value, and cancels its subscription from inside `receive(_:)` at `cancelAt`.
final class CountingSubscriber: Subscriber, Sendable {
  private let cancelAt: Int
  private let state = Locked((values: [Int](), subscription: (any Subscription)?.none))

  init(cancelAt: Int) {
    self.cancelAt = cancelAt
  }

  var values: [Int] { state.withLock { $0.values } }
  var inOrder: Bool { values == Array(0..<values.count) }

  func receive(subscription: any Subscription) {
    state.withLock { $0.subscription = subscription }
    subscription.request(.unlimited)
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    let subscription = state.withLock { state in
      state.values.append(input)
      return input == cancelAt ? state.subscription : nil
    }
    subscription?.cancel()
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
