// 7.6 A publisher in a for-await loop.
// Read with docs/Chapter07-CustomPublishers.md#76-a-publisher-in-a-for-await-loop
import LessonSupport
import MiniCombine

// snippet.publisher-values
extension Publisher where Failure == Never, Output: Sendable {
  /// The values as an async sequence: each `next()` asks the publisher for one value.
  var values: PublisherValues<Self> { PublisherValues(publisher: self) }
}

/// A publisher read with `for await`; releasing the iterator, or cancelling its task, cancels.
struct PublisherValues<Upstream: Publisher>: AsyncSequence
where Upstream.Failure == Never, Upstream.Output: Sendable {
  let publisher: Upstream

  func makeAsyncIterator() -> Iterator {
    let bridge = ValuesBridge<Upstream.Output>()
    publisher.receive(subscriber: bridge)
    return Iterator(bridge: bridge, cancelWhenDropped: AnyCancellable(bridge))
  }

  struct Iterator: AsyncIteratorProtocol {
    let bridge: ValuesBridge<Upstream.Output>
    let cancelWhenDropped: AnyCancellable  // cancels when the iterator is released

    func next() async -> Upstream.Output? {
      await bridge.next()
    }
  }
}

/// The subscriber inside: it asks for one value per `next()`, and hands it to the waiting task.
final class ValuesBridge<Input: Sendable>: Subscriber, Cancellable, Sendable {
  private struct State {
    var subscription: (any Subscription)?
    var waiting: CheckedContinuation<Input?, Never>?
    var over = false
  }
  private let state = Locked(State())

  func next() async -> Input? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (over, subscription) = state.withLock { state -> (Bool, (any Subscription)?) in
          guard !state.over else { return (true, nil) }
          state.waiting = continuation
          return (false, state.subscription)
        }
        if over {
          continuation.resume(returning: nil)  // finished or cancelled: the loop ends
        } else {
          // Outside the lock: the value may come at once, and receive(_:) takes the lock. With
          // no subscription yet, receive(subscription:) asks when it comes.
          subscription?.request(.max(1))
        }
      }
    } onCancel: {
      cancel()
    }
  }

  func receive(subscription: any Subscription) {
    let (over, someoneWaits) = state.withLock { state in
      if !state.over { state.subscription = subscription }
      return (state.over, state.waiting != nil)
    }
    if over {
      subscription.cancel()  // it came too late: the loop has ended
    } else if someoneWaits {
      subscription.request(.max(1))
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let waiting = state.withLock { state in
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(returning: input)  // one value per request, so someone is waiting
    return .none  // the next next() asks for the next one
  }

  func receive(completion: Subscribers.Completion<Never>) {
    end().waiting?.resume(returning: nil)
  }

  func cancel() {
    let (subscription, waiting) = end()
    subscription?.cancel()  // first: the publisher is told to stop before the loop goes on
    waiting?.resume(returning: nil)
  }

  /// Marks the bridge over and lets go of the subscription and of the waiting task.
  private func end() -> (
    subscription: (any Subscription)?, waiting: CheckedContinuation<Input?, Never>?
  ) {
    state.withLock { state in
      defer { (state.over, state.waiting, state.subscription) = (true, nil, nil) }
      return (state.subscription, state.waiting)
    }
  }
}
// snippet.end

// snippet.read-values
/// Reads `publisher` with `for await` up to and including `last`.
///
/// The loop is in a function so that its iterator, and with it the subscription, goes when the
/// function returns: a `break` alone does not say when the iterator goes.
func readValues<Upstream: Publisher>(
  of publisher: Upstream,
  through last: Upstream.Output
) async -> [Upstream.Output]
where Upstream.Failure == Never, Upstream.Output: Sendable & Equatable {
  var read: [Upstream.Output] = []
  for await value in publisher.values {
    read.append(value)
    if value == last { break }
  }
  return read
}
// snippet.end

func runPublisherValues(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    An async sequence pulls; a publisher waits to be asked: each next() of the bridge is a
    request for one value. The counting generator of 7.5, read with for await, stopping at 3:
    """
  )
  let stopped = OneShotSignal<Void>()
  let sent = Locked(0)
  let generator = Create<Int, Never> { subscriber, context in
    var number = 0
    while !context.cancelled {
      context.waitIfPaused()
      if context.cancelled { break }  // woken by the cancel: make nothing more
      if subscriber.receive(number) { sent.withLock { $0 += 1 } }
      number += 1
    }
    stopped.fire(())
  }
  for value in await readValues(of: generator, through: 3) {
    console.print("  for await: \(value)")
  }
  await stopped.wait()
  console.print(
    """
      generator: sent \(sent.withLock { $0 }), then stopped
    Four next() calls, four values: the generator never sent one that was not asked for. When
    readValues returned, its iterator went, which cancelled the subscription, and the
    generator's loop saw `cancelled`.

    Cancelling the task that loops cancels too. A publisher that never sends, and says when it
    is stopped:
    """
  )
  let started = OneShotSignal<Void>()
  let silent = Create<Int, Never> { _ in
    started.fire(())
    return AnyCancellable { console.print("  publisher: cancelled") }
  }
  let loop = Task {
    for await value in silent.values {
      console.print("  for await: \(value)")
    }
    console.print("  for await: the loop ended")
  }
  await started.wait()  // the loop is waiting in next()
  console.print("  the task is cancelled")
  loop.cancel()
  await loop.value
}
