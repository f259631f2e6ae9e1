// `swift run -c release FixtureBenchmark`: how fast the 32 MB fixture file downloads from the
// in-process fixture server, by curl, by URLSession and by the two streams of DownloadStreams. A
// measurement for humans, not a test: nothing here passes or fails.
import ChildProcesses
import DownloadBenchmarks
import Foundation
import HTTPFixtures

@main
enum Main {
  static func main() async throws {
    let server = try FixtureServer.start()
    defer { server.stop() }
    guard let file = FixtureFile.named("large.bin") else { throw BenchmarkError("no large.bin") }
    _ = file.contents  // generate the bytes before timing anything
    let url = server.url("/files/\(file.name)")
    let table = SpeedTable(size: file.size)
    print(
      "Downloading \(file.name) (\(file.size) bytes) from \(url), best and median of "
        + "\(table.rounds):"
    )
    let size = file.size
    let curl = try await table.measure { try await curlDownload(url).transfer }
    let baseline = (name: "curl's transfer", seconds: curl)
    print(table.line("curl, transfer (its --write-out time)", curl))
    print(
      table.line(
        "curl, whole command (process start too)",
        try await table.measure { try await curlDownload(url).command }
      )
    )
    let rows: [(String, () async throws -> Double)] = [
      ("HTTPDownload.bytes, byte by byte", { try await PlainDownloads.bytes(url, expected: size) }),
      (
        "HTTPDownload.bytes, byte by byte, main actor",
        { try await PlainDownloads.mainActorBytes(url, expected: size) }
      ),
      ("HTTPDownload.chunks", { try await PlainDownloads.chunks(url, expected: size) }),
      ("URLSession data(for:)", { try await PlainDownloads.data(url, expected: size) }),
      (
        "AsyncHTTPBytes over chunks already in memory",
        { try await PlainDownloads.inMemoryBytes(file.contents) }
      ),
    ]
    for (name, download) in rows {
      print(table.line(name, try await table.measure(download), baseline: baseline))
    }
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
    let command = SpeedTable.seconds(since: start)
    let fields = result.stdout.split(separator: " ")
    guard result.termination == .exited(0), fields.count == 2, let seconds = Double(fields[1])
    else {
      throw BenchmarkError("curl failed: \(result.termination) \(result.stderr)")
    }
    return (seconds, command)
  }
}
