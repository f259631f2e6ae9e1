import ExerciseSupport
import Foundation

/// Exercise 6a: the chunk accumulator (section 6.3).
///
/// Section 6.3's accumulator is read a byte at a time by a loop that asks it when a batch is full.
/// This one is handed chunks, as a `URLSessionDataDelegate` is (`didReceive data:`), and says
/// itself when a report is due. Collect the chunks' bytes in storage allocated once, by `init`, for
/// `size` bytes (appending up to `size` bytes then allocates nothing more, after a `finish()`
/// too, and also while a `data` read before is kept; bytes past `size` are kept too), whatever
/// the size (no limit of its own). `init` throws `InvalidSize` for a negative size. A batch is
/// `max(size / 20, 1)` bytes, and batches end at every multiple of `batchSize` bytes, however the chunks are cut:
/// `append` returns true when its chunk's bytes reach or pass the end of one batch or more (once
/// for the chunk, however many), false otherwise (an empty chunk included). `finish()`, called
/// when the body has ended, returns true when a report is due for bytes no true reported yet, or
/// when nothing was ever reported (an empty body is reported once), and false otherwise; then no
/// report is due until more bytes come (appends may follow a finish: the rules stay the same). A
/// chunk may be a slice of a larger `Data`: its first index need not be 0. `progress` is the bytes
/// so far over `size`, exactly (1 for a size of 0); `data` the bytes so far, a value of its own
/// that keeps them whatever the accumulator does next (appends, is copied, or is gone);
/// `description` "[name] 1.6 MB", the count from `ByteCountFormatter`. A struct: a copy goes on
/// with chunks and reports of its own (what `append` and `finish()` return to each), and has
/// storage of its own from its first change on (how that grows is left free). The storage is freed
/// with the last copy of an accumulator.
/// Graded on 320 generated lives too: the page's exercise section lists what they try.
/// Read docs/Chapter06-ByteAccumulation.md#exercise-6a-the-chunk-accumulator
public struct ChunkAccumulator: CustomStringConvertible {
  /// The file's name, for the description.
  public let name: String
  /// The bytes expected.
  public let size: Int

  /// Creates an empty accumulator for `size` bytes; throws `InvalidSize` if it is negative.
  public init(name: String, size: Int) throws {
    self.name = name
    self.size = size
    // TODO(6a): check the size; allocate the storage once.
    throw NotImplemented("6a")
  }

  /// Bytes per batch.
  public var batchSize: Int { 0 }

  /// Adds a chunk's bytes: true if they reached the end of a batch, so a report is due.
  public mutating func append(_ chunk: Data) -> Bool { false }

  /// The body has ended: true if a report is due for bytes not reported yet (or none ever was).
  public mutating func finish() -> Bool { false }

  /// The bytes so far over `size`; 1 for a size of 0.
  public var progress: Double { 0 }

  /// The bytes so far.
  public var data: Data { Data() }

  /// "[name] 786 KB".
  public var description: String { "" }
}
