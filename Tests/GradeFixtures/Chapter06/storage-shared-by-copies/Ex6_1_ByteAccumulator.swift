import ExerciseSupport
import Foundation

/// Known wrong: the storage is an NSMutableData that copies share.
public struct ByteAccumulator: CustomStringConvertible {
  public let name: String
  public let size: Int
  public let batchSize: Int
  /// The storage, allocated once: a reference, so copying the accumulator copies no bytes.
  private let storage: NSMutableData
  private var offset = 0
  private var batchCount = -1

  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    batchSize = max(size / 20, 1)
    storage = NSMutableData(length: size) ?? NSMutableData()
  }

  public mutating func append(_ byte: UInt8) {
    if offset < storage.length {
      storage.mutableBytes.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
    } else {
      var byte = byte
      storage.append(&byte, length: 1)
    }
    offset += 1
    batchCount += 1
  }

  public var isBatchCompleted: Bool { batchCount >= batchSize }

  public mutating func checkCompleted() -> Bool {
    defer { batchCount = 0 }
    return batchCount == 0
  }

  public var progress: Double { size > 0 ? Double(offset) / Double(size) : 1 }

  public var data: Data { Data(bytes: storage.bytes, count: offset) }

  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(offset)))"
  }
}
