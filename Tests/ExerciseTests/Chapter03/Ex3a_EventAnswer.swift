// Exercise 3a's scenarios run on the answer: the part of them that calls it (the
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

/// Runs `scenario` on the answer's `relayEvents`, moving the clock one wait at a time.
///
/// With `besideAnother`, a second stream of two events on a clock of its own is made right after
/// this one and read once this one has ended: what it read is added to the end.
func eventAnswer(
  _ scenario: EventScenario,
  besideAnother: Bool = false
) async throws
  -> EventOutcome
{
  let clock = HookedClock()
  let producerBox = Locked<Task<Void, Never>?>(nil)
  let failure: any Error =
    if let carried = scenario.carriedFailure {
      carried.error
    } else if let platform = scenario.platformFailure {
      platform.error
    } else if let index = scenario.failsWithURLError {
      URLError(everyURLErrorCode[index].code)
    } else if scenario.failsWithCancellation {
      CancellationError()
    } else {
      MakeFailure()
    }
  var cancelAt: (event: Int, producer: Locked<Task<Void, Never>?>)?
  if case .ownerCancelsDuringMake(let wait) = scenario.consumer {
    cancelAt = (wait - 1, producerBox)
  }
  let upstream = ClockedNumbers(
    count: scenario.count,
    interval: scenario.interval,
    clock: clock,
    failingAt: scenario.failsInUpstream ? scenario.failingAt : nil,
    failure: failure,
    values: scenario.values
  )
  let maker = TimedMaker(
    clock: clock.manual,
    failingAt: scenario.failsInUpstream ? nil : scenario.failingAt,
    failure: failure,
    cancelAt: cancelAt,
    texts: scenario.texts,
    // With no wait to cancel, a producer that never looks would run on for ever.
    mostCallsAfterTheCancel: scenario.interval == .zero ? 1_000 : nil
  )
  let (events, producer) =
    scenario.madeInACancelledTask
    ? await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return relayEvents(from: upstream, make: maker.make)
    }.value
    : relayEvents(from: upstream, make: maker.make)
  if scenario.consumer == .ownerCancelsAtOnce { producer.cancel() }
  producerBox.withLock { $0 = producer }
  let otherClock = ManualClock()
  let other =
    besideAnother
    ? relayEvents(from: ClockedNumbers(count: 2, interval: .seconds(1), clock: otherClock)) {
      "other \($0)"
    } : nil
  let reader = scenario.consumer == .readsAfterTheLast ? nil : StreamReader(events)
  if scenario.consumer == .leavesAtOnce, let reader {
    reader.cancel()
    _ = await reader.end()
  }
  var waits: [String] = []
  // A producer that makes more than it should is stopped a few waits later (a few waits after
  // the cancel, for a count too large to walk through).
  let mostWaits =
    scenario.count > 1_000_000 ? (scenario.consumer.wait ?? 0) + 3 : scenario.count + 3
  while waits.count < mostWaits {
    await clock.manual.waitForASleeper(orTheEndOf: producer)
    guard let deadline = clock.manual.sleeperDeadlines.first else { break }
    waits.append(spelled(clock.now.duration(to: deadline)))
    if waits.count == scenario.consumer.wait, let reader {
      // The consumer reads on its own task: a hang here is an event it never got.
      ScenarioAnnouncer.announce(
        scenario,
        waitingFor: "the consumer to read the \(waits.count - 1) events made before wait "
          + "\(waits.count)"
      )
      _ = try? await reader.waitFor(count: waits.count - 1)
      switch scenario.consumer {
      case .leavesDuringWait:
        reader.cancel()
        _ = await reader.end()
        continue  // the producer, cancelled, should now end without waking
      case .ownerCancelsDuringWait:
        producer.cancel()
        continue
      case .leavesAsWaitEnds:
        clock.afterNextWake {
          reader.cancel()
          _ = await reader.end()
        }
      case .ownerCancelsAsWaitEnds:
        clock.afterNextWake { producer.cancel() }
      default: break
      }
    }
    clock.manual.advance(by: clock.now.duration(to: deadline))
  }
  producer.cancel()  // ends a producer that went on too long; a right one has ended already
  var (read, ended) = await readAll(events, reader)
  if scenario.texts != nil { read = read.map(\.debugDescription) }
  var end: String
  switch ended {
  case nil: end = "then the end"
  case let error as NotImplemented: throw error
  case let error? where spelledCarriedError(error) != nil:
    end = "then \(spelledCarriedError(error) ?? "") thrown"
  case is MakeFailure: end = "then MakeFailure thrown"
  case let error as URLError: end = "then \(spelledURLError(error.code)) thrown"
  case is CancellationError:
    // After a cancel, by the consumer or the owner, the statement leaves free whether the loop
    // ends with the producer's CancellationError (a consumer that left may still see it).
    end = scenario.consumer.cancels ? "then the end" : "then CancellationError thrown"
  case let error?: end = "then \(PlatformError(error).map { "\($0)" } ?? "\(error)") thrown"
  }
  if let other {
    // Two waits, then until the producer ends or waits a third time.
    for round in 0..<3 {
      await otherClock.waitForASleeper(orTheEndOf: other.producer)
      guard round < 2, let deadline = otherClock.sleeperDeadlines.first else { break }
      otherClock.advance(by: otherClock.now.duration(to: deadline))
    }
    other.producer.cancel()  // ends a producer that went on too long
    let (otherRead, otherEnded) = await readAll(other.events, nil)
    if otherRead != ["other 0", "other 1"] || otherEnded != nil {
      end +=
        " (and the other stream, made right after this one on a clock of its own and moved "
        + "two seconds, read \(otherRead)\(otherEnded.map { ", then \($0) thrown" } ?? ""))"
    }
  }
  // The ask under way at the owner's cancel may end with the upstream's own error: free too.
  if case .ownerCancelsAsWaitEnds(let wait) = scenario.consumer, scenario.failsInUpstream,
    scenario.failingAt == wait - 1, end == scenario.failedEnd
  {
    end = "then the end"
  }
  if upstream.askedAfterTheCancel > 1 {
    end += " (and the upstream was asked \(upstream.askedAfterTheCancel) times after the cancel)"
  }
  var made = maker.made
  let atOnce = [.leavesAtOnce, .ownerCancelsAtOnce].contains(scenario.consumer)
  // With no wait, the producer may make events before a cancel at once reaches it: free, so long
  // as it makes no more than the one under way once its task is cancelled.
  if scenario.interval == .zero, atOnce, maker.madeAfterTheCancel <= 1, end == "then the end",
    read.count <= made.count
  {
    (made, read) = ([], [])
  }
  return EventOutcome(
    made: made,
    read: read,
    end: end,
    waits: atOnce || scenario.interval == .zero ? nil : waits
  )
}
