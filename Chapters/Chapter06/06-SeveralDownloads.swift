// 6.6 Several downloads at once. Read with
// docs/Chapter06-ByteAccumulation.md#66-several-downloads-at-once
import Foundation
import LessonSupport
import LiveProgress

/// One of the downloads of this section: a file, or a part of one.
struct DownloadJob: Sendable {
  let file: String
  let name: String
  let size: Int
  let offset: Int?
}

/// "medium.bin    [########------------]  40%  400 KB": a row of the progress board.
func progressRow(_ name: String, progress: Double, size: Int) -> String {
  let received = Int((progress * Double(size)).rounded(.down))
  return name.padding(toLength: 14, withPad: " ", startingAt: 0)
    + ProgressBoard.bar(completed: received, total: size) + "  "
    + ByteCountFormatter().string(fromByteCount: Int64(received))
}

// snippet.several-downloads
/// Downloads every job at once, a child task each, with a live row per job: the model's
/// updates redraw the rows on a terminal; in a pipe, each row prints one final line.
@MainActor
func downloadAll(
  _ jobs: [DownloadJob],
  model: DownloadModel,
  board: ProgressBoard
) async throws -> [String: Data] {
  var rows: [String: ProgressBoard.Row] = [:]
  for job in jobs {
    rows[job.name] = board.addRow(progressRow(job.name, progress: 0, size: job.size))
  }
  let sizes = Dictionary(uniqueKeysWithValues: jobs.map { ($0.name, $0.size) })
  model.onUpdate = { info in
    guard let row = rows[info.name], let size = sizes[info.name] else { return }
    board.update(row, progressRow(info.name, progress: info.progress, size: size))
  }
  return try await withThrowingTaskGroup(of: (String, Data).self) { group in
    for job in jobs {
      group.addTask {
        let data = try await model.downloadWithProgress(
          fileName: job.file,
          name: job.name,
          size: job.size,
          offset: job.offset
        )
        return (job.name, data)
      }
    }
    var results: [String: Data] = [:]
    for try await (name, data) in group {
      results[name] = data
      if let row = rows[name], let size = sizes[name] {
        board.finish(
          row,
          progressRow(name, progress: Double(data.count) / Double(size), size: size)
        )
      }
    }
    return results
  }
}
// snippet.end

@MainActor
func runSeveralDownloads(_ context: LessonContext) async throws {
  let console = context.console
  let small = try fixtureFile("small.bin")
  let medium = try fixtureFile("medium.bin")
  let large = try fixtureFile("large.bin")
  // Parts, to keep --fast fast: at 250 kB/s each, a plain run takes 4 s.
  let jobs = [
    DownloadJob(file: small.name, name: "small.bin", size: 400_000, offset: 0),
    DownloadJob(file: medium.name, name: "medium.bin", size: 1_000_000, offset: 0),
    DownloadJob(file: large.name, name: "large.bin", size: 600_000, offset: 0),
  ]
  console.print("Three downloads at once (the first bytes of each file), at 250 kB/s each of the")
  console.print("lesson's clock (--fast runs that clock 1000 times faster):")
  let results = try await withServer(context, throttle: 250_000) { server in
    let model = DownloadModel(server: server.url("/"))
    return try await downloadAll(jobs, model: model, board: ProgressBoard(console: console))
  }
  let expected = [
    "small.bin": small.contents.prefix(400_000),
    "medium.bin": medium.contents.prefix(1_000_000),
    "large.bin": large.contents.prefix(600_000),
  ]
  console.print("Every byte of all three is right: \(results == expected)")
  console.print("On a terminal the bars move as the bytes come; in a pipe (as in the docs'")
  console.print("transcript) each row prints its final line, in row order, whichever ends first.")
}
