// `swift run -c release Chapter06 --benchmark`: the 32 MiB fixture downloaded six ways, in MB/s
// against data(for:). A measurement for people, not a test: it prints, it does not judge.
import DownloadBenchmarks
import Foundation
import HTTPFixtures
import LessonSupport

func runBenchmark(_ context: LessonContext) async throws {
  let console = context.console
  #if DEBUG
  console.print("A debug build: its figures are far below a release build's. For those in the")
  console.print("docs: swift run -c release Chapter06 --benchmark")
  #endif
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
        "accumulator loop, a detached task per update",
        {
          try await timed(expected: size) {
            try await model.downloadWithDetachedUpdates(
              fileName: file.name,
              name: "detached",
              size: size
            )
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
    console.print()
    try await timeMainActorLoops(server.url("/files/small.bin"), console: console)
    console.print()
    try await countDetachedUpdates(model, rounds: 200, console: console)
  }
}

/// Times the fixed loop (`next(isolation:)`) against the seed's (`next()`), both on the main
/// actor, on small.bin: the seed's hops off the main actor and back for every byte.
@MainActor
private func timeMainActorLoops(_ url: URL, console: Console) async throws {
  let file = try fixtureFile("small.bin")
  let table = SpeedTable(size: file.size, rounds: 3)
  /// One download of small.bin through one of the two loops, on the main actor.
  func loop(seed: Bool) async throws -> Double {
    let start = ContinuousClock.now
    let download = try await startDownload(url, length: file.size)
    var accumulator = ByteAccumulator(name: file.name, size: file.size)
    if seed {
      try await seedBatchLoop(download.bytes, into: &accumulator) { _ in }
    } else {
      try await batchLoop(download.bytes, into: &accumulator) { _ in true }
    }
    let seconds = SpeedTable.seconds(since: start)
    try PlainDownloads.check(accumulator.offset, file.size, 0)
    return seconds
  }
  console.print("\(file.name), \(file.size) bytes, on the main actor, best and median of 3:")
  let fixed = try await table.measure { try await loop(seed: false) }
  console.print(table.line("batchLoop, next(isolation:)", fixed))
  let seed = try await table.measure { try await loop(seed: true) }
  console.print(table.line("the seed's loop, next()", seed, baseline: ("batchLoop", fixed)))
}

/// Downloads the lesson's part `rounds` times with a detached task per update (the seed's way),
/// and counts the downloads that returned before all their updates had landed, and those whose
/// updates landed out of order.
@MainActor
private func countDetachedUpdates(
  _ model: DownloadModel,
  rounds: Int,
  console: Console
) async throws {
  var late = 0
  var outOfOrder = 0
  for round in 0..<rounds {
    var seen: [Double] = []
    model.onUpdate = { seen.append($0.progress) }
    _ = try await model.downloadWithDetachedUpdates(
      fileName: LessonPart.file,
      name: "detached \(round)",
      size: LessonPart.size,
      offset: LessonPart.offset
    )
    if seen.count < 21 { late += 1 }
    while seen.count < 21 { await Task.yield() }  // the rest are on their way
    if seen != seen.sorted() { outOfOrder += 1 }
  }
  console.print("A detached task per progress update (the seed's way): \(rounds) downloads of")
  console.print("  \(LessonPart.size) bytes, 21 updates each. Returned before all their updates")
  console.print("  had landed: \(late). Updates landed out of order: \(outOfOrder).")
}

/// The seconds `download` took, once it is checked to have returned `expected` bytes.
private func timed(expected: Int, _ download: () async throws -> Data) async throws -> Double {
  let start = ContinuousClock.now
  let data = try await download()
  let seconds = SpeedTable.seconds(since: start)
  try PlainDownloads.check(data.count, expected, 0)
  return seconds
}
