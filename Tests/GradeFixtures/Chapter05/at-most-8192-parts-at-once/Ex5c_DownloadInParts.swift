// Mistake: never more than 8,192 fetches in flight; each part that ends lets the next start. The
//   learner's reason: "a file split into tens of thousands of ranges would open tens of thousands
//   of connections and tasks; 8,192 is far above any real use".
// Breaks: "Fetch every range at once, each in a child task"; the page: "Every part starts at once,
//   however many there are".
// Scenario: 10,000 bytes in 10,000 parts, each 1 s. The statement: all 10,000 asked for at 0 s, the
//   file at 1 s. The answer: 8,192 at 0 s, the other 1,808 at 1 s, the file at 2 s. The grade's
//   crowds have at most 4,000 parts. (The known fixtures cap at 64, 128 and 512.)
// Verdict: graded done ([x] 5.3, exit 0). REPEAT (the known cap mistake, with a cap above every size tried).
import ExerciseSupport
import Foundation

/// The most fetches in flight at once.
private let mostInFlight = 8_192

/// As the statement says.
public func downloadInParts(
  isolation: isolated (any Actor)? = #isolation,
  size: Int,
  parts: Int,
  fetch: @escaping @Sendable (ClosedRange<Int>) async throws -> Data,
  write: (Data) async throws -> Void
) async throws {
  var ranges: [ClosedRange<Int>] = []
  var start = 0
  for part in 0..<parts {
    let length = size / parts + (part < size % parts ? 1 : 0)
    ranges.append(start...(start + length - 1))
    start += length
  }
  try await withThrowingTaskGroup(of: (index: Int, data: Data).self) { group in
    var started = 0
    func startNext() {
      let index = started
      let range = ranges[index]
      group.addTask {
        let data = try await fetch(range)
        guard data.count == range.count else {
          throw WrongPartLength(range: range, received: data.count)
        }
        return (index, data)
      }
      started += 1
    }
    while started < min(mostInFlight, ranges.count) { startNext() }
    var early: [Int: Data] = [:]
    var next = 0
    for try await piece in group {
      if started < ranges.count { startNext() }
      early[piece.index] = piece.data
      while let data = early.removeValue(forKey: next) {
        try Task.checkCancellation()
        try await write(data)
        next += 1
      }
    }
  }
}
