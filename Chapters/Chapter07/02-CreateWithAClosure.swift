// 7.2 Create with a closure.
// Read with docs/Chapter07-CustomPublishers.md#72-create-with-a-closure
import LessonSupport
import MiniCombine

// snippet.four-two-seven
/// The seed's first example: 4, 2, 7, then finished, sent as soon as the work starts.
func fourTwoSeven(started: @escaping @Sendable () -> Void) -> Create<Int, Never> {
  Create<Int, Never> { subscriber in
    started()
    subscriber.receive(4)
    subscriber.receive(2)
    subscriber.receive(7)
    subscriber.receive(completion: .finished)
    return AnyCancellable {}  // nothing left to stop: the work is already done
  }
}
// snippet.end

func runCreateWithAClosure(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    Create turns a closure into a publisher. The closure starts the work, sends through its
    `subscriber` parameter, and returns a cancellable that stops the work.
    Nothing starts on subscribe; the closure runs on the first demand:
    """
  )
  let publisher = fourTwoSeven { console.print("  closure: started") }
  let patient = TracingSubscriber<Int, Never>(console, asksFor: .none)
  publisher.receive(subscriber: patient)
  patient.request(.unlimited)

  console.print(
    """
    The closure form cannot wait for demand: what it sends while the subscriber wants nothing
    is dropped, and receive(_:) returns false. The same publisher, to a subscriber asking for 2:
    """
  )
  let dropped = Locked<[Int]>([])
  let counting = Create<Int, Never> { subscriber in
    for value in [4, 2, 7] where !subscriber.receive(value) {
      dropped.withLock { $0.append(value) }
    }
    subscriber.receive(completion: .finished)
    return AnyCancellable {}
  }
  counting.receive(subscriber: TracingSubscriber<Int, Never>(console, asksFor: .max(2)))
  console.print(
    """
      closure: dropped \(dropped.withLock { $0 })
    Dropped, not queued: a producer that must not lose values needs the context form (7.5),
    which can wait until it is asked.
    """
  )
}
