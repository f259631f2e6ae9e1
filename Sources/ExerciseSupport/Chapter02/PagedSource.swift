// The paged source of exercise 2b, shaped like a paged web API.
// Learners wrap it; they do not change it.

/// A source of results served a page at a time.
public protocol PagedSource: Sendable {
  /// The page with this number, from 1. An empty page means there are no more.
  func fetchPage(_ number: Int) async throws -> [String]
}
