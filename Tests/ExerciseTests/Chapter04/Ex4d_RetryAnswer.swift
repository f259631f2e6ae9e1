// Exercise 4d's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if SOLUTIONS
import Solutions
#else
import Chapter04Exercises
#endif

/// Runs `scenario` on the answer's `retrying`, with a manual clock the test moves.
func retryAnswer(_ scenario: RetryScenario) async throws -> RetryOutcome {
  let clock = ManualClock()
  let start = clock.now
  let events = Locked<[String]>([])
  let calls = Locked(0)
  let inAttempt = Locked(false)  // the sleeper is an attempt taking its time, not a wait
  let waitsEnded = Locked(0)
  let answersClock = NotingClock(
    base: clock,
    tolerated: { tolerance in
      events.withLock { $0.append("a sleep that may wake \(spelledExactly(tolerance)) late") }
    },
    endedAtOnce: { wait in events.withLock { $0.append("waited \(spelledExactly(wait))") } },
    ended: {
      let ended = waitsEnded.withLock { count in
        count += 1
        return count
      }
      if ended == scenario.cancelAsWaitEnds { withUnsafeCurrentTask { $0?.cancel() } }
    }
  )
  let retry = Task {
    if scenario.cancelledBeforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
    return try await retrying(
      within: scenario.budget,
      firstDelay: scenario.firstDelay,
      clock: answersClock
    ) {
      let attempt = calls.withLock { count in
        count += 1
        return count
      }
      events.withLock {
        $0.append("attempt \(attempt) at \(spelledExactly(start.duration(to: clock.now)))")
      }
      if scenario.attemptTakes > .zero {
        inAttempt.withLock { $0 = true }
        // A cancel ends this sleep at once; the attempt still ends as scripted.
        try? await clock.sleep(for: scenario.attemptTakes)
        inAttempt.withLock { $0 = false }
      }
      guard attempt <= scenario.failures.count else { return attempt }
      switch scenario.failures[attempt - 1] {
      case .fetch(let error): throw error
      case .other: throw NotAFetchError()
      case .platform(let error): throw error.error
      case .cancellationError: throw CancellationError()
      }
    }
  }
  var waits = 0
  while true {
    await clock.waitForASleeper(orTheEndOf: retry)
    guard let deadline = clock.sleeperDeadlines.first else { break }
    if inAttempt.withLock({ $0 }) {
      if let cancelDuringAttempt = scenario.cancelDuringAttempt,
        calls.withLock({ $0 }) == cancelDuringAttempt
      {
        retry.cancel()  // the attempt's sleep ends at once
        continue
      }
      clock.advance(by: clock.now.duration(to: deadline))
      continue
    }
    waits += 1
    events.withLock { $0.append("waited \(spelledExactly(clock.now.duration(to: deadline)))") }
    // More waits than failures: an answer that would wait on forever.
    if waits > scenario.failures.count + 1 || scenario.cancelDuringWait == waits {
      retry.cancel()
      _ = await retry.result
      break
    }
    clock.advance(by: clock.now.duration(to: deadline))
  }
  switch await retry.result {
  case .success(let attempt): events.withLock { $0.append("returned \(attempt)") }
  case .failure(let error as FetchError):
    events.withLock { $0.append("threw \(RetryScenario.Failure.fetch(error))") }
  case .failure(is NotAFetchError):
    events.withLock { $0.append("threw \(RetryScenario.Failure.other)") }
  case .failure(is CancellationError): events.withLock { $0.append("threw CancellationError") }
  case .failure(let error as NotImplemented): throw error
  case .failure(let error):
    let said = PlatformError(error).map { "\(RetryScenario.Failure.platform($0))" } ?? "\(error)"
    events.withLock { $0.append("threw \(said)") }
  }
  return RetryOutcome(events: events.withLock { $0 })
}
