import ExerciseSupport

/// Exercise 8b: a visit log tasks can share (section 8.4).
///
/// `VisitLog` counts the visits to each page of a site. Its callers are synchronous code on any
/// thread, and many tasks share one log, so make it `Sendable` with a design the compiler
/// accepts: no `@unchecked`, no `nonisolated(unsafe)`, no `@preconcurrency`.
/// - `record(_:)` counts one visit to a page; `visits(to:)` says how many a page has had.
/// - `summary()` gives the total and every page's count at one moment: the total is always the
///   sum of the counts, even while other threads record.
/// - A visit recorded is never lost, however many threads record at once; two logs are apart.
/// - The methods stay synchronous, and a log stays a reference: every holder sees one count. A
///   log nobody holds is freed.
/// - Each log keeps its state in its own stored properties: no static or global variable, and
///   no static or global constant made by a call (a number or a string is fine). Any caller's
///   visit counts, a cancelled task's too, and any caller may make a log.
/// Pages are told apart as Swift's `==` tells strings apart.
/// Graded by compiling your file with a use of it from two tasks, in Swift 6 mode, on two threads
/// recording at once (a new page each round), and on 300 generated runs too (up to four logs, pages
/// `==` calls equal though spelled apart, pages it tells apart though they look alike, mean the
/// same to a reader, would be tidied into one ("//", "..", a scheme) or part after a NUL, 65,537 or
/// 2^20 scalars or in the middle, the empty page, twenty pages at once), on 1,048,577 visits to a
/// page, 70,000 pages and 1,000 logs (summaries of that log taken while another thread records),
/// and on summaries taken while another thread records visits to eight pages in turn; then under
/// the thread sanitizer.
/// Read docs/Chapter08-Isolation.md#exercise-8b-a-visit-log-tasks-can-share
public final class VisitLog {
  private var counts: [String: Int] = [:]

  /// An empty log.
  public init() throws {
    // TODO(8b): make the class Sendable; then remove this line.
    throw NotImplemented("8b")
  }

  /// Counts one visit to `page`.
  public func record(_ page: String) {
    counts[page, default: 0] += 1
  }

  /// How many visits `page` has had.
  public func visits(to page: String) -> Int {
    counts[page, default: 0]
  }

  /// The total and every page's count, at one moment.
  public func summary() -> (total: Int, pages: [String: Int]) {
    (counts.values.reduce(0, +), counts)
  }
}
