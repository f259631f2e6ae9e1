// 6.5 Where the byte loop runs. Read with
// docs/Chapter06-ByteAccumulation.md#65-where-the-byte-loop-runs
import Foundation
import LessonSupport

// snippet.main-actor-download
extension DownloadModel {
  /// The download of section 6.4, written in a main-actor method as a view model might write it.
  ///
  /// `batchLoop` runs where its caller runs: here every byte is main-actor work.
  func downloadOnTheMainActor(
    fileName: String,
    name: String,
    size: Int,
    offset: Int? = nil
  ) async throws -> Data {
    addDownload(name: name)
    let url = server.appending(path: "files/\(fileName)")
    let download = try await startDownload(url, offset: offset, length: size)
    var accumulator = ByteAccumulator(name: name, size: size)
    try await batchLoop(download.bytes, into: &accumulator) { accumulator in
      updateDownload(name: name, progress: accumulator.progress)  // already here: no hop
    }
    try Task.checkCancellation()
    return accumulator.data
  }
}
// snippet.end

// snippet.where-it-runs
/// Where a `nonisolated(nonsending)` function such as `batchLoop` runs: on its caller's actor.
nonisolated(nonsending) func whereThisRuns() async -> String {
  let isolation: (any Actor)? = #isolation  // the caller's actor, nil for none
  if isolation is MainActor { return "on the main actor" }
  return isolation == nil ? "off any actor" : "on another actor"
}

/// Called from a `@concurrent` function, as `downloadWithProgress` calls `batchLoop`.
@concurrent
func calledOffTheMainActor() async -> String { await whereThisRuns() }

/// Called from a `@MainActor` function, as `downloadOnTheMainActor` calls `batchLoop`.
@MainActor
func calledOnTheMainActor() async -> String { await whereThisRuns() }
// snippet.end

@MainActor
func runWhereTheLoopRuns(_ context: LessonContext) async throws {
  let console = context.console
  console.print("batchLoop is nonisolated(nonsending), so it runs where its caller runs:")
  console.print("  called from a @concurrent function, it runs \(await calledOffTheMainActor())")
  console.print("  called from a @MainActor function, it runs \(await calledOnTheMainActor())")
  console.print()
  try await withServer(context) { server in
    let model = DownloadModel(server: server.url("/"))
    var visits = 0
    model.onUpdate = { _ in visits += 1 }
    let off = try await model.downloadWithProgress(
      fileName: LessonPart.file,
      name: "off",
      size: LessonPart.size,
      offset: LessonPart.offset
    )
    console.print("downloadWithProgress (@concurrent): the main actor ran \(visits) updates,")
    console.print("  one per batch; the \(off.count) bytes went through the loop off any actor.")
    visits = 0
    let on = try await model.downloadOnTheMainActor(
      fileName: LessonPart.file,
      name: "on",
      size: LessonPart.size,
      offset: LessonPart.offset
    )
    console.print("downloadOnTheMainActor: the same \(visits) updates, and all \(on.count) bytes")
    console.print("  went through the loop on the main actor, which a view needs to draw.")
    console.print("The same bytes either way: \(off == on). What each costs in time:")
    console.print("swift run -c release Chapter06 --benchmark")
  }
}
