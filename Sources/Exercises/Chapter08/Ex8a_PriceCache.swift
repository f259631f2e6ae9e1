import ExerciseSupport

/// Exercise 8a: a cache that looks each product up once (section 8.2).
///
/// `PriceCache` keeps the prices `lookUp` finds, one per product code, and is safe to call from
/// any number of tasks at once:
/// - The first call for a product calls `lookUp(product)`. Calls for that product while its
///   lookup is under way wait for it and get what it gives: one lookup, however many callers.
/// - A price found is kept: a call made after the callers have it returns it, with no lookup.
/// - A lookup that throws is not kept: the callers waiting for it get its error, and a call made
///   after they have it looks the product up again.
/// - Lookups of different products go on at the same time, each apart from the others.
/// - Cancelling a caller's task cancels nothing: the lookup goes on, and that caller, like the
///   others, gets what it gives. A caller whose task is cancelled before it asks is served too.
/// - Each cache keeps its own prices and lookups, with its own `lookUp`.
/// - No rule of time: a price is kept for good, and a lookup may take as long as it takes.
/// - Each cache keeps its state in its own stored properties: no static or global variable, and
///   no static or global constant made by a call (a number or a string is fine); no
///   `nonisolated(unsafe)`.
/// Product codes are told apart as Swift's `==` tells strings apart, and `lookUp` is given the
/// code as the caller that started the lookup spelled it.
/// Graded on 400 generated runs too (one to three caches, callers of up to three products, codes
/// that `==` calls equal though spelled apart and ones it tells apart though they look alike, mean
/// the same to a reader or part only after 40 to 10,000 scalars (and long ones that part past 2^20
/// scalars or in the middle), a price kept and asked for up to forty times more, lookups answered
/// in any order with a price, 0, negatives, Int.min and Int.max among them, or an error
/// (CancellationError, every URLError code, the platform's, a decoder's and a server's NSErrors
/// among them), callers' tasks cancelled before they ask or while they wait), on 66,000 products
/// asked for at once (a crowd of callers of one, cancelled ones among them), on 65,537 failures in
/// a row, and on callers who ask again at once when a lookup ends (after a failure too), while new
/// callers come.
/// Read docs/Chapter08-Isolation.md#exercise-8a-a-cache-that-looks-each-product-up-once
public actor PriceCache {
  /// A cache that finds prices with `lookUp`, which may throw.
  public init(lookUp: @escaping @Sendable (String) async throws -> Int) {
    // TODO(8a): keep lookUp, and what you need to know which lookups are under way.
  }

  /// The price of `product`: kept, awaited from the lookup under way, or looked up.
  public func price(of product: String) async throws -> Int {
    // TODO(8a): the price kept, the lookup under way joined, or a new lookup.
    throw NotImplemented("8a")
  }
}
