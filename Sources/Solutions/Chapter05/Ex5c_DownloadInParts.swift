import ExerciseSupport
import Foundation

/// Exercise 5c: a file in ranged parts, written in order (reference solution).
///
/// Read docs/Chapter05-TaskGroups.md#exercise-5c-a-file-in-ranged-parts-written-in-order
public func downloadInParts(
  isolation: isolated (any Actor)? = #isolation,
  size: Int,
  parts: Int,
  fetch: @escaping @Sendable (ClosedRange<Int>) async throws -> Data,
  write: (Data) async throws -> Void
) async throws {
  // The ranges in order; the first size % parts are one byte longer.
  var ranges: [ClosedRange<Int>] = []
  var start = 0
  for part in 0..<parts {
    let length = size / parts + (part < size % parts ? 1 : 0)
    ranges.append(start...(start + length - 1))
    start += length
  }
  try await withThrowingTaskGroup(of: (index: Int, data: Data).self) { group in
    for (index, range) in ranges.enumerated() {
      group.addTask {
        let data = try await fetch(range)
        guard data.count == range.count else {
          throw WrongPartLength(range: range, received: data.count)
        }
        return (index, data)
      }
    }
    // Pieces that came before their turn wait here; `next` is the first not yet written.
    var early: [Int: Data] = [:]
    var next = 0
    // The first error leaves this loop; the group then cancels the parts still running.
    for try await piece in group {
      early[piece.index] = piece.data
      while let data = early.removeValue(forKey: next) {
        try Task.checkCancellation()  // a cancelled caller wants no more writes
        try await write(data)
        next += 1
      }
    }
  }
}
