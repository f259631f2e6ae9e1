// Exercise 5c's scenarios run on the answer: the part of them that calls it (the
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

/// The writes of one call, as the test's `write` sees them: not Sendable, as a file handle is
/// not; the call must use it where it was given.
final class WrittenPieces {
  private(set) var writes: [(piece: Data, at: String)] = []

  /// The test's `write`: notes the piece and when it came, takes `milliseconds` on `timeline`
  /// whatever happens meanwhile (as a disk's write does), then throws `JobFailed(write k)` if it
  /// is write `failing` (from 0).
  func write(
    _ piece: Data,
    on timeline: VirtualTimeline,
    taking milliseconds: Int,
    failing: Int?
  ) async throws {
    let index = writes.count
    writes.append((piece, timeline.time))
    await timeline.sleepIgnoringCancel(milliseconds: milliseconds)
    if index == failing { throw JobFailed(name: "write \(index)") }
  }
}

/// Starts the call of `scenario` on `timeline`, fetching from `parts`, and its cancel; the task
/// returns how the call ended, and when, and the writes.
private func startDownload(
  _ scenario: PartsScenario,
  from parts: ScriptedParts,
  on timeline: VirtualTimeline
) -> Task<(String, [String]), Never> {
  let call = Task(executorPreference: timeline) { () -> (String, [String]) in
    if scenario.cancelAt == 0 { withUnsafeCurrentTask { $0?.cancel() } }  // before the call
    let written = WrittenPieces()
    let ended = await download(scenario, from: parts, on: timeline, into: written)
    let asked = parts.asked
    let writes = written.writes.enumerated().map {
      parts.spelledWrite($0.element.piece, at: $0.element.at, turn: $0.offset, asked: asked)
    }
    return (ended, writes)
  }
  if let cancelAt = scenario.cancelAt, cancelAt > 0 {
    Task(executorPreference: timeline) {
      try? await timeline.sleep(for: .milliseconds(cancelAt))
      call.cancel()
    }
  }
  return call
}

/// Calls the answer's `downloadInParts` for `scenario`, writing into `written`: how the call
/// ended, and when.
private func download(
  _ scenario: PartsScenario,
  from parts: ScriptedParts,
  on timeline: VirtualTimeline,
  into written: WrittenPieces
) async -> String {
  do {
    try await downloadInParts(
      size: scenario.bytes,
      parts: scenario.parts.count,
      fetch: { range in try await parts.fetch(range, on: timeline) },
      write: { piece in
        try await written.write(
          piece,
          on: timeline,
          taking: scenario.write,
          failing: scenario.writeFails
        )
      }
    )
    return "returned at \(timeline.time)"
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

/// Runs each of `scenarios` as a call of the answer's `downloadInParts`, all at once on one
/// virtual timeline, each with parts, a file and a cancel of its own.
func partsAnswers(together scenarios: [PartsScenario]) async throws -> [PartsOutcome] {
  let fetches = scenarios.indices.map { ScriptedParts(scenarios[$0], shift: $0 * 100) }
  let (values, stuckAt) = try await onTimeline { timeline in
    let calls = zip(scenarios, fetches).map { scenario, parts in
      startDownload(scenario, from: parts, on: timeline)
    }
    var ended: [(String, [String])] = []
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
/// `value`, how the call ended and its writes (nil: never, stuck at `stuckAt`).
private func partsOutcome(
  _ scenario: PartsScenario,
  _ parts: ScriptedParts,
  value: (String, [String])?,
  stuckAt: String?
) throws -> PartsOutcome {
  if let value, value.0.hasPrefix("NotImplemented") { throw NotImplemented("5c") }
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
  let run = partsRun(scenario)
  let result =
    value?.0
    ?? "never returned: at \(stuckAt ?? "?") it waited for what the timeline cannot see, or for parts never asked for"
  return PartsOutcome(
    ranges: ranges,
    parts: scenario.parts.indices.map { fates[$0] ?? "part \($0) still waiting" },
    writes: value?.1 ?? [],
    result: run.alsoAllowed.contains(result) ? run.result : result
  )
}
