import ExerciseSupport
import Foundation

/// Exercise 6a: the chunk accumulator (reference solution).
///
/// Read docs/Chapter06-ByteAccumulation.md#exercise-6a-the-chunk-accumulator
public struct ChunkAccumulator: CustomStringConvertible {
  /// The file's name, for the description.
  public let name: String
  /// The bytes expected.
  public let size: Int
  /// Bytes per batch: a twentieth of the size, at least 1 (or a tiny file would never fill one).
  public let batchSize: Int
  private var bytes: Data
  private var count = 0
  /// The byte count when a report was last due; nil until one is.
  private var reportedAt: Int?

  /// Creates an empty accumulator for `size` bytes; throws `InvalidSize` if it is negative.
  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    batchSize = max(size / 20, 1)
    // Zeroed storage the system hands over untouched: a gigabyte costs nothing until written.
    bytes = Data(count: size)
  }

  /// Adds a chunk's bytes: true if they reached the end of a batch, so a report is due.
  public mutating func append(_ chunk: Data) -> Bool {
    // The part that fits goes into the storage in place; the rest (past the size) is appended.
    let inPlace = min(chunk.count, bytes.count - count)
    bytes.replaceSubrange(count..<count + inPlace, with: chunk.prefix(inPlace))
    bytes.append(chunk.dropFirst(inPlace))
    let before = count
    count += chunk.count
    // Batches end at every multiple of batchSize, wherever the chunks happen to end.
    guard count / batchSize > before / batchSize else { return false }
    reportedAt = count
    return true
  }

  /// The body has ended: true if a report is due for bytes that none reported yet, or if none
  /// was ever due (an empty body is reported once).
  public mutating func finish() -> Bool {
    defer { reportedAt = count }
    return reportedAt != count
  }

  /// The bytes so far over `size`; 1 for a size of 0.
  public var progress: Double {
    size > 0 ? Double(count) / Double(size) : 1
  }

  /// The bytes so far.
  public var data: Data { bytes.subdata(in: 0..<count) }  // a copy: appends stay in place

  /// "[name] 786 KB".
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(count)))"
  }
}
