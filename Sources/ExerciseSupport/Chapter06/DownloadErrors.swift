// The types of Chapter06's exercises. Learners use them; they do not change them.

/// Exercise 6a's error for an accumulator asked to hold a negative number of bytes.
public struct InvalidSize: Error, Equatable, CustomStringConvertible {
  /// The size asked for.
  public let size: Int

  /// Creates the error for `size`.
  public init(size: Int) {
    self.size = size
  }

  /// "a download of -1 bytes".
  public var description: String { "a download of \(size) bytes" }
}

/// Exercise 6c's error for an answer that is not the part asked for.
public enum PartError: Error, Equatable, CustomStringConvertible {
  /// The status was not 206 Partial Content (200: the server ignored `Range`).
  case status(Int)
  /// The Content-Range does not name exactly the bytes asked for: `expected` is
  /// "bytes 1000-1099/" (the total after the slash may be any), `received` the header (nil if
  /// there was none).
  case contentRange(expected: String, received: String?)

  /// What went wrong, in a sentence.
  public var description: String {
    switch self {
    case .status(let status):
      "expected status 206, got \(status)"
    case .contentRange(let expected, let received):
      "expected a Content-Range starting \"\(expected)\", got \(received.map { "\"\($0)\"" } ?? "none")"
    }
  }
}
