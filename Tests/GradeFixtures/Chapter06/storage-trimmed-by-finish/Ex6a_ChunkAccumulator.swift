// Known wrong: trim_on_finish: finish() gives back the unused room, so appends after a finish (allowed) allocate again.
import ExerciseSupport
import Foundation

/// As the statement says.
public struct ChunkAccumulator: CustomStringConvertible {
  /// As the statement says.
  public let name: String
  /// As the statement says.
  public let size: Int
  private var bytes: [UInt8] = []
  private var reportedAt: Int?

  /// As the statement says.
  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    bytes.reserveCapacity(size)
  }

  /// As the statement says.
  public var batchSize: Int { max(size / 20, 1) }

  /// As the statement says.
  public mutating func append(_ chunk: Data) -> Bool {
    let before = bytes.count
    bytes.append(contentsOf: chunk)
    let due = bytes.count / batchSize > before / batchSize
    if due { reportedAt = bytes.count }
    return due
  }

  /// As the statement says.
  public mutating func finish() -> Bool {
    let due = reportedAt != bytes.count
    reportedAt = bytes.count
    // The body has ended: keep only the bytes that came, not the room reserved for the size.
    bytes = bytes.withUnsafeBufferPointer { Array($0) }
    return due
  }

  /// As the statement says.
  public var progress: Double { size > 0 ? Double(bytes.count) / Double(size) : 1 }

  /// As the statement says.
  public var data: Data { Data(bytes) }

  /// As the statement says.
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(bytes.count)))"
  }
}
