/// Namespaces as in Combine: `Subscribers.Demand`, `Subscribers.Completion`, `Subscribers.Sink`.
public enum Subscribers {}

extension Subscribers {
  /// How many more values a subscriber is ready for: a number, or unlimited.
  ///
  /// The arithmetic saturates (this module's choice; Apple documents it for Combine's `-=` only,
  /// and OpenCombine traps on a negative result): adding past `Int.max` gives `.unlimited`,
  /// subtracting below zero gives `.none`, and `.unlimited` stays unlimited whatever is
  /// subtracted from it.
  ///
  /// ```swift
  /// var demand = Subscribers.Demand.max(2)
  /// demand += 3  // .max(5)
  /// demand -= 1  // .max(4): one value delivered
  /// let rest = demand - 10  // .none, never negative
  /// ```
  public struct Demand: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The number, nil for unlimited.
    public let max: Int?

    private init(_ max: Int?) {
      self.max = max
    }

    /// No more values for now.
    public static let none = Demand(0)
    /// Every value there is.
    public static let unlimited = Demand(nil)

    /// At most `value` more values; a negative number is a programming error.
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "a demand cannot be negative: \(value)")
      return Demand(value)
    }

    /// Saturating: `.unlimited` if either side is, or if the sum passes `Int.max`.
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max, let right = rhs.max else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(right)
      return overflow ? .unlimited : Demand(sum)
    }

    /// `lhs + .max(rhs)`.
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      lhs + .max(rhs)
    }

    /// Saturating: never below `.none`; `.unlimited` minus a number is still unlimited, and
    /// anything minus `.unlimited` is `.none` (unless it is unlimited too).
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.max else { return .unlimited }
      guard let right = rhs.max else { return .none }
      return Demand(Swift.max(left - right, 0))
    }

    /// `lhs - .max(rhs)`.
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      lhs - .max(rhs)
    }

    /// `lhs = lhs + rhs`, saturating.
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    /// `lhs = lhs + .max(rhs)`, saturating.
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
    /// `lhs = lhs - rhs`, saturating.
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
    /// `lhs = lhs - .max(rhs)`, saturating.
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    /// Whether this demand allows `count` more values: `.unlimited > 5`, `.max(3) > 2`.
    public static func > (lhs: Demand, rhs: Int) -> Bool {
      guard let left = lhs.max else { return true }
      return left > rhs
    }

    /// "unlimited", "max(3)", "none".
    public var description: String {
      switch max {
      case nil: "unlimited"
      case 0: "none"
      case let value?: "max(\(value))"
      }
    }
  }
}
