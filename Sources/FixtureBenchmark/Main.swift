// `swift run -c release FixtureBenchmark`: how fast the 32 MB fixture file downloads from the
// in-process fixture server, by curl, by URLSession and by the two streams of DownloadStreams. A
// measurement for humans, not a test: nothing here passes or fails.
import ChildProcesses
import HTTPFixtures
import DownloadStreams
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@main
enum Main {
  static let rounds = 5

  static func main() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    let file = try fixtureFile("large.bin")
    _ = file.contents  // generate the bytes before timing anything
    let url = server.url("/files/\(file.name)")
    print(
      "Downloading \(file.name) (\(file.size) bytes) from \(url), best and median of \(rounds):"
    )

    let curl = try await measure { try await curlDownload(url).transfer }
    report("curl, transfer (its --write-out time)", curl, size: file.size)
    report(
      "curl, whole command (process start too)",
      try await measure { try await curlDownload(url).command },
      size: file.size
    )
    report(
      "HTTPDownload.bytes, byte by byte",
      try await measure { try await bytesDownload(url, expected: file.size) },
      size: file.size,
      baseline: curl
    )
    report(
      "HTTPDownload.bytes, byte by byte, main actor",
      try await measure { try await mainActorBytesDownload(url, expected: file.size) },
      size: file.size,
      baseline: curl
    )
    report(
      "HTTPDownload.chunks",
      try await measure { try await chunksDownload(url, expected: file.size) },
      size: file.size,
      baseline: curl
    )
    report(
      "URLSession data(for:)",
      try await measure { try await dataDownload(url, expected: file.size) },
      size: file.size,
      baseline: curl
    )
    report(
      "AsyncHTTPBytes over chunks already in memory",
      try await measure { try await inMemoryBytes(file.contents) },
      size: file.size,
      baseline: curl
    )
  }

  /// Runs `body` `rounds` times; each returns the seconds its transfer took.
  static func measure(_ body: @Sendable () async throws -> Double) async throws -> [Double] {
    var seconds: [Double] = []
    for _ in 0..<rounds { seconds.append(try await body()) }
    return seconds.sorted()
  }

  static func report(_ name: String, _ seconds: [Double], size: Int, baseline: [Double]? = nil) {
    let best = Double(size) / 1e6 / seconds[0]
    let median = Double(size) / 1e6 / seconds[seconds.count / 2]
    var line =
      "  \(name.padding(toLength: 46, withPad: " ", startingAt: 0))"
      + String(format: "best %7.0f MB/s   median %7.0f MB/s", best, median)
    if let baseline {
      line += String(
        format: "   (%.2f x curl's transfer)",
        baseline[baseline.count / 2] / seconds[seconds.count / 2]
      )
    }
    print(line)
  }

  static func elapsed(since start: ContinuousClock.Instant) -> Double {
    let duration = ContinuousClock.now - start
    return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// curl's own transfer time, and the time of the whole command from spawn to exit.
  static func curlDownload(_ url: URL) async throws -> (transfer: Double, command: Double) {
    let start = ContinuousClock.now
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "curl", "-s", "-o", "/dev/null", "-w", "%{size_download} %{time_total}", url.absoluteString,
      ],
      timeout: .seconds(60)
    )
    let command = elapsed(since: start)
    let fields = result.stdout.split(separator: " ")
    guard result.termination == .exited(0), fields.count == 2, let seconds = Double(fields[1])
    else {
      throw BenchmarkError("curl failed: \(result.termination) \(result.stderr)")
    }
    return (seconds, command)
  }

  static func bytesDownload(_ url: URL, expected: Int) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await HTTPDownload.start(URLRequest(url: url))
    let (count, checksum) = try await countBytes(download.bytes)
    let seconds = elapsed(since: start)
    try check(count, expected, checksum)
    return seconds
  }

  /// The same loop, written in a `@MainActor` function as a view model would write it (not
  /// through `countBytes`: the compiler treats a loop in an actor-isolated function differently).
  @MainActor
  static func mainActorBytesDownload(_ url: URL, expected: Int) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await HTTPDownload.start(URLRequest(url: url))
    var count = 0
    var checksum: UInt8 = 0
    for try await byte in download.bytes {
      checksum &+= byte
      count += 1
    }
    let seconds = elapsed(since: start)
    try check(count, expected, checksum)
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

  /// The byte loop alone: no network, the body already cut into 16 KiB chunks.
  ///
  /// No byte-by-byte download can be faster than this.
  static func inMemoryBytes(_ body: Data) async throws -> Double {
    let (chunks, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    for start in stride(from: 0, to: body.count, by: 16_384) {
      continuation.yield(body[start..<min(start + 16_384, body.count)])
    }
    continuation.finish()
    let start = ContinuousClock.now
    let (count, checksum) = try await countBytes(AsyncHTTPBytes(chunks))
    let seconds = elapsed(since: start)
    try check(count, body.count, checksum)
    return seconds
  }

  static func chunksDownload(_ url: URL, expected: Int) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await HTTPDownload.start(URLRequest(url: url))
    var count = 0
    for try await chunk in download.chunks { count += chunk.count }
    let seconds = elapsed(since: start)
    try check(count, expected, 0)
    return seconds
  }

  static func dataDownload(_ url: URL, expected: Int) async throws -> Double {
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    let start = ContinuousClock.now
    let (data, _) = try await session.data(for: URLRequest(url: url))
    let seconds = elapsed(since: start)
    try check(data.count, expected, 0)
    return seconds
  }

  static func check(_ count: Int, _ expected: Int, _ checksum: UInt8) throws {
    guard count == expected else {
      throw BenchmarkError("got \(count) bytes, expected \(expected)")
    }
    _ = checksum  // computed so the byte loop cannot be optimised away
  }

  static func fixtureFile(_ name: String) throws -> FixtureFile {
    guard let file = FixtureFile.named(name) else { throw BenchmarkError("no fixture \(name)") }
    return file
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
