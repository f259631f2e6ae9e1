import ExerciseSupport
import Foundation

/// Exercise 6b: the batch loop (reference solution).
///
/// Read docs/Chapter06-ByteAccumulation.md#exercise-6b-the-batch-loop
public func collectInBatches(
  _ bytes: some AsyncSequence<UInt8, any Error>,
  size: Int,
  report: (Double) async -> Bool
) async throws -> Data {
  let batchSize = max(size / 20, 1)
  var data = Data()  // not Data(capacity: size): the size is only what the server said
  var inBatch = 0
  for try await byte in bytes {
    // A cancel stops the reading: a stream may go on after one, even for ever.
    try Task.checkCancellation()
    data.append(byte)
    inBatch += 1
    if inBatch == batchSize {
      inBatch = 0
      guard await report(Double(data.count) / Double(size)) else { return data }
      try Task.checkCancellation()  // cancelled in the report: read no more
    }
  }
  // A cancelled task's loop over a stream just ends: that is not the end of the body.
  try Task.checkCancellation()
  if inBatch > 0 {
    _ = await report(Double(data.count) / Double(size))  // the last bytes, one report
  }
  return data
}
