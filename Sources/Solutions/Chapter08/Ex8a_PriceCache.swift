import ExerciseSupport

/// Exercise 8a: a cache that looks each product up once (reference solution).
///
/// Read docs/Chapter08-Isolation.md#exercise-8a-a-cache-that-looks-each-product-up-once
public actor PriceCache {
  private let lookUp: @Sendable (String) async throws -> Int
  private var prices: [String: Int] = [:]
  /// The lookups under way: a caller that finds one here awaits it instead of starting another.
  private var lookups: [String: Task<Int, any Error>] = [:]

  /// A cache that finds prices with `lookUp`, which may throw.
  public init(lookUp: @escaping @Sendable (String) async throws -> Int) {
    self.lookUp = lookUp
  }

  /// The price of `product`: kept, awaited from the lookup under way, or looked up.
  public func price(of product: String) async throws -> Int {
    if let price = prices[product] { return price }
    if let lookup = lookups[product] { return try await lookup.value }
    // A task of its own, so that cancelling this caller does not cancel the others' lookup.
    // It runs on this actor (it uses self), and writes its outcome before anyone reads it.
    let lookup = Task {
      defer { lookups[product] = nil }
      let price = try await lookUp(product)
      prices[product] = price
      return price
    }
    lookups[product] = lookup  // no await since the lookup above found nothing under way
    return try await lookup.value
  }
}
