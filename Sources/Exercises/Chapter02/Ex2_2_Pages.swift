import ExerciseSupport

/// Exercise 2.2: an unfolding stream over a paged source (section 2.6).
///
/// Give the pages of a `PagedSource` as a stream built with `AsyncThrowingStream(unfolding:)`:
/// page 1, 2, 3, ... fetched only when the consumer asks, ending at the first empty page, and
/// throwing the source's error. Every stream starts at page 1.
/// Read docs/Chapter02-UnfoldingVsPush.md#exercise-22-pages-on-demand
public func pages(from source: some PagedSource) -> AsyncThrowingStream<[String], any Error> {
  // TODO(2.2): AsyncThrowingStream(unfolding:) with the next page number kept between calls.
  AsyncThrowingStream { $0.finish(throwing: NotImplemented("2.2")) }
}
