// 3.5 Structured vs unstructured tasks.
// Read with docs/Chapter03-Cancellation.md#35-structured-vs-unstructured-tasks
import Foundation
import LessonSupport

/// What each of four children said once their parent was cancelled: true if it was cancelled.
struct ChildrenReport: Equatable {
  var asyncLet: Bool
  var groupChild: Bool
  var plainTask: Bool
  var detachedTask: Bool
}

// snippet.four-children
/// Starts four children that each wait until signalled or cancelled, cancels their parent, and
/// reports which of them the cancel reached.
func cancelParentOfFourChildren() async -> ChildrenReport {
  let waiters = (0..<4).map { _ in SignalWaiter() }
  let parent = Task {
    // Unstructured: new top-level tasks, whose handles the parent only happens to hold.
    let plain = Task { await waiters[2].wait() }
    let detached = Task.detached { await waiters[3].wait() }
    // Structured: children of the parent, cancelled with it.
    async let viaAsyncLet = waiters[0].wait()
    let viaGroup = await withTaskGroup(of: Bool.self) { group in
      group.addTask { await waiters[1].wait() }
      return await group.next() ?? true
    }
    return (await viaAsyncLet, viaGroup, plain, detached)
  }
  while !waiters.allSatisfy(\.isWaiting) { await Task.yield() }
  parent.cancel()
  let (asyncLetSignalled, groupSignalled, plain, detached) = await parent.value
  // The structured children have returned; the unstructured ones are still waiting.
  let report = ChildrenReport(
    asyncLet: !asyncLetSignalled,
    groupChild: !groupSignalled,
    plainTask: !waiters[2].isWaiting,
    detachedTask: !waiters[3].isWaiting
  )
  waiters[2].signal()  // end them the only ways left: a signal, or cancel() on their handles
  detached.cancel()
  _ = (await plain.value, await detached.value)
  return report
}
// snippet.end

func runStructuredVsUnstructured(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    A parent task starts four children; each waits until it is signalled or cancelled. Then
    the parent is cancelled:
    """
  )
  let report = await cancelParentOfFourChildren()
  let rows = [
    ("async let", report.asyncLet), ("task group child", report.groupChild),
    ("Task { } started inside it", report.plainTask), ("Task.detached { }", report.detachedTask),
  ]
  for (name, cancelled) in rows {
    let padded = name.padding(toLength: 26, withPad: " ", startingAt: 0)
    console.print("  \(padded) -> \(cancelled ? "cancelled with its parent" : "not cancelled")")
  }
  console.print(
    """
    Structured children belong to their parent: cancelled with it, and awaited before it
    returns. A Task { } is new top-level work: cancel it through its handle, or it runs on.
    """
  )
}
