// 5.4 Seed 000's progress stream. Read with docs/Chapter05-TaskGroups.md#54-seed-000s-progress-stream
import Foundation
import LessonSupport
import VirtualTime

// snippet.load-updates
/// Seed 000's `loadUpdates()`, done right.
///
/// The calls run as a group's children, and only the group's own loop counts what has
/// finished, so no child touches shared state. The stream finishes after the last call; a
/// consumer that stops listening cancels the driver task, and with it every child still running.
///
/// - Parameters:
///   - calls: what to run, one child each.
///   - executor: where the driver runs: nil for anywhere; the lesson passes its timeline.
///   - testFunc: one call.
func loadUpdates(
  calls: [Call] = Call.allCases,
  executor: (any TaskExecutor)? = nil,
  testFunc: @escaping @Sendable (Call) async throws -> Void
) -> AsyncStream<Double> {
  AsyncStream { continuation in
    let task = Task(name: "loadUpdates", executorPreference: executor) {
      let progress = Progress(totalUnitCount: Int64(calls.count))
      await withTaskGroup(of: Void.self) { group in
        for call in calls {
          group.addTask(name: call.rawValue) {
            try? await testFunc(call)
          }
        }
        for await _ in group {
          progress.completedUnitCount += 1  // one task counts: no update can be lost
          continuation.yield(progress.fractionCompleted)
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in
      task.cancel()
    }
  }
}
// snippet.end

/// "33%" for 1/3.
func percent(_ fraction: Double) -> String {
  "\(Int((fraction * 100).rounded()))%"
}

func runProgress(_ context: LessonContext) async throws {
  let console = context.console
  console.print("loadUpdates() runs the three calls in a group and yields the fraction done:")
  try await VirtualTimeline.run(pace: context.pace) { timeline in
    let updates = loadUpdates(executor: timeline) { call in
      _ = try await announcedCall(call, timeline: timeline, console: console)
    }
    for await fraction in updates {
      console.print("  at \(timeline.time): progress \(percent(fraction))")
    }
    console.print("  at \(timeline.time): the stream finished")
  }
  console.print()
  console.print("A consumer that stops after the first update:")
  try await VirtualTimeline.run(pace: context.pace) { timeline in
    let updates = loadUpdates(executor: timeline) { call in
      _ = try await announcedCall(call, timeline: timeline, console: console)
    }
    for await fraction in updates {
      console.print("  at \(timeline.time): progress \(percent(fraction)); the consumer stops")
      break
    }
  }
  console.print(
    """
    The break did not end the stream: `updates` still held it. The closure returned right
    after, and with it went the last reference: onTermination cancelled the driver task, and
    with it every child of its group.
    """
  )
}
