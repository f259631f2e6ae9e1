import ExerciseSupport
import Foundation

/// Exercise 6.1: the accumulator (reference solution).
///
/// Read docs/Chapter06-ByteAccumulation.md#exercise-61-the-accumulator
public struct ByteAccumulator: CustomStringConvertible {
  /// The file's name, for the description.
  public let name: String
  /// The bytes expected.
  public let size: Int
  /// Bytes per batch: a twentieth of the size, at least 1 (or a tiny file would never fill one).
  public let batchSize: Int
  private var bytes: Data
  private var offset = 0
  /// The bytes in the current batch; the first batch starts with the accumulator.
  private var batchCount = 0
  /// Whether checkCompleted() was called yet: the first call says false, whatever came before.
  private var checked = false

  /// Creates an empty accumulator for `size` bytes; throws `InvalidSize` if it is negative.
  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    batchSize = max(size / 20, 1)
    // Zeroed storage the system hands over untouched: a gigabyte costs nothing until written.
    bytes = Data(count: size)
  }

  /// Adds the next byte.
  public mutating func append(_ byte: UInt8) {
    if offset < bytes.count {
      bytes[offset] = byte
    } else {
      bytes.append(byte)  // more than announced: kept, not a crash
    }
    offset += 1
    batchCount += 1
  }

  /// Whether the current batch holds `batchSize` bytes.
  public var isBatchCompleted: Bool { batchCount >= batchSize }

  /// Ends the current batch: true if it had no bytes (false the first time).
  public mutating func checkCompleted() -> Bool {
    defer {
      batchCount = 0
      checked = true
    }
    return checked && batchCount == 0
  }

  /// The bytes so far over `size`; 1 for a size of 0.
  public var progress: Double {
    size > 0 ? Double(offset) / Double(size) : 1
  }

  /// The bytes so far.
  public var data: Data { bytes.subdata(in: 0..<offset) }  // a copy: appends stay in place

  /// "[name] 786 KB".
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(offset)))"
  }
}
