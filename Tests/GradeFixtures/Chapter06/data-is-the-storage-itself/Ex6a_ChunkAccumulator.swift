// Known wrong: `data` returns the storage itself; a kept `data` makes the next append copy only the bytes so far, so the capacity init reserved is lost and later appends up to `size` allocate again.
import ExerciseSupport
import Foundation

/// As the statement says.
public struct ChunkAccumulator: CustomStringConvertible {
  /// As the statement says.
  public let name: String
  /// As the statement says.
  public let size: Int
  private var storage: Data
  private var reportedAt: Int?

  /// As the statement says.
  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    storage = Data(capacity: size)
  }

  /// As the statement says.
  public var batchSize: Int { max(size / 20, 1) }

  /// As the statement says.
  public mutating func append(_ chunk: Data) -> Bool {
    let before = storage.count
    storage.append(chunk)
    let after = storage.count
    let due = after / batchSize > before / batchSize
    if due { reportedAt = after }
    return due
  }

  /// As the statement says.
  public mutating func finish() -> Bool {
    let due = reportedAt != storage.count
    reportedAt = storage.count
    return due
  }

  /// As the statement says.
  public var progress: Double { size == 0 ? 1 : Double(storage.count) / Double(size) }

  /// As the statement says.
  public var data: Data { storage }

  /// As the statement says.
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(storage.count)))"
  }
}
