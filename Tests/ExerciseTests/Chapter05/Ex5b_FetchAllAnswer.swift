// Exercise 5b's scenarios run on the answer: the part of them that calls it (the
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

/// Starts the call of `scenario` on `timeline`, and its cancel; the task returns the results and
/// the time they came (counted from the call's start).
private func startFetchAll(
  _ scenario: FetchAllScenario,
  on timeline: VirtualTimeline,
  log: Locked<FetchLog>
) -> Task<([Result<FetchedValue, any Error>], String), Never> {
  // Each id knows its place, which the answer cannot see: an id given twice is two fetches.
  let ids = scenario.ids.enumerated().map { PlacedID(name: $1, place: $0) }
  let values = scenario.values
  // Milliseconds since the call started.
  let now = { @Sendable in timeline.milliseconds - scenario.startsAt }
  let fetchEach = { @Sendable () async -> [Result<FetchedValue, any Error>] in
    await fetchAll(ids, atMost: scenario.limit) { placed in
      let (id, index) = (placed.name, placed.place)
      let fetch = scenario.fetches[index]
      // Started after the cancel, a fetch is only a way to be cancelled: it throws at once,
      // unless the scenario's late fetches ignore the cancel.
      let late = Task.isCancelled
      if late, !scenario.lateFetchesIgnoreTheCancel {
        log.withLock { $0.fetches[index] = (nil, "cancelled") }
        throw CancellationError()
      }
      let start = now()
      log.withLock { log in
        log.fetches[index] = (start, "still running")
        log.inFlight += 1
        log.most = max(log.most, log.inFlight)
      }
      defer { log.withLock { $0.inFlight -= 1 } }
      if fetch.answer == .ignoresIt || late {
        await timeline.sleepIgnoringCancel(milliseconds: fetch.seconds * 1000)
      } else {
        do {
          try await timeline.sleep(for: .seconds(fetch.seconds))
        } catch {
          log.withLock { $0.fetches[index] = (start, "cancelled") }
          if fetch.answer == .itsOwnError { throw OwnError.urlCancelled.error(of: id) }
          throw error
        }
      }
      log.withLock {
        $0.fetches[index] = (
          start, (fetch.fails == nil ? "ended at " : "threw at ") + timelineTime(now())
        )
      }
      if let fails = fetch.fails { throw fails.error(of: id) }
      return FetchedValue(text: values[index])
    }
  }
  // The call made `depth` calls deep, each inside the one fetch of an outer call, whose cancel
  // reaches the calls inside it.
  @Sendable func callAt(depth: Int) async -> [Result<FetchedValue, any Error>] {
    guard depth > 0 else { return await fetchEach() }
    let outer = await fetchAll(["outer"], atMost: 1) { _ in await callAt(depth: depth - 1) }
    switch outer.first {
    case .success(let inner): return inner
    case .failure(let error): return ids.map { _ in .failure(error) }
    case nil: return []
    }
  }
  let call = Task(executorPreference: timeline) {
    if scenario.startsAt > 0 { try? await timeline.sleep(for: .milliseconds(scenario.startsAt)) }
    if scenario.cancelAt == 0 { withUnsafeCurrentTask { $0?.cancel() } }  // before the call
    return (await callAt(depth: scenario.nested), timelineTime(now()))
  }
  if let cancelAt = scenario.cancelAt, cancelAt > 0 {
    Task(executorPreference: timeline) {
      try? await timeline.sleep(for: .milliseconds(scenario.startsAt + cancelAt))
      call.cancel()
    }
  }
  return call
}

/// Runs each of `scenarios` as a call of the answer's `fetchAll`, all at once on one virtual
/// timeline, each with fetches and a cancel of its own.
func fetchAllAnswers(together scenarios: [FetchAllScenario]) async throws -> [FetchAllOutcome] {
  let logs = scenarios.map { _ in Locked(FetchLog()) }
  let (value, stuckAt) = try await onTimeline { timeline in
    let calls = zip(scenarios, logs).map { scenario, log in
      startFetchAll(scenario, on: timeline, log: log)
    }
    var ended: [([Result<FetchedValue, any Error>], String)] = []
    for call in calls { ended.append(await call.value) }
    return ended
  }
  return try zip(scenarios, logs).enumerated().map { index, pair in
    let (scenario, log) = pair
    guard let (results, returned) = value?[index] else {
      return FetchAllOutcome(
        fetches: [],
        results: [],
        returned: "never: at \(stuckAt ?? "?") it waited for what the timeline cannot see",
        mostInFlight: 0
      )
    }
    return try fetchAllOutcome(scenario, results, returned: returned, log: log.withLock { $0 })
  }
}

/// Runs `scenario` on the answer's `fetchAll`, on a virtual timeline.
func fetchAllAnswer(_ scenario: FetchAllScenario) async throws -> FetchAllOutcome {
  try await fetchAllAnswers(together: [scenario])[0]
}

/// Runs `scenario` on the answer's `fetchAll`, on a virtual timeline, as an outcome of a call
/// whose late fetches ignore the cancel.
func lateFetchesAnswer(_ scenario: FetchAllScenario) async throws -> LateFetchesOutcome {
  LateFetchesOutcome(outcomes: [try await fetchAllAnswer(scenario)])
}
