import ExerciseSupport

/// Exercise 2.1: a push stream from a callback producer (section 2.1).
///
/// Turn a `TickSource` into a stream: yield every tick, finish when the source finishes (or
/// throw its error), and stop the source when the consumer goes away.
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-21-a-push-stream-that-finishes
public func ticks(from source: some TickSource) -> AsyncThrowingStream<Int, any Error> {
  // TODO(2.1): build the stream with a continuation, start the source, finish, stop on termination.
  AsyncThrowingStream { $0.finish(throwing: NotImplemented("2.1")) }
}
