// Known wrong: `data` wraps the accumulator's own memory with Data(bytesNoCopy:deallocator: .none): it dangles once the accumulator grows past the size or is gone.
import ExerciseSupport
import Foundation

/// The bytes, in memory allocated once; shared by copies until one of them appends.
final class Buffer {
  var pointer: UnsafeMutableRawPointer
  var capacity: Int
  var count = 0
  var reportedAt: Int?

  init(capacity: Int) {
    self.capacity = capacity
    pointer = .allocate(byteCount: max(capacity, 1), alignment: 1)
  }

  /// A copy for a struct that goes on on its own.
  func copy() -> Buffer {
    let new = Buffer(capacity: capacity)
    new.pointer.copyMemory(from: pointer, byteCount: count)
    new.count = count
    new.reportedAt = reportedAt
    return new
  }

  func append(_ chunk: Data) {
    if count + chunk.count > capacity {  // bytes past the size: grow
      let newCapacity = max(capacity * 2, count + chunk.count)
      let new = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
      new.copyMemory(from: pointer, byteCount: count)
      pointer.deallocate()
      pointer = new
      capacity = newCapacity
    }
    chunk.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress {
        (pointer + count).copyMemory(from: base, byteCount: bytes.count)
      }
    }
    count += chunk.count
  }

  deinit { pointer.deallocate() }
}

/// As the statement says.
public struct ChunkAccumulator: CustomStringConvertible {
  /// As the statement says.
  public let name: String
  /// As the statement says.
  public let size: Int
  private var buffer: Buffer

  /// As the statement says.
  public init(name: String, size: Int) throws {
    guard size >= 0 else { throw InvalidSize(size: size) }
    self.name = name
    self.size = size
    buffer = Buffer(capacity: size)
  }

  /// As the statement says.
  public var batchSize: Int { max(size / 20, 1) }

  /// As the statement says.
  public mutating func append(_ chunk: Data) -> Bool {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    let before = buffer.count
    buffer.append(chunk)
    let due = buffer.count / batchSize > before / batchSize
    if due { buffer.reportedAt = buffer.count }
    return due
  }

  /// As the statement says.
  public mutating func finish() -> Bool {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    let due = buffer.reportedAt != buffer.count
    buffer.reportedAt = buffer.count
    return due
  }

  /// As the statement says.
  public var progress: Double { size == 0 ? 1 : Double(buffer.count) / Double(size) }

  /// As the statement says.
  public var data: Data {
    Data(bytesNoCopy: buffer.pointer, count: buffer.count, deallocator: .none)  // no copy
  }

  /// As the statement says.
  public var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(buffer.count)))"
  }
}
