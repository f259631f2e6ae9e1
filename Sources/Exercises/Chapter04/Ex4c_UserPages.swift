import ExerciseSupport

/// Exercise 4c: pages by cursor, as a stream (section 4.4).
///
/// Section 4.4's service pages by number and stops after a short page. This endpoint pages by
/// cursor, as many APIs do: on a producer task, fetch `source.page(after: nil)`, then the page
/// after each page's `next`, and yield every user in order, as it came (ids repeated, 0 or below,
/// or in no order too), however many pages, however late the consumer reads and however long a
/// page takes (no limit of your own on users held, pages or time). Only a page whose `next` is nil
/// is the last: finish the stream after it, and ask for no page after it. Any other page is not
/// the last, however few users it holds (none too). A cursor is the source's own: hand each back
/// as it came, the same bytes (an empty one, or one given before, too). If a page fails, end the
/// stream with its error, as it came (no other tries). When the consumer goes away (its task is
/// cancelled, or it leaves its loop by `break` and lets the stream go), cancel the producer at
/// once, so the request in flight is cancelled too, by the time the consumer's task has ended
/// (that stream's own: another stream's, made before or after it, reads on); once cancelled, ask for no more pages, even when the page in flight
/// answers the cancel anyway. A producer cancelled that way ends the stream without an error.
/// However many streams run at once, of one source or of several.
/// Graded on 733 generated runs too: the page's exercise section lists what they try.
/// Read docs/Chapter04-Networking.md#exercise-4c-pages-by-cursor-as-a-stream
public func users(from source: some PageSource) -> AsyncThrowingStream<User, any Error> {
  // TODO(4c): the stream, as the statement above says.
  AsyncThrowingStream { $0.finish(throwing: NotImplemented("4c")) }
}
