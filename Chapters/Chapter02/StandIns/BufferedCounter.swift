// Stand-in for seed 001's TestService with its counterBuffer: every new value joins a FIFO.
// The unfolding streams that poll it are the lesson: 08-Workarounds.swift.

/// A counter whose `didSet` appends every new value to a first-in, first-out buffer.
@MainActor
final class BufferedCounter {
  var value = 0 {
    didSet { buffer.append(value) }
  }
  private var buffer: [Int] = []
  /// How often a poll found the buffer empty (counted by the polling streams).
  private(set) var emptyPolls = 0

  /// The oldest value not yet taken, or nil (and one more empty poll) when there is none.
  func takeOldest() -> Int? {
    guard !buffer.isEmpty else {
      emptyPolls += 1
      return nil
    }
    return buffer.removeFirst()
  }
}
