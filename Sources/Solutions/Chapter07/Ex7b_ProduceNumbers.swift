import ExerciseSupport
import MiniCombine

/// Exercise 7b: a producer that pauses and stops (reference solution).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7b-a-producer-that-pauses-and-stops
public func produceNumbers(
  upTo limit: Int,
  to subscriber: Create<Int, Never>.Emitter,
  context: any CreateContext,
  made: (Int) -> Void
) throws {
  for number in 0..<limit {
    context.waitIfPaused()  // sleeps while nobody wants a number
    // Checked after the wait too: a cancel is what woke it, as often as a request.
    guard !context.cancelled else { throw CancellationError() }
    made(number)
    subscriber.receive(number)
  }
  subscriber.receive(completion: .finished)
}
