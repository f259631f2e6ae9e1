// 6.4 The download model. Read with docs/Chapter06-ByteAccumulation.md#64-the-download-model
import DownloadStreams
import Foundation
import LessonSupport
import Observation

// snippet.download-model
/// Seed 004's download model without SwiftUI: the downloads a view would draw, on the main
/// actor, and the download that fills them in.
///
/// `@Observable`, where the seed's model was an `ObservableObject`: a SwiftUI view that reads
/// `downloads` redraws when it changes.
@MainActor
@Observable
final class DownloadModel {
  /// One row of the view: a file and how much of it has come.
  struct DownloadInfo: Equatable, Sendable {
    let name: String
    var progress: Double
  }

  /// Where the files are: `/files/NAME` under it.
  nonisolated let server: URL
  /// What a view would draw.
  private(set) var downloads: [DownloadInfo] = []
  /// "Cancel all": each download stops at its next batch and returns what it has.
  var stopDownloads = false
  /// Called after each update, as a view would redraw (the lesson plays the user here).
  @ObservationIgnored var onUpdate: (DownloadInfo) -> Void = { _ in }

  init(server: URL) {
    self.server = server
  }

  /// Adds a row at 0%.
  func addDownload(name: String) {
    downloads.append(DownloadInfo(name: name, progress: 0))
  }

  /// Sets a row's progress; returns false once `stopDownloads` is set.
  func updateDownload(name: String, progress: Double) -> Bool {
    if let index = downloads.firstIndex(where: { $0.name == name }) {
      downloads[index].progress = progress
      onUpdate(downloads[index])
    }
    return !stopDownloads
  }
}
// snippet.end

// snippet.download-with-progress
extension DownloadModel {
  /// Downloads `fileName` (or `size` bytes of it from `offset`) and returns its bytes, updating
  /// its row after each batch.
  ///
  /// `@concurrent`: the byte loop runs off the main actor, which it visits once per batch.
  /// Stopped by `stopDownloads`, it returns the bytes so far; cancelled, it throws
  /// `CancellationError` and returns nothing.
  @concurrent
  nonisolated func downloadWithProgress(
    fileName: String,
    name: String,
    size: Int,
    offset: Int? = nil
  ) async throws -> Data {
    await addDownload(name: name)
    let url = server.appending(path: "files/\(fileName)")
    let download = try await startDownload(url, offset: offset, length: size)
    var accumulator = ByteAccumulator(name: name, size: size)
    try await batchLoop(download.bytes, into: &accumulator) { accumulator in
      // Awaited, not a Task.detached per batch: updates land in order, and all before return.
      let keepGoing = await updateDownload(name: name, progress: accumulator.progress)
      try Task.checkCancellation()
      return keepGoing
    }
    try Task.checkCancellation()  // a cancelled task's byte loop just ends: say cancelled
    return accumulator.data
  }
}
// snippet.end

// snippet.detached-updates
extension DownloadModel {
  /// The same download with the seed's way to publish progress: a detached task per batch.
  ///
  /// Nothing awaits those tasks. `--benchmark` counts what that does to the updates.
  @concurrent
  nonisolated func downloadWithDetachedUpdates(
    fileName: String,
    name: String,
    size: Int,
    offset: Int? = nil
  ) async throws -> Data {
    await addDownload(name: name)
    let url = server.appending(path: "files/\(fileName)")
    let download = try await startDownload(url, offset: offset, length: size)
    var accumulator = ByteAccumulator(name: name, size: size)
    try await batchLoop(download.bytes, into: &accumulator) { accumulator in
      let progress = accumulator.progress
      Task.detached(priority: .medium) {
        _ = await self.updateDownload(name: name, progress: progress)
      }
      return true
    }
    return accumulator.data
  }
}
// snippet.end

// On the main actor, as a view's code would be: each demo sets onUpdate before its download
// starts, since a task started here waits for the main actor to be free.
@MainActor
func runDownloadModel(_ context: LessonContext) async throws {
  let console = context.console
  let part = try LessonPart.bytes()
  // Each download asks for the lesson's part of small.bin, a ranged request (section 6.2).
  func download(_ model: DownloadModel, name: String) async throws -> Data {
    try await model.downloadWithProgress(
      fileName: LessonPart.file,
      name: name,
      size: LessonPart.size,
      offset: LessonPart.offset
    )
  }
  try await withServer(context) { server in
    let model = DownloadModel(server: server.url("/"))
    console.print("A download of \(LessonPart.size) bytes, and its row after each batch:")
    var seen: [String] = []
    model.onUpdate = { seen.append(percent($0.progress)) }
    let data = try await download(model, name: "first")
    console.print(
      "  \(seen.count) updates: \(seen.prefix(3).joined(separator: ", ")), ..., "
        + seen.suffix(3).joined(separator: ", ")
    )
    console.print("  returned \(data.count) bytes; the row says \(model.rowsText)")
    console.print()

    console.print("\"Cancel all\": the user sets stopDownloads once the row is at least half done.")
    model.onUpdate = { if $0.progress >= 0.5 { model.stopDownloads = true } }
    let stopped = try await download(model, name: "stopped")
    let intact = stopped == part.prefix(stopped.count)
    console.print("  returned \(stopped.count) of \(part.count) bytes, all in place: \(intact)")
    console.print("  The caller gets partial data, and only its size says so.")
    console.print()

    console.print("Cancelling the download's task instead, once the row is at least half done:")
    model.stopDownloads = false
    let task = Task { try await download(model, name: "cancelled") }
    model.onUpdate = { if $0.progress >= 0.5 { task.cancel() } }
    do {
      let data = try await task.value
      console.print("  returned \(data.count) bytes")
    } catch {
      console.print("  it threw \(error), and returned no data")
    }
    console.print("The rows: \(model.rowsText)")
  }
}

extension DownloadModel {
  /// Every row, "first 100%, stopped 54%".
  var rowsText: String {
    downloads.map { "\($0.name) \(percent($0.progress))" }.joined(separator: ", ")
  }
}
