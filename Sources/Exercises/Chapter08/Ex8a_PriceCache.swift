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
/// Graded on 400 generated runs too: the page's exercise section lists what they try.
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
