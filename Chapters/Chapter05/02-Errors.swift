// 5.2 When a child throws. Read with docs/Chapter05-TaskGroups.md#52-when-a-child-throws
import LessonSupport
import VirtualTime

/// Runs `testFunc(call)` and prints how it ended, when, and in which named task.
func announcedCall(
  _ call: Call,
  failing: Bool = false,
  timeline: VirtualTimeline,
  console: Console
) async throws -> String {
  let task = Task.name ?? "unnamed"
  do {
    let answer = try await testFunc(call, clock: timeline, failing: failing)
    console.print("  at \(timeline.time): task \(task) answered")
    return answer
  } catch is CancellationError {
    console.print("  at \(timeline.time): task \(task) was cancelled")
    throw CancellationError()
  } catch {
    console.print("  at \(timeline.time): task \(task) threw \(error)")
    throw error
  }
}

// snippet.first-error-wins
/// The body takes the answers with `for try await`: the first error it meets leaves the body,
/// and a group left by an error cancels the children still running, then waits for them.
func firstErrorWins(timeline: VirtualTimeline, console: Console) async throws -> [String] {
  try await withThrowingTaskGroup(of: String.self) { group in
    for call in Call.allCases {
      group.addTask(name: call.rawValue) {
        try await announcedCall(
          call,
          failing: call == .second,
          timeline: timeline,
          console: console
        )
      }
    }
    var answers: [String] = []
    for try await answer in group {
      answers.append(answer)
    }
    return answers
  }
}
// snippet.end

// snippet.wait-for-all
/// `waitForAll()` rethrows the first error, but only once every child has ended: it cancels
/// no one.
func waitForAllWaits(timeline: VirtualTimeline, console: Console) async throws {
  try await withThrowingTaskGroup(of: String.self) { group in
    for call in Call.allCases {
      group.addTask(name: call.rawValue) {
        try await announcedCall(
          call,
          failing: call == .second,
          timeline: timeline,
          console: console
        )
      }
    }
    try await group.waitForAll()
  }
}
// snippet.end

// snippet.discarding
/// A discarding group keeps no results, so its children cannot pile up answers nobody reads;
/// the first child to throw cancels the rest at once, with no loop in the body.
func discardingGroup(timeline: VirtualTimeline, console: Console) async throws {
  try await withThrowingDiscardingTaskGroup { group in
    for call in Call.allCases {
      group.addTask(name: call.rawValue) {
        _ = try await announcedCall(
          call,
          failing: call == .second,
          timeline: timeline,
          console: console
        )
      }
    }
  }
}
// snippet.end

// snippet.unstructured-error
/// Unstructured tasks: an error stays in its task until someone awaits it, and nothing cancels
/// the others.
func unstructuredTasksKeepGoing(timeline: VirtualTimeline, console: Console) async throws {
  let tasks = Call.allCases.map { call in
    Task(name: call.rawValue, executorPreference: timeline) {
      try await announcedCall(call, failing: call == .second, timeline: timeline, console: console)
    }
  }
  for task in tasks {
    _ = try await task.value  // waits 3 s for first before it learns that second failed
  }
}
// snippet.end

func runErrors(_ context: LessonContext) async throws {
  let console = context.console
  console.print("The same three calls, but second throws CallError at 1 s.")
  let ways: [(String, @Sendable (VirtualTimeline, Console) async throws -> Void)] = [
    (
      "withThrowingTaskGroup, answers taken with for try await:",
      { _ = try await firstErrorWins(timeline: $0, console: $1) }
    ),
    (
      "withThrowingTaskGroup, then waitForAll():",
      { try await waitForAllWaits(timeline: $0, console: $1) }
    ),
    ("withThrowingDiscardingTaskGroup:", { try await discardingGroup(timeline: $0, console: $1) }),
    (
      "Three unstructured tasks, awaited in order:",
      { try await unstructuredTasksKeepGoing(timeline: $0, console: $1) }
    ),
  ]
  for (title, way) in ways {
    console.print()
    console.print(title)
    let time = try await VirtualTimeline.run(pace: context.pace) { timeline in
      do {
        try await way(timeline, console)
        return "no error at \(timeline.time)"
      } catch {
        return "\(error) reached the caller at \(timeline.time)"
      }
    }
    console.print("  \(time)")
  }
  console.print()
  console.print("First error wins: a group whose body throws cancels its children, then waits for")
  console.print("them. waitForAll() and unstructured tasks let every call run to its end.")
}
