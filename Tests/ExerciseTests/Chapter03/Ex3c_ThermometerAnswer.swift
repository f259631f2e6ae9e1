// Exercise 3c's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter03Exercises
#endif

/// Runs `scenario` on the answer's `Thermometer`.
func thermometerAnswer(_ scenario: ThermometerScenario) async throws -> ThermometerOutcome {
  let clock = ManualClock()
  let heldRead = scenario.end == .ownerLetsGoDuringARead ? scenario.readings + 1 : nil
  var failure: any Error = scenario.failsWithCancellation ? CancellationError() : SensorFailure()
  if let platform = scenario.platformFailure { failure = platform.error }
  let source = LoggingSource(
    clock: clock,
    failingRead: scenario.failingRead,
    heldRead: heldRead,
    failure: failure,
    reading: scenario.reading
  )
  // The answer's clock notes a tolerance it gives a sleep: leave to wake it late.
  let answersClock = NotingClock(
    base: clock,
    tolerated: { tolerance in
      source.log.withLock { $0.append("a sleep that may wake \(spelled(tolerance)) late") }
    }
  )
  var thermometer: Thermometer? = Thermometer(
    source: source,
    every: scenario.interval,
    clock: answersClock
  )
  weak let probe = thermometer
  guard let readings = thermometer?.readings() else { return ThermometerOutcome(log: []) }
  let lateStart = scenario.consumerIsLate ? OneShotSignal<Bool>() : nil
  let reader = StreamReader(readings, startingWhen: lateStart)
  let readerEnded = Task { _ = await reader.end() }
  var notes: [String] = []
  var endedByTheTest = false  // the stream would have gone on: the test's consumer left
  /// Moves the clock, each time the task waits, until the source has given `count` readings or
  /// the stream has ended; the task then waits for the next read (a right answer yields each
  /// reading before it waits).
  func take(_ count: Int) async {
    while true {
      await clock.waitForASleeper(orTheEndOf: readerEnded)
      guard source.readingsGiven < count, let deadline = clock.sleeperDeadlines.first else {
        return
      }
      clock.advance(by: clock.now.duration(to: deadline))
    }
  }
  switch scenario.end {
  case .sourceFails where lateStart != nil:
    // Every reading before the failing read, then that read, with nobody reading yet.
    await take((scenario.failingRead ?? 2) - 1)
    await clock.waitForASleeper(orTheEndOf: readerEnded)
    if let deadline = clock.sleeperDeadlines.first {
      clock.advance(by: clock.now.duration(to: deadline))
    }
    lateStart?.fire(true)
    await clock.waitForASleeper(orTheEndOf: readerEnded)
    if clock.sleeperCount > 0 {
      endedByTheTest = true
      reader.cancel()
    }
  case .sourceFails:
    await take((scenario.failingRead ?? 1) + 2)
    await clock.waitForASleeper(orTheEndOf: readerEnded)
    if clock.sleeperCount > 0 {
      endedByTheTest = true
      reader.cancel()
    }
  case .consumerLeaves:
    await take(scenario.readings)
    await clock.waitForASleeper(orTheEndOf: readerEnded)
    reader.cancel()
    _ = await reader.end()
    notes.append(
      clock.sleeperCount == 0 ? "the reading task has stopped" : "the reading task still waits"
    )
  case .ownerLetsGoWhileTheConsumerWaits:
    await take(scenario.readings)
    await clock.waitForASleeper(orTheEndOf: readerEnded)
    thermometer = nil
    notes.append(probe == nil ? "freed at once" : "still alive after its owner let go")
    notes.append(
      clock.sleeperCount == 0 ? "the reading task has stopped" : "the reading task still waits"
    )
    if probe != nil || clock.sleeperCount > 0 {
      endedByTheTest = true
      reader.cancel()
    }
  case .ownerLetsGoDuringARead:
    if scenario.readings > 0 {
      await take(scenario.readings)
      await clock.waitForASleeper(orTheEndOf: readerEnded)
      // The next read is due; an answer whose readings have ended has none under way.
      guard let deadline = clock.sleeperDeadlines.first else { break }
      clock.advance(by: clock.now.duration(to: deadline))
    }
    // The held read, or the stream's end: an answer that stops reading by itself has none.
    let readOrEnd = OneShotSignal<Bool>()
    Task {
      await source.held.waitUntilItWaits()
      readOrEnd.fire(true)
    }
    Task {
      await readerEnded.value
      readOrEnd.fire(false)
    }
    guard await readOrEnd.wait() else { break }
    thermometer = nil
    notes.append(probe == nil ? "freed at once" : "still alive after its owner let go")
    if probe != nil {
      endedByTheTest = true
      reader.cancel()
    }
    // The stream has finished by now: the reading the held read returns must reach no one.
    source.held.release()
    await clock.waitForASleeper(orTheEndOf: readerEnded)
    if clock.sleeperCount > 0 {  // the task reads on, and the stream has not ended
      endedByTheTest = true
      reader.cancel()
    }
  }
  let ending = await reader.end()
  source.held.release()
  withExtendedLifetime(thermometer) {}
  var got = "the consumer got \(spelledReadings(reader.elements))"
  switch ending {
  case .failure(let error as NotImplemented): throw error
  // A consumer that left may see the task's CancellationError, or nothing: the statement leaves
  // it free.
  case .success where scenario.end == .consumerLeaves: break
  case .failure(is CancellationError) where scenario.end == .consumerLeaves: break
  case _ where endedByTheTest: got += ", and no end: the stream went on"
  case .success: got += ", then the end"
  case .failure(is SensorFailure): got += ", then SensorFailure thrown"
  case .failure(is CancellationError) where scenario.failsWithCancellation:
    got += ", then CancellationError() thrown"
  case .failure(let error):
    got += ", then \(PlatformError(error).map { "\($0)" } ?? "\(error)") thrown"
  }
  let reads = source.log.withLock { $0 }
  let ownerLetGo = [.ownerLetsGoWhileTheConsumerWaits, .ownerLetsGoDuringARead].contains(
    scenario.end
  )
  return ThermometerOutcome(
    log: reads + (ownerLetGo ? notes + [got] : [got] + notes),
    readings: reader.elements
  )
}
