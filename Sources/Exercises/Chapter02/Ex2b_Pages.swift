import ExerciseSupport

/// Exercise 2b: an unfolding stream over a paged source (section 2.6).
///
/// Give the pages of a `PagedSource` as a stream built with `AsyncThrowingStream(unfolding:)`:
/// page 1, 2, 3, ... each fetched only when the consumer asks for it, ending at the first empty
/// page, and throwing the source's error. Either end is for good: a next() after it returns nil
/// and fetches nothing. Every stream starts at page 1, also while other streams over the same
/// source are read. A page is fetched in the task of the consumer that asked for it, so cancelling
/// that task reaches the fetch under way. Once the consumer has let go of the stream, nothing
/// keeps the source alive.
/// Graded on 582 generated runs too: the page's exercise section lists what they try. Left free:
/// whether a consumer cancelled during a fetch gets that page, the fetch's error or nil; either way
/// its next next() returns nil and fetches nothing.
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-2b-pages-on-demand
public func pages(from source: some PagedSource) -> AsyncThrowingStream<[String], any Error> {
  // TODO(2b): the stream, as the statement above says.
  AsyncThrowingStream { $0.finish(throwing: NotImplemented("2b")) }
}
