import ExerciseSupport

/// Exercise 2.3: the buffering policy for a "latest value only" consumer (section 2.4).
///
/// Make a stream and its continuation for a consumer that only cares about the newest value:
/// whatever was yielded while it was busy, it must get only the latest.
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-23-latest-value-only
public func makeLatestValueStream() -> (
  stream: AsyncThrowingStream<Double, any Error>,
  continuation: AsyncThrowingStream<Double, any Error>.Continuation
) {
  // TODO(2.3): makeStream with the right bufferingPolicy.
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: Double.self)
  continuation.finish(throwing: NotImplemented("2.3"))
  return (stream, continuation)
}
