// Exercise 5.3's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling
import VirtualTime

#if SOLUTIONS
import Solutions
#else
import Chapter05Exercises
#endif

/// Starts the call of `scenario` on `timeline`, fetching from `parts`, and its cancel; the task
/// returns how the call ended, and when.
private func startDownload(
  _ scenario: PartsScenario,
  from parts: ScriptedParts,
  on timeline: VirtualTimeline
) -> Task<String, Never> {
  let call = Task(executorPreference: timeline) { () -> String in
    if scenario.cancelAt == 0 { withUnsafeCurrentTask { $0?.cancel() } }  // before the call
    do {
      let data = try await downloadInParts(size: scenario.bytes, parts: scenario.parts.count) {
        range in
        try await parts.fetch(range, on: timeline)
      }
      let whole = data == parts.file
      return (whole ? "returned the file" : "returned \(data.count) bytes, not the file's")
        + " at \(timeline.time)"
    } catch let error as NotImplemented {
      return "NotImplemented: \(error)"
    } catch let error as WrongPartLength {
      let index = parts.index(of: error.range)
      let piece = index.map { scenario.parts[$0].piece.rawValue } ?? "a range never asked for"
      // `received` is how many bytes came: the piece's count, wherever its indices start.
      let came = index.map {
        scenario.parts[$0].piece.count(for: error.range, size: scenario.bytes)
      }
      let received =
        came.map { $0 == error.received ? "" : ", received: \(error.received) though \($0) came" }
        ?? ""
      return "threw WrongPartLength for part \(index.map(String.init) ?? "?") (\(piece))"
        + "\(received) at \(timeline.time)"
    } catch {
      return "threw \(spelledChapter05Error(error)) at \(timeline.time)"
    }
  }
  if let cancelAt = scenario.cancelAt, cancelAt > 0 {
    Task(executorPreference: timeline) {
      try? await timeline.sleep(for: .milliseconds(cancelAt))
      call.cancel()
    }
  }
  return call
}

/// Runs each of `scenarios` as a call of the answer's `downloadInParts`, all at once on one
/// virtual timeline, each with parts, a file and a cancel of its own.
func partsAnswers(together scenarios: [PartsScenario]) async throws -> [PartsOutcome] {
  let fetches = scenarios.indices.map { ScriptedParts(scenarios[$0], shift: $0 * 100) }
  let (values, stuckAt) = try await onTimeline { timeline in
    let calls = zip(scenarios, fetches).map { scenario, parts in
      startDownload(scenario, from: parts, on: timeline)
    }
    var ended: [String] = []
    for call in calls { ended.append(await call.value) }
    return ended
  }
  return try zip(scenarios, fetches).enumerated().map { index, pair in
    try partsOutcome(pair.0, pair.1, value: values?[index], stuckAt: stuckAt)
  }
}

/// Runs `scenario` on the answer's `downloadInParts`, on a virtual timeline.
func partsAnswer(_ scenario: PartsScenario) async throws -> PartsOutcome {
  let parts = ScriptedParts(scenario)
  let (value, stuckAt) = try await onTimeline { timeline in
    await startDownload(scenario, from: parts, on: timeline).value
  }
  return try partsOutcome(scenario, parts, value: value, stuckAt: stuckAt)
}

/// What the call of `scenario` did: the ranges `parts` was asked for, each part's fate, and
/// `value`, how the call ended (nil: never, stuck at `stuckAt`).
private func partsOutcome(
  _ scenario: PartsScenario,
  _ parts: ScriptedParts,
  value: String?,
  stuckAt: String?
) throws -> PartsOutcome {
  if let value, value.hasPrefix("NotImplemented") { throw NotImplemented("5.3") }
  let asked = parts.asked
  let lengths = asked.map(\.count)
  let inOrder =
    asked.first?.lowerBound == 0 && asked.last?.upperBound == scenario.bytes - 1
    && zip(asked, asked.dropFirst()).allSatisfy { $0.upperBound + 1 == $1.lowerBound }
    && (lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1 && asked.count == scenario.parts.count
  let atOnce = parts.askedAt.allSatisfy { $0 == "0 s" }
  let count = scenario.parts.count
  let ranges =
    inOrder
    ? "\(asked.count) range\(asked.count == 1 ? "" : "s") in order from 0 to \(scenario.bytes - 1), "
      + (atOnce
        ? "all asked for at 0 s"
        : "asked for at \(abbreviated(parts.askedAt).joined(separator: ", "))")
    : asked.count != count
      ? "\(asked.count) of \(count) ranges asked for: " + rangesText(asked, size: scenario.bytes)
      : "ranges asked for: " + rangesText(asked, size: scenario.bytes)
  let fates = parts.fates
  let (allowed, alsoAllowed) = partsResult(scenario)
  let result =
    value
    ?? "never returned: at \(stuckAt ?? "?") it waited for what the timeline cannot see, or for parts never asked for"
  return PartsOutcome(
    ranges: ranges,
    parts: scenario.parts.indices.map { fates[$0] ?? "part \($0) still waiting" },
    result: alsoAllowed.contains(result) ? allowed : result
  )
}
