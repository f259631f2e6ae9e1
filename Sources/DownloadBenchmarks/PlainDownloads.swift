import DownloadStreams
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same body downloaded four plain ways, each returning the seconds its transfer took and
/// checking the byte count: the rows every download benchmark compares against.
public enum PlainDownloads {
  /// `HTTPDownload.bytes`, one byte at a time, off any actor.
  public static func bytes(_ url: URL, expected: Int) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await HTTPDownload.start(URLRequest(url: url))
    let (count, checksum) = try await countBytes(download.bytes)
    let seconds = SpeedTable.seconds(since: start)
    try check(count, expected, checksum)
    return seconds
  }

  /// The same loop, written in a `@MainActor` function as a view model would write it (not
  /// through `countBytes`: the compiler treats a loop in an actor-isolated function differently).
  @MainActor
  public static func mainActorBytes(_ url: URL, expected: Int) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await HTTPDownload.start(URLRequest(url: url))
    var count = 0
    var checksum: UInt8 = 0
    for try await byte in download.bytes {
      checksum &+= byte
      count += 1
    }
    let seconds = SpeedTable.seconds(since: start)
    try check(count, expected, checksum)
    return seconds
  }

  /// `HTTPDownload.chunks`: the pieces as URLSession delivers them, counted.
  public static func chunks(_ url: URL, expected: Int) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await HTTPDownload.start(URLRequest(url: url))
    var count = 0
    for try await chunk in download.chunks { count += chunk.count }
    let seconds = SpeedTable.seconds(since: start)
    try check(count, expected, 0)
    return seconds
  }

  /// `URLSession.data(for:)`: the whole body at once, in a session of its own.
  public static func data(_ url: URL, expected: Int) async throws -> Double {
    let session = URLSession(configuration: .uncached)
    defer { session.finishTasksAndInvalidate() }
    let start = ContinuousClock.now
    let (data, _) = try await session.data(for: URLRequest(url: url))
    let seconds = SpeedTable.seconds(since: start)
    try check(data.count, expected, 0)
    return seconds
  }

  /// The byte loop alone: no network, `body` already cut into 16 KiB chunks.
  ///
  /// No byte-by-byte download can be faster than this.
  public static func inMemoryBytes(_ body: Data) async throws -> Double {
    let bytes = AsyncHTTPBytes(inMemory: body)
    let start = ContinuousClock.now
    let (count, checksum) = try await countBytes(bytes)
    let seconds = SpeedTable.seconds(since: start)
    try check(count, body.count, checksum)
    return seconds
  }

  /// Counts and sums the bytes, off any actor.
  static func countBytes(_ bytes: AsyncHTTPBytes) async throws -> (count: Int, checksum: UInt8) {
    var count = 0
    var checksum: UInt8 = 0
    for try await byte in bytes {
      checksum &+= byte
      count += 1
    }
    return (count, checksum)
  }

  /// Throws unless `count` is `expected`. (The checksum is taken so that the optimiser cannot
  /// drop the byte loop.)
  public static func check(_ count: Int, _ expected: Int, _ checksum: UInt8) throws {
    guard count == expected else {
      throw BenchmarkError("got \(count) bytes, expected \(expected)")
    }
    _ = checksum
  }
}
