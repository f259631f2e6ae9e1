// The types of Chapter05's exercises. Learners use them; they do not change them.

/// Exercise 5c's error for a part whose length is not its range's: the server sent less (or
/// more) than was asked for, and joining it would shift every byte after it.
public struct WrongPartLength: Error, Equatable, CustomStringConvertible {
  /// The bytes asked for.
  public let range: ClosedRange<Int>
  /// How many bytes came.
  public let received: Int

  /// Creates the error for `range`, of which `received` bytes came.
  public init(range: ClosedRange<Int>, received: Int) {
    self.range = range
    self.received = received
  }

  /// "bytes 0-9: 7 bytes came, 10 were asked for".
  public var description: String {
    "bytes \(range.lowerBound)-\(range.upperBound): \(received) bytes came, \(range.count) were "
      + "asked for"
  }
}
