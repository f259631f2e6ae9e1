// 8.5 Where an async function runs: nonisolated(nonsending) and @concurrent.
// Read with docs/Chapter08-Isolation.md#85-where-an-async-function-runs
import LessonSupport

// snippet.nonsending-concurrent
/// Runs on its caller's actor: called from the main actor, it is on the main actor, and may
/// touch what the caller holds with no hop. (Swift 6.2; with the package setting
/// `NonisolatedNonsendingByDefault`, every plain `nonisolated async` function does this.)
nonisolated(nonsending) func labelOnCallersActor() async -> String {
  actorName()
}

/// Runs off every actor, on the global concurrent executor.
///
/// For work that should not hold up the caller's actor. Its arguments and result cross over:
/// each must be Sendable, or a value no other isolation can touch meanwhile (8.4).
@concurrent func labelOffEveryActor() async -> String {
  actorName()
}
// snippet.end

@MainActor
func runWhereAsyncRuns(_ context: LessonContext) async throws {
  let console = context.console
  console.print("Called from the main actor, each reports its own #isolation:")
  console.print("  nonisolated(nonsending) -> \(await labelOnCallersActor())")
  console.print("  @concurrent             -> \(await labelOffEveryActor())")
  console.print("  plain nonisolated async -> \(await actorOfANonisolatedAsyncFunction())")
  console.print(
    "The last one changes with the package's settings: the tests compile a probe both ways."
  )
}
