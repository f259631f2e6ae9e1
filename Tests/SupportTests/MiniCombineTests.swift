import LessonSupport
import MiniCombine
import XCTest

/// The numbers 0..<count, each only when asked for: a publisher that honours demand exactly.
///
/// For testing the subscribers; it records every request and whether it was cancelled.
private struct Numbers: Publisher {
  typealias Output = Int
  typealias Failure = Never

  let count: Int
  let log: Locked<[String]>

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(
      subscription: NumbersSubscription(count: count, subscriber: subscriber, log: log)
    )
  }
}

private final class NumbersSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Int, S.Failure == Never {
  // Safety: the tests call it from one task at a time; only the log is shared, behind its lock.
  private var next = 0
  private let count: Int
  private var subscriber: S?
  private let log: Locked<[String]>

  init(count: Int, subscriber: S, log: Locked<[String]>) {
    self.count = count
    self.subscriber = subscriber
    self.log = log
  }

  func request(_ demand: Subscribers.Demand) {
    log.withLock { $0.append("request \(demand)") }
    var demand = demand
    while demand > 0, next < count, let subscriber {
      demand -= 1
      demand += subscriber.receive(next)
      next += 1
    }
    if next == count, let subscriber {
      self.subscriber = nil
      subscriber.receive(completion: .finished)
    }
  }

  func cancel() {
    log.withLock { $0.append("cancel") }
    subscriber = nil
  }
}

final class MiniCombineTests: XCTestCase {
  func test_demand_saturates_neverNegative_neverOverflowing() {
    typealias Demand = Subscribers.Demand
    XCTAssertEqual(Demand.max(2) + 3, .max(5))
    XCTAssertEqual(Demand.max(2) - 5, .none, "never below none")
    XCTAssertEqual(Demand.max(Int.max) + 1, .unlimited, "past Int.max: unlimited, not a trap")
    XCTAssertEqual(Demand.unlimited - 1_000, .unlimited)
    XCTAssertEqual(Demand.max(7) - .unlimited, .none)
    XCTAssertEqual(Demand.max(7) + .unlimited, .unlimited)
    var demand = Demand.none
    demand += 1
    demand -= 1
    XCTAssertEqual(demand, .none)
    XCTAssertTrue(Demand.unlimited > 1_000_000)
    XCTAssertTrue(Demand.max(1) > 0)
    XCTAssertFalse(Demand.none > 0)
    XCTAssertEqual(
      [Demand.none, .max(3), .unlimited].map(\.description),
      ["none", "max(3)", "unlimited"]
    )
  }

  func test_demandExample() {
    var demand = Subscribers.Demand.max(2)
    demand += 3  // .max(5)
    demand -= 1  // .max(4): one value delivered
    let rest = demand - 10  // .none, never negative
    XCTAssertEqual(demand, .max(4))
    XCTAssertEqual(rest, .none)
  }

  func test_anyCancellable_runsOnce_atCancelOrWhenDropped() {
    let runs = Locked(0)
    let cancellable = AnyCancellable { runs.withLock { $0 += 1 } }
    cancellable.cancel()
    cancellable.cancel()
    XCTAssertEqual(runs.withLock { $0 }, 1, "cancel twice is cancel once")
    do {
      _ = AnyCancellable { runs.withLock { $0 += 1 } }  // dropped at once
    }
    XCTAssertEqual(runs.withLock { $0 }, 2, "dropping it cancels")
    var set = Set<AnyCancellable>()
    AnyCancellable { runs.withLock { $0 += 1 } }.store(in: &set)
    XCTAssertEqual(runs.withLock { $0 }, 2, "kept in the set: not cancelled")
    set.removeAll()
    XCTAssertEqual(runs.withLock { $0 }, 3)
  }

  func test_sink_asksForEverything_andGetsEveryValue_thenTheCompletionOnce() {
    let log = Locked<[String]>([])
    let received = Locked<[String]>([])
    let cancellable = Numbers(count: 3, log: log).sink { completion in
      received.withLock { $0.append("\(completion)") }
    } receiveValue: { value in
      received.withLock { $0.append("\(value)") }
    }
    XCTAssertEqual(log.withLock { $0 }, ["request unlimited"])
    XCTAssertEqual(received.withLock { $0 }, ["0", "1", "2", "finished"])
    cancellable.cancel()
    XCTAssertEqual(log.withLock { $0 }, ["request unlimited"], "done: nothing left to cancel")
  }

  func test_sink_cancelled_cancelsItsSubscription_andReceivesNothingAfter() {
    let received = Locked<[String]>([])
    let sink = Subscribers.Sink<Int, Never> { completion in
      received.withLock { $0.append("\(completion)") }
    } receiveValue: { value in
      received.withLock { $0.append("\(value)") }
    }
    let subscription = ShieldedSubscription()
    sink.receive(subscription: subscription)
    sink.cancel()
    XCTAssertEqual(subscription.events.withLock { $0 }, ["request unlimited", "cancel"])
    XCTAssertEqual(sink.receive(1), .none)
    sink.receive(completion: .finished)
    XCTAssertEqual(received.withLock { $0 }, [], "nothing reaches the closures after cancel")
  }

  func test_sink_cancelsASecondSubscription() {
    let log = Locked<[String]>([])
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = ShieldedSubscription()
    sink.receive(subscription: first)
    sink.receive(subscription: NumbersSubscription(count: 3, subscriber: sink, log: log))
    XCTAssertEqual(log.withLock { $0 }, ["cancel"], "one subscription per subscriber")
    sink.cancel()
    XCTAssertEqual(first.events.withLock { $0 }, ["request unlimited", "cancel"])
  }

  /// The example in Sink's doc comment: compiled, not run.
  private func sinkExample(publisher: some Publisher<Int, Never>) -> AnyCancellable {
    let cancellable = publisher.sink { completion in
      print("ended: \(completion)")
    } receiveValue: { value in
      print(value)
    }
    return cancellable
  }
}

/// A subscription that sends nothing and records what it is asked.
private final class ShieldedSubscription: Subscription {
  let events = Locked<[String]>([])

  func request(_ demand: Subscribers.Demand) {
    events.withLock { $0.append("request \(demand)") }
  }

  func cancel() {
    events.withLock { $0.append("cancel") }
  }
}
