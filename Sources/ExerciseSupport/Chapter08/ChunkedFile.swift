// The types of Chapter08's exercises. Learners use them; they do not change them.

/// Exercise 8c's file: read in chunks, each with a checksum that is costly to work out.
public protocol ChunkedFile: Sendable {
  /// How many chunks the file has (0 or more).
  var chunkCount: Int { get }

  /// The checksum of chunk `index` (from 0): synchronous, and slow enough to stall whatever
  /// thread runs it, so keep it off the main actor.
  func checksum(ofChunk index: Int) -> UInt64
}
