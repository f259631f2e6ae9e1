// Exercise 4.3's scenarios run on the answer: the part of them that calls it (the
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
  let inFlightPage = scenario.fullPages + 1
  switch scenario.consumer {
  case .readsAll(let twoStreams):
    let second = twoStreams ? PageRecord() : nil
    let first = users(from: ScriptedPages(scenario, firstID: 1, record: record))
    let other = second.map { users(from: ScriptedPages(scenario, firstID: 1_001, record: $0)) }
    var outcome = PagesOutcome(streams: [], asked: [], stillInFlight: [])
    var streams = [(first, record, 1)]
    if let other, let second { streams.append((other, second, 1_001)) }
    for (stream, pages, firstID) in streams {
      var ids: [Int] = []
      let end = try await readUsers(stream, into: &ids) { scenario.user(at: $0, from: firstID) }
      outcome.streams.append((ids, end))
      outcome.asked.append(pages.asked.withLock { $0 })
    }
    return outcome
  case .breaksAfter, .isCancelled:
    let reader = Task {
      let stream = users(from: ScriptedPages(scenario, firstID: 1, record: record))
      // Late: every user before the page in flight waits in the stream, unread.
      await record.waitUntilAsked(inFlightPage)
      var ids: [Int] = []
      guard case .breaksAfter(let count) = scenario.consumer else {
        withUnsafeCurrentTask { $0?.cancel() }
        let end = try await readUsers(stream, into: &ids) { scenario.user(at: $0, from: 1) }
        return (ids, end)
      }
      let end = try await readUsers(stream, into: &ids, upTo: count) {
        scenario.user(at: $0, from: 1)
      }
      return (ids, end)
    }
    // The consumer's task has ended: its stream is gone, and the page in flight must have
    // been cancelled by now.
    let (ids, end) = try await reader.value
    return PagesOutcome(
      streams: [(ids, end)],
      asked: [record.asked.withLock { $0 }],
      stillInFlight: record.inFlight.withLock { $0 }
    )
  }
}
