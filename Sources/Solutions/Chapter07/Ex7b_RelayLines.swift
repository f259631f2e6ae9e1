import ExerciseSupport
import MiniCombine

/// Exercise 7b: relay a reader's lines, each only when wanted (reference solution).
/// Read docs/Chapter07-CustomPublishers.md#exercise-7b-relay-a-readers-lines
public func relayLines(
  from reader: some LineReader,
  to subscriber: Create<String, LineReadError>.Emitter,
  context: any CreateContext
) throws {
  defer { reader.close() }  // once, whichever way this ends
  while true {
    context.waitIfPaused()  // sleeps while nobody wants a line; the end is read only when wanted
    // Checked after the wait: a cancel is what woke it, as often as a request.
    guard !context.cancelled else { throw CancellationError() }
    let read = Result { () throws(LineReadError) in try reader.readLine() }
    // Checked after the read too: a read may block, and the cancel may come meanwhile.
    guard !context.cancelled else { throw CancellationError() }
    switch read {
    case .success(let line?): subscriber.receive(line)
    case .success(nil):
      subscriber.receive(completion: .finished)
      return
    case .failure(let error):
      subscriber.receive(completion: .failure(error))
      return
    }
  }
}
