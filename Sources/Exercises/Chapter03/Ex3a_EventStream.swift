import ExerciseSupport

/// Exercise 3a: a relay that stops with its consumer (section 3.2).
///
/// Relay `upstream`, an async sequence of numbers that may throw (its `Failure` is `any Error`, as
/// an `AsyncThrowingStream`'s), into a stream of events, on a producer task: for each number the
/// upstream gives (any Int, repeated or not, in the order it gives them), as soon as it gives it,
/// yield what `make(number)` returns; the consumer may read the events long after they are made.
/// Finish when the upstream ends; if the upstream or `make` throws, end the stream with that error,
/// whatever it is (a `CancellationError` of its own too), and ask the upstream for nothing more.
/// The stream ends on every way out of the producer. When the consumer goes away (its task is
/// cancelled while it waits for an event, or it lets go of the stream), the producer's task is
/// cancelled and stops: no event for a number that comes after the cancel, not even one the
/// upstream had ready (the event of a `make` under way at the cancel still goes out; if that
/// `make` throws instead, its error ends the stream), and the upstream is asked (its iterator's
/// `next()` called) at most once more. A stream made by a task already cancelled relays as any
/// other: that cancel is neither the consumer's nor the owner's. The upstreams the tests
/// give either wait for each number and stop waiting at a cancel (they throw), or have their
/// numbers ready and give them without looking at the cancel: the relay must look for itself.
/// Return the stream and the producer's task; if its owner cancels that task, the stream ends as
/// when the consumer goes away, once the upstream lets the producer go. Each call's stream is its
/// own: many may be read at once. Graded on 967 generated runs too: the page's exercise section
/// lists what they try. Left free: after a cancel, whether the consumer's loop ends with no error,
/// with the producer's CancellationError, or with an error the upstream throws for an ask under way
/// at the cancel or made after it.
/// Read docs/Chapter03-Cancellation.md#exercise-3a-a-relay-that-stops-with-its-consumer
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  // TODO(3a): the stream and its producer task, as the statement above says.
  let events = AsyncThrowingStream<String, any Error> { $0.finish(throwing: NotImplemented("3a")) }
  return (events, Task {})
}
