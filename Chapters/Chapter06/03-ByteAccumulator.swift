// 6.3 Bytes in batches. Read with docs/Chapter06-ByteAccumulation.md#63-bytes-in-batches
import DownloadStreams
import Foundation
import LessonSupport

// snippet.byte-accumulator
/// Collects a download's bytes in storage allocated once, and marks off batches of about a
/// twentieth of the size, so that progress is reported about 20 times, not once per byte (20 or
/// 21 times for any size from 380 bytes up).
///
/// A struct, where the seed has a class: a class's stored properties are checked for exclusive
/// access at run time, on every access, and here that is several accesses per byte (6.5).
struct ByteAccumulator: CustomStringConvertible {
  let name: String
  let size: Int
  /// Bytes per batch: a twentieth of the size, at least 1.
  let batchSize: Int
  private var bytes: [UInt8]
  /// How many bytes have come so far.
  private(set) var offset = 0
  /// Where the current batch starts: the first batch starts with the accumulator.
  private var batchStart = 0
  /// Whether `checkCompleted()` was called yet: its first call says false, whatever came before.
  private var checked = false

  init(name: String, size: Int) {
    self.name = name
    self.size = size
    batchSize = max(size / 20, 1)
    bytes = [UInt8](repeating: 0, count: size)  // allocated once, filled in place
  }

  /// Adds the next byte (past `size`, the storage grows: a server that sent more is not lost).
  mutating func append(_ byte: UInt8) {
    if offset < bytes.count {
      bytes[offset] = byte
    } else {
      bytes.append(byte)
    }
    offset += 1
  }

  /// Whether the current batch is full.
  var isBatchCompleted: Bool { offset - batchStart >= batchSize }

  /// Whether the current batch has no bytes yet.
  var isBatchEmpty: Bool { offset == batchStart }

  /// Ends the current batch and starts the next: true if it had no bytes, which a loop reads as
  /// "the body has ended".
  mutating func checkCompleted() -> Bool {
    defer {
      batchStart = offset
      checked = true
    }
    return checked && offset == batchStart
  }

  /// The fraction of `size` that has come (1 for an empty file).
  var progress: Double {
    size > 0 ? Double(offset) / Double(size) : 1
  }

  /// The bytes so far.
  var data: Data { Data(bytes[0..<offset]) }

  /// "[small.bin] 1.6 MB": the name and how much has come.
  var description: String {
    "[\(name)] \(ByteCountFormatter().string(fromByteCount: Int64(offset)))"
  }
}
// snippet.end

// snippet.seed-loop
/// Seed 004's batch loop as the seed wrote it, reporting where the seed updated its progress
/// bar: it reports the last batch twice.
///
/// `nonisolated(nonsending)` as `batchLoop` below, so that the two differ only where the seed
/// does (section 6.5 times both on the main actor).
nonisolated(nonsending) func seedBatchLoop(
  _ bytes: AsyncHTTPBytes,
  into accumulator: inout ByteAccumulator,
  report: (ByteAccumulator) -> Void
) async throws {
  var iterator = bytes.makeAsyncIterator()
  while !accumulator.checkCompleted() {
    while !accumulator.isBatchCompleted, let byte = try await iterator.next() {
      accumulator.append(byte)
    }
    report(accumulator)  // also after the round that found the body had ended
  }
}
// snippet.end

// snippet.batch-loop
/// The batch loop, fixed: a round that gets no byte means the body has ended.
///
/// The batch before that round was reported already. `afterBatch` returns false to stop early.
///
/// `nonisolated(nonsending)`: the loop, and `afterBatch` with it, run where the caller runs
/// (section 6.5), so the accumulator never crosses from one isolation to another.
nonisolated(nonsending) func batchLoop(
  _ bytes: AsyncHTTPBytes,
  into accumulator: inout ByteAccumulator,
  afterBatch: nonisolated(nonsending) (ByteAccumulator) async throws -> Bool
) async throws {
  var iterator = bytes.makeAsyncIterator()
  var keepGoing = true
  while keepGoing, !accumulator.checkCompleted() {
    // next(isolation:), as `for try await` calls it: next() would leave the caller's actor and
    // come back for every byte.
    while !accumulator.isBatchCompleted, let byte = try await iterator.next(isolation: #isolation) {
      accumulator.append(byte)
    }
    if accumulator.isBatchEmpty { break }  // the one line the seed's loop lacks
    keepGoing = try await afterBatch(accumulator)
  }
}
// snippet.end

func runBatches(_ context: LessonContext) async throws {
  let console = context.console
  let part = try LessonPart.bytes()
  let name = "part"
  let batchSize = ByteAccumulator(name: name, size: part.count).batchSize
  console.print(
    "A part of \(part.count) bytes, already in memory: 20 batches of \(batchSize), 3 left over."
  )
  console.print()
  console.print("Seed 004's loop reports after every round of its outer loop:")
  var seed = ByteAccumulator(name: name, size: part.count)
  var seedReports: [String] = []
  try await seedBatchLoop(AsyncHTTPBytes(inMemory: part), into: &seed) { accumulator in
    seedReports.append("\(accumulator) (\(percent(accumulator.progress)))")
  }
  showReports(seedReports, console: console)
  console.print("The round after the last bytes gets none, and still reports: the last line twice.")
  console.print()
  console.print("The fixed loop stops when a round gets no byte:")
  var fixed = ByteAccumulator(name: name, size: part.count)
  var fixedReports: [String] = []
  try await batchLoop(AsyncHTTPBytes(inMemory: part), into: &fixed) { accumulator in
    fixedReports.append("\(accumulator) (\(percent(accumulator.progress)))")
    return true
  }
  showReports(fixedReports, console: console)
  console.print("Both kept every byte: \(seed.data == part) and \(fixed.data == part).")
}

/// Prints how many reports there were, the first and the last three.
private func showReports(_ reports: [String], console: Console) {
  console.print("  \(reports.count) reports: \(reports[0]), ..., then")
  for report in reports.suffix(3) {
    console.print("    \(report)")
  }
}

/// "45%" for 0.45, rounded down, so that 100% means every byte.
func percent(_ fraction: Double) -> String {
  "\(Int((fraction * 100).rounded(.down)))%"
}
