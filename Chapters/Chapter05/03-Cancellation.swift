// 5.3 Cancelling a group. Read with docs/Chapter05-TaskGroups.md#53-cancelling-a-group
import LessonSupport
import VirtualTime

// snippet.cancelled-parent
/// Runs the three calls in a group and reports what is left once its task is cancelled: the
/// children are cancelled with it, and `addTaskUnlessCancelled` then starts nothing.
func callsUntilCancelled(timeline: VirtualTimeline, console: Console) async -> [String] {
  await withTaskGroup(of: String?.self) { group in
    for call in Call.allCases {
      group.addTask(name: call.rawValue) {
        try? await announcedCall(call, timeline: timeline, console: console)
      }
    }
    var answers: [String] = []
    for await answer in group {
      if let answer { answers.append(answer) }
    }
    let started = group.addTaskUnlessCancelled(name: "late") { "late" }
    console.print("  addTaskUnlessCancelled(name: \"late\") started a child: \(started)")
    return answers
  }
}
// snippet.end

// snippet.first-answer
/// The quickest answer wins: take one, then `cancelAll()` the children still running.
func quickestAnswer(timeline: VirtualTimeline, console: Console) async -> String? {
  await withTaskGroup(of: String?.self) { group in
    for call in Call.allCases {
      group.addTask(name: call.rawValue) {
        try? await announcedCall(call, timeline: timeline, console: console)
      }
    }
    let quickest = await group.next() ?? nil
    group.cancelAll()
    return quickest
  }
}
// snippet.end

func runCancellation(_ context: LessonContext) async throws {
  let console = context.console
  console.print("A task runs the three calls in a group and is cancelled at 1.5 s:")
  let answers = try await VirtualTimeline.run(pace: context.pace) { timeline in
    let parent = Task(name: "parent", executorPreference: timeline) {
      await callsUntilCancelled(timeline: timeline, console: console)
    }
    try await timeline.sleep(for: .milliseconds(1500))
    console.print("  at \(timeline.time): task parent is cancelled")
    parent.cancel()
    return await parent.value
  }
  console.print("  the group returned \(answers)")
  console.print()
  console.print("The quickest answer wins, cancelAll() the rest:")
  let quickest = try await VirtualTimeline.run(pace: context.pace) { timeline in
    await quickestAnswer(timeline: timeline, console: console)
  }
  console.print("  the group returned \(quickest ?? "nil")")
  console.print()
  console.print("Cancellation goes down the tree: a group's children are cancelled with its task,")
  console.print("or by cancelAll(). Unstructured tasks are not (Chapter03, 3.5).")
}
