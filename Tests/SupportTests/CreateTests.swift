import Foundation
import LessonSupport
import MiniCombine
import TestTooling
import XCTest

private typealias Recorder = RecordingSubscriber<Int, Never>

final class CreateTests: XCTestCase {
  // MARK: The closure form

  func test_closureForm_startsOnTheFirstDemand_once() {
    let starts = Locked(0)
    let publisher = Create<Int, Never> { _ in
      starts.withLock { $0 += 1 }
      return AnyCancellable {}
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    XCTAssertEqual(starts.withLock { $0 }, 0, "subscribing starts nothing")
    recorder.subscription.request(.none)
    XCTAssertEqual(starts.withLock { $0 }, 0, "a demand of none starts nothing")
    recorder.subscription.request(.max(1))
    recorder.subscription.request(.max(1))
    XCTAssertEqual(starts.withLock { $0 }, 1, "the first demand starts it, and only that one")
    let second = Recorder()
    publisher.receive(subscriber: second)
    second.subscription.request(.unlimited)
    XCTAssertEqual(starts.withLock { $0 }, 2, "each subscriber gets its own run")
  }

  func test_closureForm_seedExample_sendsValues_thenFinished() {
    let numbers = Create<Int, Never> { subscriber in
      subscriber.receive(4)
      subscriber.receive(2)
      subscriber.receive(completion: .finished)
      return AnyCancellable {}
    }
    let received = Locked<[String]>([])
    let cancellable = numbers.sink { completion in
      received.withLock { $0.append("\(completion)") }
    } receiveValue: { value in
      received.withLock { $0.append("\(value)") }
    }
    XCTAssertEqual(received.withLock { $0 }, ["4", "2", "finished"])
    cancellable.cancel()
  }

  func test_closureForm_dropsValuesBeyondDemand_andSaysSo() {
    let delivered = Locked<[Bool]>([])
    let publisher = Create<Int, Never> { subscriber in
      for number in 0..<6 {
        let sent = subscriber.receive(number)
        delivered.withLock { $0.append(sent) }
      }
      return AnyCancellable {}
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(3))
    XCTAssertEqual(recorder.log, ["0", "1", "2"])
    XCTAssertEqual(delivered.withLock { $0 }, [true, true, true, false, false, false])
  }

  func test_closureForm_aDroppedValue_sentAgainAfterARequest_arrivesOnce() {
    let emitter = Locked<Create<Int, Never>.Emitter?>(nil)
    let publisher = Create<Int, Never> { subscriber in
      emitter.withLock { $0 = subscriber }
      return AnyCancellable {}
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    let send = { (value: Int) in emitter.withLock { $0 }?.receive(value) ?? false }
    XCTAssertTrue(send(1))
    XCTAssertFalse(send(2), "no demand: dropped")
    recorder.subscription.request(.max(1))
    XCTAssertTrue(send(2), "the producer may send it again once there is demand")
    XCTAssertEqual(recorder.log, ["1", "2"], "the dropped 2 was not kept: it arrives once")
  }

  func test_closureForm_demandReturnedByReceive_addsUp() {
    let publisher = Create<Int, Never> { subscriber in
      for number in 0..<10 { subscriber.receive(number) }
      return AnyCancellable {}
    }
    // Asks for 1, and one more with each of the first three values: four in all.
    let recorder = Recorder { value, _ in value < 3 ? .max(1) : .none }
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    XCTAssertEqual(recorder.log, ["0", "1", "2", "3"])
  }

  func test_numberGenerator_overAThousandOrderedValues_thenCancel_stopsTheThread() async {
    let stopped = OneShotSignal<Int>()
    let numberGenerator = Create<Int, Never> { subscriber in
      let stop = Locked(false)
      let thread = Thread {
        var number = 0
        while !stop.withLock({ $0 }) {
          subscriber.receive(number)
          number += 1
        }
        stopped.fire(number)
      }
      thread.start()
      return AnyCancellable { stop.withLock { $0 = true } }
    }
    // Cancels from inside receive, on the generator's thread, at the 1,001st value.
    let recorder = Recorder { value, recorder in
      if value == 1_000 { recorder.subscription.cancel() }
      return .none
    }
    numberGenerator.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    let last = await stopped.wait()
    XCTAssertEqual(recorder.log, (0...1_000).map(String.init))
    // The thread can send before the closure has returned its cancellable, and the cancel at
    // 1000 may come first; then the cancellable runs when the closure returns. So: at least.
    XCTAssertGreaterThanOrEqual(last, 1_001, "the thread stopped, after the value that cancelled")
  }

  func test_nothingIsDeliveredAfterCancel_andTheCancellableRunsOnce() {
    let emitter = Locked<Create<Int, Never>.Emitter?>(nil)
    let stops = Locked(0)
    let publisher = Create<Int, Never> { subscriber in
      emitter.withLock { $0 = subscriber }
      return AnyCancellable { stops.withLock { $0 += 1 } }
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    let send = emitter.withLock { $0! }
    XCTAssertTrue(send.receive(1))
    recorder.subscription.cancel()
    XCTAssertEqual(stops.withLock { $0 }, 1, "cancel runs the producer's cancellable")
    XCTAssertFalse(send.receive(2), "dropped after cancel")
    send.receive(completion: .finished)
    recorder.subscription.request(.max(5))
    recorder.subscription.cancel()
    XCTAssertEqual(recorder.log, ["1"], "nothing after cancel")
    XCTAssertEqual(stops.withLock { $0 }, 1, "and only once")
  }

  func test_completion_isForwardedOnce_thenNothing_andReleasesTheProducer() {
    let stops = Locked(0)
    let publisher = Create<Int, Never> { subscriber in
      subscriber.receive(1)
      subscriber.receive(completion: .finished)
      subscriber.receive(completion: .finished)
      subscriber.receive(2)
      return AnyCancellable { stops.withLock { $0 += 1 } }
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    XCTAssertEqual(recorder.log, ["1", "finished"])
    XCTAssertEqual(stops.withLock { $0 }, 1, "completed during start: its cancellable runs")
    recorder.subscription.cancel()
    XCTAssertEqual(stops.withLock { $0 }, 1)
  }

  func test_cancelledWhileStarting_cancelsWhatTheClosureReturns() {
    let stops = Locked(0)
    let publisher = Create<Int, Never> { subscriber in
      subscriber.receive(1)
      return AnyCancellable { stops.withLock { $0 += 1 } }
    }
    let recorder = Recorder { _, recorder in
      recorder.subscription.cancel()
      return .none
    }
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(5))
    XCTAssertEqual(stops.withLock { $0 }, 1, "cancelled before the closure returned")
  }

  // MARK: The context form

  func test_contextForm_seedExample_counts_untilCancelled() async {
    let counter = Create<Int, Never> { subscriber, context in
      var number = 0
      while !context.cancelled {
        context.waitIfPaused()
        if context.cancelled { break }  // woken by the cancel: send nothing more
        subscriber.receive(number)
        number += 1
      }
    }
    let recorder = Recorder { value, recorder in
      if value == 1_500 { recorder.subscription.cancel() }
      return .none
    }
    counter.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    _ = await recorder.events.events(until: "1500")
    XCTAssertEqual(recorder.log, (0...1_500).map(String.init))
  }

  /// The closure notes whether it was started with demand: it starts on the first request for
  /// more than none, not on subscribing or on a request for none.
  func test_contextForm_startsOnTheFirstDemand_notBefore() async {
    let starts = EventQueue()
    let publisher = Create<Int, Never> { subscriber, context in
      starts.note("started, paused: \(context.paused)")
      context.waitIfPaused()
      subscriber.receive(7)
      subscriber.receive(completion: .finished)
    }
    let recorder = Recorder()
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.none)
    recorder.subscription.request(.max(1))
    let first = await starts.next()
    XCTAssertEqual(first, "started, paused: false", "started before there was demand")
    _ = await recorder.events.events(until: "finished")
    XCTAssertEqual(recorder.log, ["7", "finished"])
  }

  func test_contextForm_manualDemands_4_2_5_pauseThreeTimes_resumeTwice() async {
    let counts = Locked((pauses: 0, resumes: 0))
    let recorder = Recorder()
    let publisher = Create<Int, Never> { subscriber, context in
      var number = 0
      while !context.cancelled {
        if context.paused {
          counts.withLock { $0.pauses += 1 }
          recorder.events.note("paused")
          context.waitIfPaused()
          if context.cancelled { break }
          counts.withLock { $0.resumes += 1 }
        }
        subscriber.receive(number)
        number += 1
      }
      recorder.events.note("stopped")
    }
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(4))
    let first = await recorder.events.events(until: "paused")
    recorder.subscription.request(.max(2))
    let second = await recorder.events.events(until: "paused")
    recorder.subscription.request(.max(5))
    let third = await recorder.events.events(until: "paused")
    recorder.subscription.cancel()
    _ = await recorder.events.events(until: "stopped")

    XCTAssertEqual(
      [first, second, third],
      [["0", "1", "2", "3"], ["4", "5"], Array("6789").map(String.init) + ["10"]]
    )
    XCTAssertEqual(recorder.log, (0...10).map(String.init))
    let final = counts.withLock { $0 }
    XCTAssertEqual(final.pauses, 3, "paused after 4, after 6 and after 11 values")
    XCTAssertEqual(
      final.resumes,
      2,
      "resumed by the second and third requests; the last was a cancel"
    )
  }

  func test_contextForm_gracefulFinish_endsTheSubscription() async {
    let afterwards = OneShotSignal<(sent: Bool, cancelled: Bool, paused: Bool)>()
    let publisher = Create<Int, Never> { subscriber, context in
      for number in 0..<5 {
        context.waitIfPaused()
        subscriber.receive(number)
      }
      subscriber.receive(completion: .finished)
      let sent = subscriber.receive(5)
      context.waitIfPaused()  // returns at once: the subscription is over
      afterwards.fire((sent, context.cancelled, context.paused))
    }
    let recorder = Recorder { _, _ in .max(1) }  // one at a time, as a for-await loop asks
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    let state = await afterwards.wait()
    XCTAssertEqual(recorder.log, ["0", "1", "2", "3", "4", "finished"])
    XCTAssertFalse(state.sent, "nothing is sent after the completion")
    XCTAssertTrue(state.cancelled, "a completed subscription reads as over")
    XCTAssertFalse(state.paused)
  }

  func test_contextForm_waitIfPaused_returnsWhenCancelled() async {
    let recorder = Recorder()
    let publisher = Create<Int, Never> { subscriber, context in
      subscriber.receive(0)
      recorder.events.note("waiting")
      context.waitIfPaused()
      recorder.events.note(context.cancelled ? "woke cancelled" : "woke with demand")
    }
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.max(1))
    let beforeWaiting = await recorder.events.events(until: "waiting")
    XCTAssertEqual(beforeWaiting, ["0"])
    recorder.subscription.cancel()
    let beforeWaking = await recorder.events.events(until: "woke cancelled")
    XCTAssertEqual(beforeWaking, [])
  }

  // MARK: Thread safety

  /// Two producer threads send at once, and one completes while the other still sends: the
  /// subscriber gets one call at a time, and nothing after the completion.
  func test_twoProducerThreads_reachTheSubscriberOneCallAtATime_andTheEndComesLast() {
    let inside = Locked(0)
    let overlaps = Locked(0)
    let recorder = Recorder { _, _ in
      let before = inside.withLock { count in
        defer { count += 1 }
        return count
      }
      if before > 0 { overlaps.withLock { $0 += 1 } }
      for _ in 0..<20 { _ = inside.withLock { $0 } }  // stays a little, to be overlapped
      inside.withLock { $0 -= 1 }
      return .none
    }
    let done = DispatchGroup()
    let publisher = Create<Int, Never> { subscriber in
      for lane in 0..<2 {
        done.enter()
        Thread {
          for number in 0..<5_000 { subscriber.receive(number * 2 + lane) }
          if lane == 0 { subscriber.receive(completion: .finished) }
          done.leave()
        }.start()
      }
      return AnyCancellable {}
    }
    publisher.receive(subscriber: recorder)
    recorder.subscription.request(.unlimited)
    done.wait()
    XCTAssertEqual(overlaps.withLock { $0 }, 0, "two receive(_:) calls at once")
    XCTAssertEqual(recorder.log.filter { $0 == "finished" }.count, 1)
    XCTAssertEqual(recorder.log.last, "finished", "nothing after the completion")
  }

  /// Run under --sanitize=thread: a producer thread sends and completes while this one cancels.
  func test_cancelAndCompleteRace_manyRounds_oneEnd_inOrder_producerStoppedOnce() {
    for round in 0..<1_000 {
      let stops = Locked(0)
      let producerDone = DispatchSemaphore(value: 0)
      let publisher = Create<Int, Never> { subscriber in
        let thread = Thread {
          for number in 0..<20 { subscriber.receive(number) }
          subscriber.receive(completion: .finished)
          producerDone.signal()
        }
        thread.start()
        return AnyCancellable { stops.withLock { $0 += 1 } }
      }
      // Cancels from this thread once value `round % 20` has arrived, while the rest fly.
      let reached = DispatchSemaphore(value: 0)
      let recorder = Recorder { value, _ in
        if value == round % 20 { reached.signal() }
        return .none
      }
      publisher.receive(subscriber: recorder)
      recorder.subscription.request(.unlimited)
      reached.wait()
      recorder.subscription.cancel()
      producerDone.wait()

      let seen = recorder.log
      let values = seen.filter { $0 != "finished" }
      XCTAssertEqual(values, (0..<values.count).map(String.init), "round \(round): in order")
      XCTAssert(
        seen.firstIndex(of: "finished").map { $0 == seen.count - 1 } ?? true,
        "round \(round): nothing after the end"
      )
      XCTAssertEqual(stops.withLock { $0 }, 1, "round \(round): the producer was stopped once")
    }
  }
}
