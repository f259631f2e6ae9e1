import ExerciseSupport

/// Exercise 2c: the buffering policy for a "latest value only" consumer (reference solution).
///
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-2c-latest-value-only
public func makeLatestValueStream() -> (
  stream: AsyncThrowingStream<Double, any Error>,
  continuation: AsyncThrowingStream<Double, any Error>.Continuation
) {
  // Room for one value; a newer one evicts it.
  AsyncThrowingStream.makeStream(of: Double.self, bufferingPolicy: .bufferingNewest(1))
}
