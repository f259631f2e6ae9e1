import ExerciseSupport
import Foundation

/// Exercise 5.3: a file in ranged parts (reference solution).
///
/// Read docs/Chapter05-TaskGroups.md#exercise-53-a-file-in-ranged-parts
public func downloadInParts(
  size: Int,
  parts: Int,
  fetch: @escaping @Sendable (ClosedRange<Int>) async throws -> Data
) async throws -> Data {
  // The ranges in order; the first size % parts are one byte longer.
  var ranges: [ClosedRange<Int>] = []
  var start = 0
  for part in 0..<parts {
    let length = size / parts + (part < size % parts ? 1 : 0)
    ranges.append(start...(start + length - 1))
    start += length
  }
  return try await withThrowingTaskGroup(of: (index: Int, data: Data).self) { group in
    for (index, range) in ranges.enumerated() {
      group.addTask {
        let data = try await fetch(range)
        guard data.count == range.count else {
          throw WrongPartLength(range: range, received: data.count)
        }
        return (index, data)
      }
    }
    var pieces = [Data](repeating: Data(), count: parts)
    // The first error leaves this loop; the group then cancels the parts still running.
    for try await piece in group {
      pieces[piece.index] = piece.data
    }
    return pieces.reduce(into: Data(capacity: size)) { $0.append($1) }
  }
}
