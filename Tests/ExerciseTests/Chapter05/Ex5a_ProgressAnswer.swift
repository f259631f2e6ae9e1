// Exercise 5a's scenarios run on the answer: the part of them that calls it (the
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

/// Runs `scenario` on the answer's `progressUpdates`, on a virtual timeline.
func progressAnswer(_ scenario: ProgressScenario) async throws -> ProgressOutcome {
  let fates = Locked<[Int: String]>([:])
  let (value, stuckAt) = try await onTimeline { timeline in
    await progressConsumer(of: scenario, on: timeline, fates: fates).value
  }
  return try progressOutcome(of: scenario, value, stuckAt: stuckAt, fates: fates)
}

/// How two streams of `progressAnswersTogether` are made.
enum TwoStreams {
  /// Each by its own consumer's task.
  case eachByItsConsumer
  /// Both by one task, which hands each to a consumer task of its own.
  case bothByOneTask
  /// Both by one task already cancelled, which hands each to a consumer task that is not.
  case bothByACancelledTask
}

/// Runs two scenarios at once on the answer's `progressUpdates`, on one virtual timeline: two
/// streams, each with jobs and a consumer of its own, from the same moment.
func progressAnswersTogether(
  _ first: ProgressScenario,
  _ second: ProgressScenario,
  made: TwoStreams = .eachByItsConsumer
) async throws -> (ProgressOutcome, ProgressOutcome) {
  let firstFates = Locked<[Int: String]>([:])
  let secondFates = Locked<[Int: String]>([:])
  let (values, stuckAt) = try await onTimeline { timeline in
    let firstJobs = progressJobs(of: first, on: timeline, fates: firstFates)
    let secondJobs = progressJobs(of: second, on: timeline, fates: secondFates)
    switch made {
    case .eachByItsConsumer:
      let firstConsumer = progressConsumer(of: first, on: timeline) {
        progressUpdates(of: firstJobs, executor: timeline)
      }
      let secondConsumer = progressConsumer(of: second, on: timeline) {
        progressUpdates(of: secondJobs, executor: timeline)
      }
      return (await firstConsumer.value, await secondConsumer.value)
    case .bothByOneTask, .bothByACancelledTask:
      // One task makes both streams, then lets each go to its consumer (and holds on to neither:
      // a consumer that leaves lets the last copy go).
      let firstUpdates = Locked<AsyncThrowingStream<Double, any Error>?>(nil)
      let secondUpdates = Locked<AsyncThrowingStream<Double, any Error>?>(nil)
      await Task(executorPreference: timeline) {
        if made == .bothByACancelledTask { withUnsafeCurrentTask { $0?.cancel() } }
        firstUpdates.withLock { $0 = progressUpdates(of: firstJobs, executor: timeline) }
        secondUpdates.withLock { $0 = progressUpdates(of: secondJobs, executor: timeline) }
      }.value
      let firstConsumer = progressConsumer(of: first, on: timeline) {
        firstUpdates.withLock { $0.take() } ?? AsyncThrowingStream { $0.finish() }
      }
      let secondConsumer = progressConsumer(of: second, on: timeline) {
        secondUpdates.withLock { $0.take() } ?? AsyncThrowingStream { $0.finish() }
      }
      return (await firstConsumer.value, await secondConsumer.value)
    }
  }
  return (
    try progressOutcome(of: first, values?.0, stuckAt: stuckAt, fates: firstFates),
    try progressOutcome(of: second, values?.1, stuckAt: stuckAt, fates: secondFates)
  )
}

/// Runs `scenario` on the answer's `progressUpdates` inside the one job of another stream: that
/// job makes the stream and reads it, and the outer stream's consumer reads on meanwhile.
func progressAnswerInsideAJob(_ scenario: ProgressScenario) async throws -> ProgressOutcome {
  let fates = Locked<[Int: String]>([:])
  let inner = Locked<(fractions: [String], end: String)?>(nil)
  let (_, stuckAt) = try await onTimeline { timeline in
    let jobs = progressJobs(of: scenario, on: timeline, fates: fates)
    let outerJob: @Sendable () async throws -> Void = {
      let updates = progressUpdates(of: jobs, executor: timeline)
      let value = await readProgress(updates, of: scenario, on: timeline)
      inner.withLock { $0 = value }
    }
    for try await _ in progressUpdates(of: [outerJob], executor: timeline) {}
  }
  return try progressOutcome(
    of: scenario,
    inner.withLock { $0 },
    stuckAt: stuckAt,
    fates: fates
  )
}

/// The jobs of `scenario` on `timeline`: each notes in `fates` how it ended.
private func progressJobs(
  of scenario: ProgressScenario,
  on timeline: VirtualTimeline,
  fates: Locked<[Int: String]>
) -> [@Sendable () async throws -> Void] {
  scenario.seconds.indices.map { index in
    { @Sendable in
      let failing = scenario.failing?.index == index
      let milliseconds = failing ? (scenario.failing?.at ?? 0) : scenario.seconds[index] * 1000
      let answer = failing ? .cancellationError : scenario.answers[index]
      let onTimeline = timeline.isCurrent
      fates.withLock { $0[index] = "job \(index) still running" }
      if answer == .ignoresIt {
        await timeline.sleepIgnoringCancel(milliseconds: milliseconds)
      } else {
        do {
          try await timeline.sleep(for: .milliseconds(milliseconds))
        } catch {
          fates.withLock { $0[index] = "job \(index) cancelled at \(timeline.time)" }
          if answer == .itsOwnError { throw OwnError.urlCancelled.error(of: "job \(index)") }
          if answer == .anErrorUnlikeACancel { throw JobFailed(name: "job \(index), cancelled") }
          throw error
        }
      }
      let off = onTimeline ? "" : " (off the timeline)"
      fates.withLock {
        $0[index] = "job \(index) \(failing ? "threw" : "ended") at \(timeline.time)\(off)"
      }
      if let failure = scenario.failing, failing {
        throw failure.error.error(of: "job \(index)")
      }
    }
  }
}

/// Starts the consumer of `scenario` on `timeline`, which reads the stream `updates` makes (and
/// the task that cancels it, if it is cancelled): what it read, and how its loop ended.
private func progressConsumer(
  of scenario: ProgressScenario,
  on timeline: VirtualTimeline,
  fates: Locked<[Int: String]>
) -> Task<(fractions: [String], end: String), Never> {
  let jobs = progressJobs(of: scenario, on: timeline, fates: fates)
  return progressConsumer(of: scenario, on: timeline) {
    progressUpdates(of: jobs, executor: timeline)
  }
}

private func progressConsumer(
  of scenario: ProgressScenario,
  on timeline: VirtualTimeline,
  updates: @escaping @Sendable () -> AsyncThrowingStream<Double, any Error>
) -> Task<(fractions: [String], end: String), Never> {
  let consumer = Task(executorPreference: timeline) {
    await readProgress(updates(), of: scenario, on: timeline)
  }
  if case .cancelledAt(let time) = scenario.consumer {
    Task(executorPreference: timeline) {
      try? await timeline.sleep(for: .milliseconds(time))
      consumer.cancel()
    }
  }
  return consumer
}

/// Reads `updates` as the consumer of `scenario` does: what it read, and how its loop ended.
private func readProgress(
  _ updates: AsyncThrowingStream<Double, any Error>,
  of scenario: ProgressScenario,
  on timeline: VirtualTimeline
) async -> (fractions: [String], end: String) {
  let count = scenario.seconds.count
  var fractions: [String] = []
  do {
    // Let go unread, at once: before the driver has had a turn on the timeline.
    if case .leavesAfter(0) = scenario.consumer { return ([], "then the consumer left") }
    // A late consumer: the stream was made at 0 s, and is first read now.
    if scenario.startsReading > 0 {
      await timeline.sleepIgnoringCancel(milliseconds: scenario.startsReading)
    }
    for try await fraction in updates {
      fractions.append("\(spelledFraction(fraction, of: count)) at \(timeline.time)")
      if case .leavesAfter(let leaves) = scenario.consumer, fractions.count == leaves {
        return (fractions, "then the consumer left")
      }
      // A slow consumer works a while before it reads again.
      if scenario.pause > 0 { await timeline.sleepIgnoringCancel(milliseconds: scenario.pause) }
    }
    if case .cancelledAt = scenario.consumer, Task.isCancelled {
      return (fractions, "then the end (the consumer cancelled)")
    }
    return (fractions, "then the end at \(timeline.time)")
  } catch let error as NotImplemented {
    return (fractions, "NotImplemented: \(error)")
  } catch is CancellationError where Task.isCancelled {
    return (fractions, "then the end (the consumer cancelled)")  // free: nil or the error
  } catch {
    return (fractions, "then \(spelledChapter05Error(error)) thrown at \(timeline.time)")
  }
}

/// The outcome of `scenario` from what its consumer got (nil: the timeline stuck at `stuckAt`)
/// and how each job ended.
private func progressOutcome(
  of scenario: ProgressScenario,
  _ value: (fractions: [String], end: String)?,
  stuckAt: String?,
  fates: Locked<[Int: String]>
) throws -> ProgressOutcome {
  if let end = value?.end, end.hasPrefix("NotImplemented") { throw NotImplemented("5a") }
  let known = fates.withLock { $0 }
  let (allowedEnd, alsoAllowed) = progressEnd(scenario)
  // A driver cancelled before it ran may start no job (free): each job as the statement gives.
  let unstarted =
    scenario.consumer == .leavesAfter(0)
    ? progressModel(scenario).jobs : scenario.seconds.indices.map { "job \($0) never started" }
  let end =
    value?.end
    ?? "never ended: at \(stuckAt ?? "?") every task waited for what the timeline cannot see"
  return ProgressOutcome(
    fractions: value?.fractions ?? [],
    end: alsoAllowed.contains(end) ? allowedEnd : end,
    jobs: scenario.seconds.indices.map { known[$0] ?? unstarted[$0] }
  )
}
