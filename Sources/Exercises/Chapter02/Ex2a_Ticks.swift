import ExerciseSupport

/// Exercise 2a: a push stream from a callback producer (section 2.1).
///
/// Turn a `TickSource` into a stream: start the source, yield every tick, finish when the source
/// finishes (or throw its error, whatever it is: a `CancellationError` too), and stop the source
/// when the consumer goes away. A tick is in the stream as soon as onTick returns. Streams over
/// several sources may live at once; once they have ended and the test lets go, nothing keeps a
/// source alive. A source's stop() may call onTick or onFinish before it returns: take such a call
/// from inside stop() as any other.
/// Graded on 587 generated runs too: the page's exercise section lists what they try. Left free:
/// whether a consumer that left sees its loop end with CancellationError, whether a consumer whose
/// task is cancelled gets a tick given inside stop(), and whether stop() is called once the source
/// has finished by itself.
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-2a-a-push-stream-that-finishes
public func ticks(from source: some TickSource) -> AsyncThrowingStream<Int, any Error> {
  // TODO(2a): the stream, as the statement above says.
  AsyncThrowingStream { $0.finish(throwing: NotImplemented("2a")) }
}
