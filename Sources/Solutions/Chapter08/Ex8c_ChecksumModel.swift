import ExerciseSupport

/// Exercise 8c: a hot loop off the main actor (reference solution).
///
/// Read docs/Chapter08-Isolation.md#exercise-8c-a-hot-loop-off-the-main-actor
@MainActor
public final class ChecksumModel {
  private let file: any ChunkedFile
  private let onProgress: @MainActor (Int) -> Void
  private let onFinish: @MainActor (UInt64?) -> Void
  private var work: Task<Void, Never>?

  /// A model that works out `file`'s checksum once started.
  public init(
    file: any ChunkedFile,
    onProgress: @escaping @MainActor (Int) -> Void,
    onFinish: @escaping @MainActor (UInt64?) -> Void
  ) throws {
    self.file = file
    self.onProgress = onProgress
    self.onFinish = onFinish
  }

  /// Starts the work, and returns at once.
  public func start() {
    let file = file
    // Detached: a plain Task made here would run on the main actor, loop and all.
    work = Task.detached { [weak self] in
      var checksum: UInt64 = 0
      for index in 0..<file.chunkCount {
        if Task.isCancelled { break }
        checksum = checksum &* 31 &+ file.checksum(ofChunk: index)  // off the main actor
        // Back on the main actor only to report; a cancel made meanwhile is seen here.
        let goOn = await self?.report(done: index + 1) ?? false
        if !goOn { break }
      }
      await self?.finish(checksum)
    }
  }

  /// Stops the work after the chunk under way.
  public func cancel() {
    work?.cancel()
  }

  /// Calls onFinish, with nil if the work was cancelled: decided here, on the main actor, where
  /// cancel() runs, so a cancel right after start() is seen even when no chunk was left to do.
  private func finish(_ checksum: UInt64) {
    onFinish(work?.isCancelled == true ? nil : checksum)
  }

  /// Reports progress unless the work was cancelled; false when it was, before or inside.
  private func report(done: Int) -> Bool {
    guard work?.isCancelled != true else { return false }
    onProgress(done)
    return work?.isCancelled != true  // onProgress may have called cancel()
  }
}
