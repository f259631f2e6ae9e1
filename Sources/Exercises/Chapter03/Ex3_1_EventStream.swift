import ExerciseSupport

/// Exercise 3.1: a producer that stops with its consumer (section 3.2).
///
/// Make `count` events (0 or more) on a producer task: for each number 0, 1, 2, ... wait `interval`
/// on `clock`, then yield what `make(number)` returns; the consumer may read them long after they
/// are made. Finish after the last event; if `make` throws, end the stream with its error, whatever
/// it is (a `CancellationError` of its own too). When the consumer goes away (its task is
/// cancelled), the producer's task is cancelled and makes no more events, even when its wait was
/// already over. Return the stream and the producer's task; if its owner cancels that task, the
/// stream ends. Graded on 667 generated runs too (counts 0 to 3,000, one of 10,001 to 10,050 read
/// late, and Int.max with a consumer that leaves or an owner that cancels; intervals of zero and 1
/// attosecond to a billion years, most with a part of a nanosecond; make returning the same text
/// several times in a row, empty text, text with spaces, line breaks or NUL; make failing at any
/// event, with MakeFailure, a CancellationError, a URLError of every code, a POSIXError, a
/// CocoaError or an NSError that carries an underlying error; consumers that read late or leave at
/// any wait, owners that cancel at once, at any wait or while make runs, that make throwing too; a
/// second stream made beside the first; streams made in a task already cancelled, whose consumer
/// and owner are not).
/// Left free: after such a cancel, whether the loop ends with the producer's CancellationError;
/// whether a wait of zero is slept on the clock.
/// Read docs/Chapter03-Cancellation.md#exercise-31-a-producer-that-stops-with-its-consumer
public func makeEventStream(
  count: Int,
  every interval: Duration,
  clock: any Clock<Duration>,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  // TODO(3.1): the stream and its producer task, as the statement above says.
  let events = AsyncThrowingStream<String, any Error> { $0.finish(throwing: NotImplemented("3.1")) }
  return (events, Task {})
}
