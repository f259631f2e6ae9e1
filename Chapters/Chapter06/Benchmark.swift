// `swift run -c release Chapter06 --benchmark`: the 32 MiB fixture downloaded five ways, in MB/s
// against data(for:). A measurement for people, not a test: it prints, it does not judge.
import DownloadBenchmarks
import Foundation
import HTTPFixtures
import LessonSupport

func runBenchmark(_ context: LessonContext) async throws {
  let console = context.console
  let file = try fixtureFile("large.bin")
  _ = file.contents  // generated before any timing
  let table = SpeedTable(size: file.size)
  // Real time and full speed whatever the options: the download itself is what this measures.
  try await FixtureServer.serving { server in
    let url = server.url("/files/\(file.name)")
    let model = await DownloadModel(server: server.url("/"))
    let size = file.size
    console.print("\(file.name), \(size) bytes, best and median of \(table.rounds) runs each:")
    let data = try await table.measure { try await PlainDownloads.data(url, expected: size) }
    let baseline = (name: "data(for:)", seconds: data)
    console.print(table.line("URLSession data(for:)", data))
    let rows: [(String, () async throws -> Double)] = [
      ("HTTPDownload.bytes, byte by byte", { try await PlainDownloads.bytes(url, expected: size) }),
      ("HTTPDownload.chunks", { try await PlainDownloads.chunks(url, expected: size) }),
      (
        "accumulator loop, off the main actor",
        {
          try await timed(expected: size) {
            try await model.downloadWithProgress(fileName: file.name, name: "off", size: size)
          }
        }
      ),
      (
        "accumulator loop, on the main actor",
        {
          try await timed(expected: size) {
            try await model.downloadOnTheMainActor(fileName: file.name, name: "on", size: size)
          }
        }
      ),
    ]
    for (name, download) in rows {
      console.print(table.line(name, try await table.measure(download), baseline: baseline))
    }
  }
}

/// The seconds `download` took, once it is checked to have returned `expected` bytes.
private func timed(expected: Int, _ download: () async throws -> Data) async throws -> Double {
  let start = ContinuousClock.now
  let data = try await download()
  let seconds = SpeedTable.seconds(since: start)
  try PlainDownloads.check(data.count, expected, 0)
  return seconds
}
