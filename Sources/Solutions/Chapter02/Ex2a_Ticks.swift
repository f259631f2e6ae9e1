import ExerciseSupport

/// Exercise 2a: a push stream from a callback producer (reference solution).
///
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-2a-a-push-stream-that-finishes
public func ticks(from source: some TickSource) -> AsyncThrowingStream<Int, any Error> {
  AsyncThrowingStream { continuation in
    // The consumer went away: the producer must not run on for nobody.
    continuation.onTermination = { _ in source.stop() }
    source.start(
      onTick: { continuation.yield($0) },
      onFinish: { error in continuation.finish(throwing: error) }  // nil: a normal end
    )
  }
}
