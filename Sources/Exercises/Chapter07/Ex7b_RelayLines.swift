import ExerciseSupport
import MiniCombine

/// Exercise 7b: relay a reader's lines, each only when wanted (section 7.5).
///
/// The body of a `Create` in its context form, on the thread `Create` starts for it: send the
/// lines `reader` gives, in order, to `subscriber`.
/// - Read a line only when one is wanted: before each read (the first, and the one that finds
///   the end too), wait while paused (`context.waitIfPaused()` sleeps until a request or a
///   cancel), then check `context.cancelled`.
/// - Send each line as it was read, unchanged: an empty line is a line, not the end.
/// - At the end (`readLine()` returns nil), send `.finished`; if a read throws, send
///   `.failure` with its error. Either way, return (once a completion is sent, the context says
///   cancelled too: check nothing more).
/// - Once cancelled, send nothing more (no line, no completion) and throw `CancellationError()`.
///   Check after each read as well: a read may block, and a cancel may come meanwhile; the line
///   it read is then not sent.
/// - Close the reader once, whichever way this ends (the end, a failure, a cancel, also one
///   before anything was read), before you return or throw; never read after closing it.
/// Your `context` may be any `CreateContext`: a wrapper around `Create`'s own (the tests pass
/// one) may say cancelled while the subscription still delivers (send nothing once it says so),
/// or paused before the first read. Graded on 302 generated runs too: the page's exercise
/// section lists what they try. Left free: how often you read `cancelled` and `paused` beyond
/// the checks above, and whether the reader is closed before or after the completion is sent.
/// Read docs/Chapter07-CustomPublishers.md#exercise-7b-relay-a-readers-lines
public func relayLines(
  from reader: some LineReader,
  to subscriber: Create<String, LineReadError>.Emitter,
  context: any CreateContext
) throws {
  // TODO(7b): read, send and close as the statement above says.
  throw NotImplemented("7b")
}
