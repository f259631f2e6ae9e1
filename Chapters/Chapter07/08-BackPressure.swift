// 7.8 Back-pressure three ways.
// Read with docs/Chapter07-CustomPublishers.md#78-back-pressure-three-ways
import LessonSupport
import MiniCombine

/// A hand-off with no buffer: `send` waits until the value is taken, or the channel closes.
///
/// One sender and one receiver at a time; closing releases both. A small lesson channel: it does
/// not watch for task cancellation, so a task cancelled while it waits here waits until `close()`.
final class Rendezvous<Value: Sendable>: AsyncSequence, Sendable {
  private struct State {
    var offered: (value: Value, taken: CheckedContinuation<Bool, Never>)?
    var receiver: CheckedContinuation<Value?, Never>?
    var closed = false
  }
  private let state = Locked(State())

  /// Hands `value` over, waiting for the receiver; false if the channel closed first.
  func send(_ value: Value) async -> Bool {
    await withCheckedContinuation { taken in
      // nil: wait for a receiver; .some(nil): closed; .some(receiver): hand the value over.
      let receiver = state.withLock { state -> CheckedContinuation<Value?, Never>?? in
        if state.closed { return .some(nil) }
        if let receiver = state.receiver {
          state.receiver = nil
          return receiver
        }
        state.offered = (value, taken)  // wait for next()
        return nil
      }
      switch receiver {
      case .some(nil): taken.resume(returning: false)  // closed
      case .some(let receiver?):
        receiver.resume(returning: value)
        taken.resume(returning: true)
      case nil: break
      }
    }
  }

  /// Takes the next value, waiting for a sender; nil once closed.
  func receive() async -> Value? {
    await withCheckedContinuation { receiver in
      // nil: wait for a sender; .some(nil): closed; .some(offered): take it.
      let offered = state.withLock { state -> (Value, CheckedContinuation<Bool, Never>)?? in
        if let offered = state.offered {
          state.offered = nil
          return offered
        }
        if state.closed { return .some(nil) }
        state.receiver = receiver  // wait for send()
        return nil
      }
      switch offered {
      case .some((let value, let taken)?):
        taken.resume(returning: true)
        receiver.resume(returning: value)
      case .some(nil): receiver.resume(returning: nil)  // closed
      case nil: break
      }
    }
  }

  /// Ends the hand-off: a waiting `send` returns false, a waiting `receive` nil.
  func close() {
    let (offered, receiver) = state.withLock { state in
      defer { (state.closed, state.offered, state.receiver) = (true, nil, nil) }
      return (state.offered, state.receiver)
    }
    offered?.taken.resume(returning: false)
    receiver?.resume(returning: nil)
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    let channel: Rendezvous
    func next() async -> Value? { await channel.receive() }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(channel: self) }
}

// snippet.same-producer-and-consumer
/// The producer all three share: it makes the numbers 1 to 10, and keeps count.
final class NumberMaker: Sendable {
  private let made = Locked(0)
  var count: Int { made.withLock { $0 } }

  func make(_ number: Int) -> Int {
    made.withLock { $0 += 1 }
    return number
  }
}

/// The consumer all three share: it takes three values, and leaves.
func takeThree<Values: AsyncSequence<Int, Never>>(_ values: Values) async -> [Int] {
  var taken: [Int] = []
  for await value in values {
    taken.append(value)
    if taken.count == 3 { break }
  }
  return taken
}
// snippet.end

/// What one way of connecting them gave: the values taken, how many the producer made, and
/// how many a buffer dropped.
struct Outcome: Equatable, CustomStringConvertible {
  var taken: [Int]
  var made: Int
  var dropped = 0

  var description: String {
    "took \(taken), made \(made)" + (dropped > 0 ? ", dropped \(dropped)" : "")
  }
}

// snippet.three-ways
/// 1. Demand: the producer makes a number only when one is asked for.
func connectByDemand() async -> Outcome {
  let maker = NumberMaker()
  let stopped = OneShotSignal<Void>()
  let publisher = Create<Int, Never> { subscriber, context in
    for number in 1...10 {
      context.waitIfPaused()
      if context.cancelled { break }
      subscriber.receive(maker.make(number))
    }
    stopped.fire(())
  }
  let taken = await takeThree(publisher.values)
  await stopped.wait()
  return Outcome(taken: taken, made: maker.count)
}

/// 2. AsyncStream: yield never waits, so the producer makes everything.
func connectByUnboundedStream() async -> Outcome {
  let maker = NumberMaker()
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)  // .unbounded
  let producer = Task {
    for number in 1...10 { continuation.yield(maker.make(number)) }
    continuation.finish()
  }
  let taken = await takeThree(stream)
  await producer.value
  return Outcome(taken: taken, made: maker.count)
}

/// 2, bounded: an AsyncStream that keeps the newest 2, and drops what does not fit.
///
/// Here the producer finishes before the consumer starts, so that what is dropped is the same
/// on every run.
func connectByNewestTwo() async -> Outcome {
  let maker = NumberMaker()
  let (stream, continuation) = AsyncStream.makeStream(
    of: Int.self,
    bufferingPolicy: .bufferingNewest(2)
  )
  var dropped = 0
  for number in 1...10 {
    if case .dropped = continuation.yield(maker.make(number)) { dropped += 1 }
  }
  continuation.finish()
  let taken = await takeThree(stream)
  return Outcome(taken: taken, made: maker.count, dropped: dropped)
}

/// 3. Rendezvous: each send waits until its value is taken.
func connectByRendezvous() async -> Outcome {
  let maker = NumberMaker()
  let channel = Rendezvous<Int>()
  let sender = Task {
    for number in 1...10 {
      guard await channel.send(maker.make(number)) else { break }
    }
  }
  let taken = await takeThree(channel)
  channel.close()  // the consumer has left: a waiting send returns false
  await sender.value
  return Outcome(taken: taken, made: maker.count)
}
// snippet.end

func runBackPressure(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    One producer that can make the numbers 1 to 10, one consumer that takes three and leaves,
    and three ways to connect them. What does the producer make for nothing?
    """
  )
  console.print("  Demand (Create with a context): \(await connectByDemand())")
  console.print("  AsyncStream, unbounded: \(await connectByUnboundedStream())")
  console.print("  AsyncStream, newest 2: \(await connectByNewestTwo())")
  console.print("  Rendezvous: \(await connectByRendezvous())")
  console.print(
    """
    Demand is a count the producer can wait on: it made exactly what was taken. AsyncStream
    has no demand: yield never waits, so an unbounded buffer lets the producer run ahead, and
    a bounded one drops. A rendezvous makes the producer wait at each hand-off: it runs at
    most one value ahead, the 4, made as the consumer leaves and never taken.
    """
  )
}
