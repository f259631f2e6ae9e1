// Exercise 4c's scenarios run on the answer: the part of them that calls it (the
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

/// Runs `scenario` on the answer's `users(from:)`.
func pagesAnswer(_ scenario: PageScenario) async throws -> PagesOutcome {
  let record = PageRecord()
  let inFlightPage = scenario.lastNumber
  if scenario.streamsAtOnce > 1 { return try await pagesOfManyStreams(scenario) }
  switch scenario.consumer {
  case .readsAll(let twoStreams) where twoStreams && scenario.oneSource:
    // Both streams of one source, made before either is read.
    let source = ScriptedPages(scenario, firstID: 1, record: record)
    let streams = [users(from: source), users(from: source)]
    var outcome = PagesOutcome(streams: [], asked: [], stillInFlight: [])
    let lastPage = scenario.usersOfTheLastPage
    for stream in streams {
      var ids: [Int] = []
      let given = scenario.usersGiven(from: 1, lastPage: lastPage)
      let end = try await readUsers(stream, into: &ids, given: given)
      outcome.streams.append((ids, end))
    }
    outcome.asked = [sortedCursors(record.asked.withLock { $0 })]
    return outcome
  case .readsAll(let twoStreams):
    let second = twoStreams ? PageRecord() : nil
    let first = users(from: ScriptedPages(scenario, firstID: 1, record: record))
    let other = second.map { users(from: ScriptedPages(scenario, firstID: 1_001, record: $0)) }
    var outcome = PagesOutcome(streams: [], asked: [], stillInFlight: [])
    var streams = [(first, record, 1)]
    if let other, let second { streams.append((other, second, 1_001)) }
    let lastPage = scenario.usersOfTheLastPage
    for (stream, pages, firstID) in streams {
      var ids: [Int] = []
      let given = scenario.usersGiven(from: firstID, lastPage: lastPage)
      let end = try await readUsers(stream, into: &ids, given: given)
      outcome.streams.append((ids, end))
      outcome.asked.append(pages.asked.withLock { $0 })
    }
    return outcome
  case .breaksAfter, .isCancelled:
    if let other = scenario.otherStream {
      return try await pagesBesideAnother(scenario, other, record: record)
    }
    let reader = Task {
      let stream = users(from: ScriptedPages(scenario, firstID: 1, record: record))
      // Late: every user before the page in flight waits in the stream, unread.
      await record.waitUntilAsked(inFlightPage)
      return try await readUsersThenLeave(stream, as: scenario)
    }
    // The consumer's task has ended: its stream is gone, and the page in flight must have
    // been cancelled by now.
    let (ids, end) = try await reader.value
    if scenario.pageAnswersTheCancel {
      // The page answered the cancel with a cursor: the producer must ask for nothing more.
      ScenarioAnnouncer.announce(scenario, waitingFor: "the producer to end and let its source go")
      await record.waitUntilLetGo()
    }
    return PagesOutcome(
      streams: [(ids, end)],
      asked: [record.asked.withLock { $0 }],
      stillInFlight: record.inFlight.withLock { $0 }
    )
  }
}

/// Runs `scenario`, whose consumer leaves, beside `other`: a second stream of the same pages made
/// before or after it, read to its end by a consumer of its own; its last page comes only once
/// the consumer that leaves has gone.
private func pagesBesideAnother(
  _ scenario: PageScenario,
  _ other: PageScenario.OtherStream,
  record: PageRecord
) async throws -> PagesOutcome {
  let inFlightPage = scenario.lastNumber
  var reading = scenario
  reading.last = .final(other.lastPage)
  reading.consumer = .readsAll(twoStreams: false)
  reading.otherStream = nil
  let otherRecord = PageRecord()
  let clock = ManualClock()
  func makeOther() -> AsyncThrowingStream<User, any Error> {
    users(from: ScriptedPages(reading, firstID: 1_001, record: otherRecord, lastPageHeldOn: clock))
  }
  let otherMade = other.madeFirst ? makeOther() : nil
  let made = OneShotSignal<Bool>()
  let leaver = Task {
    let stream = users(from: ScriptedPages(scenario, firstID: 1, record: record))
    made.fire(true)
    // Late: every user before the page in flight waits in the stream, unread; the other
    // stream's last page is asked for and held.
    await record.waitUntilAsked(inFlightPage)
    await otherRecord.waitUntilAsked(inFlightPage)
    return try await readUsersThenLeave(stream, as: scenario)
  }
  _ = await made.wait()
  let otherStream = otherMade ?? makeOther()
  let otherReader = Task {
    var ids: [Int] = []
    let given = reading.usersGiven(from: 1_001, lastPage: other.lastPage)
    let end = try await readUsers(otherStream, into: &ids, given: given)
    return (ids, end)
  }
  // The consumer that leaves has gone: its page in flight must have been cancelled by now, and
  // the other stream's last page comes.
  let leaving: (read: [Int], end: String)
  do {
    leaving = try await leaver.value
  } catch {
    clock.advance(by: .seconds(1))
    _ = await otherReader.result
    throw error
  }
  let stillInFlight = record.inFlight.withLock { $0 }
  clock.advance(by: .seconds(1))
  let read = try await otherReader.value
  let asked = [record.asked.withLock { $0 }, otherRecord.asked.withLock { $0 }]
  return PagesOutcome(
    streams: other.madeFirst ? [read, leaving] : [leaving, read],
    asked: other.madeFirst ? asked.reversed() : asked,
    stillInFlight: stillInFlight
  )
}

/// Runs `scenario`'s streams at once, each of a source of its own, whose first pages wait until
/// every stream has asked for its own; each stream's consumer reads it to its end.
private func pagesOfManyStreams(_ scenario: PageScenario) async throws -> PagesOutcome {
  let together = FirstPagesTogether(count: scenario.streamsAtOnce)
  let records = (0..<scenario.streamsAtOnce).map { _ in PageRecord() }
  let lastPage = scenario.usersOfTheLastPage
  ScenarioAnnouncer.announce(
    scenario,
    waitingFor: "every one of the \(scenario.streamsAtOnce) streams to ask for its first page"
  )
  let readers = records.enumerated().map { index, record in
    let firstID = 1 + index * 1_000
    let stream = users(
      from: ScriptedPages(scenario, firstID: firstID, record: record, together: together)
    )
    return Task {
      var ids: [Int] = []
      let given = scenario.usersGiven(from: firstID, lastPage: lastPage)
      let end = try await readUsers(stream, into: &ids, given: given)
      return (read: ids, end: end)
    }
  }
  var outcome = PagesOutcome(streams: [], asked: [], stillInFlight: [])
  for (reader, record) in zip(readers, records) {
    outcome.streams.append(try await reader.value)
    outcome.asked.append(record.asked.withLock { $0 })
  }
  return outcome
}
