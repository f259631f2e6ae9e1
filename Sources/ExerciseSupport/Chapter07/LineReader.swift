// The types of Chapter07's exercises. Learners use them; they do not change them.

/// Exercise 7b's source: lines read one at a time, as from a file, a socket or a child's output.
public protocol LineReader: Sendable {
  /// The next line, or nil at the end. It may block while it reads, and it may fail.
  func readLine() throws(LineReadError) -> String?

  /// Lets go of what the reader holds open (a file, a socket). Call it once, when done.
  func close()
}

/// Why a read failed.
public struct LineReadError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, in a few words.
  public let reason: String

  /// An error saying `reason`.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// "LineReadError(the disk went away)".
  public var description: String { "LineReadError(\(reason))" }
}
