// Known wrong: leak_on_growth: growing past the size copies into a new allocation and never frees the old one: storage not freed with the last copy.
import ExerciseSupport
import Foundation

final class ByteStorage {
  private(set) var pointer: UnsafeMutableRawPointer
  private(set) var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    pointer = .allocate(byteCount: max(capacity, 1), alignment: 1)
  }

  deinit { pointer.deallocate() }

  /// A copy of the bytes, for a copy of the accumulator that changes.
  func clone() -> ByteStorage {
    let other = ByteStorage(capacity: max(capacity, count))
    other.pointer.copyMemory(from: pointer, byteCount: count)
    other.count = count
    return other
  }

  func append(_ chunk: Data) {
    let number = chunk.count
    guard number > 0 else { return }
    if count + number > capacity {  // bytes past the size: grow
      let newCapacity = max(capacity * 2, count + number)
      let bigger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
      bigger.copyMemory(from: pointer, byteCount: count)
      pointer = bigger
      capacity = newCapacity
    }
    chunk.withUnsafeBytes { source in
      guard let base = source.baseAddress else { return }
      (pointer + count).copyMemory(from: base, byteCount: number)
    }
    count += number
  }

  var bytes: Data { Data(bytes: pointer, count: count) }
}

/// As the statement says.
public struct ChunkAccumulator: CustomStringConvertible {
  /// As the statement says.
  public let name: String
  /// As the statement says.
  public let size: Int
  private var storage: ByteStorage
  private var reportedAt: Int?

  /// As the statement says.
  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    storage = ByteStorage(capacity: size)
  }

  /// As the statement says.
  public var batchSize: Int { max(size / 20, 1) }

  /// As the statement says.
  public mutating func append(_ chunk: Data) -> Bool {
    if !chunk.isEmpty, !isKnownUniquelyReferenced(&storage) { storage = storage.clone() }
    let before = storage.count
    storage.append(chunk)
    let due = storage.count / batchSize > before / batchSize
    if due { reportedAt = storage.count }
    return due
  }

  /// As the statement says.
  public mutating func finish() -> Bool {
    let due = reportedAt != storage.count
    reportedAt = storage.count
    return due
  }

  /// As the statement says.
  public var progress: Double { size > 0 ? Double(storage.count) / Double(size) : 1 }

  /// As the statement says.
  public var data: Data { storage.bytes }

  /// As the statement says.
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(storage.count)))"
  }
}
