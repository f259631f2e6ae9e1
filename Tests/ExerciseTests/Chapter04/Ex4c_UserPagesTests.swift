@testable import GradedScenarios
import ExerciseSupport
import Foundation
import HTTPFixtures
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter04Exercises
#endif

// MARK: - Exercise 4c: pages by cursor, as a stream

final class Ex4c_UserPagesTests: GradedTestCase {
  func test_aFewPages_everyUserInOrder_thenTheEnd_noPageAfterTheLast() async throws {
    try await withFixtureServer { port in
      let pages = RecordingPages(port: port, perPage: 3)
      var ids: [Int] = []
      for try await user in users(from: pages) {
        ids.append(user.id)
      }
      XCTAssertEqual(
        pages.requested,
        [1, 2, 3, 4],
        pages.requested.first == 1
          ? "page 4's next is nil: it is the last, so ask for no page after it"
          : "ask for the first page with nil: 0 is a page asked for with a cursor these pages "
            + "never gave"
      )
      XCTAssertEqual(ids, Array(1...10), "every user of every page, in order")
    }
  }

  func test_anEmptyPage_orAShortOne_isNotTheLast_onlyANilCursorIs() async throws {
    let pages = ListedPages(sizes: [3, 0, 1, 3, 0, 2])
    var ids: [Int] = []
    for try await user in users(from: pages) { ids.append(user.id) }
    XCTAssertEqual(
      pages.requested,
      [nil, "2", "3", "4", "5", "6"],
      "pages of 3, 0, 1, 3, 0 and 2 users, the last with next nil: expected the first page, then "
        + "the page after each cursor given, however few users a page holds"
    )
    XCTAssertEqual(ids, Array(1...9), "every user of every page, in order")
  }

  func test_eachCursor_isHandedBackAsItCame() async throws {
    let given = ["", " next ", "a%20b&c=d", "", "2"]
    let pages = ListedPages(sizes: [1, 1, 1, 1, 1, 1], cursors: given)
    var count = 0
    for try await _ in users(from: pages) { count += 1 }
    XCTAssertEqual(
      pages.requested,
      [nil] + given,
      "the cursors given were \(given.map { String(reflecting: $0) }.joined(separator: ", ")): an "
        + "empty cursor, spaces, "
        + "escapes and a cursor given twice are cursors like any other, handed back as they came"
    )
    XCTAssertEqual(count, 6, "every user of every page, in order: six pages of one user each")
  }

  func test_aFailingPage_endsTheStreamWithItsError_afterTheUsersBefore() async throws {
    try await withFixtureServer { port in
      let pages = RecordingPages(port: port, perPage: 3, failing: 2)
      var ids: [Int] = []
      do {
        for try await user in users(from: pages) {
          ids.append(user.id)
        }
        XCTFail("page 2 failed, but the loop ended as if all were well; expected its error")
      } catch let error as PageFailed {
        XCTAssertEqual(error, PageFailed(status: 500))
      } catch {
        try rethrowIfNotImplemented(error)
        XCTFail("the stream must end with the page's own error; it ended with \(error)")
      }
      XCTAssertEqual(ids, [1, 2, 3], "page 1's users arrive before page 2's error")
      XCTAssertEqual(pages.requested, [1, 2], "no page after the one that failed")
    }
  }

  func test_anUnaskedCancelOfAPage_endsTheStreamWithItsError() async throws {
    // Nobody cancels the consumer here: the request ended cancelled for a reason of its own.
    let pages = ListedPages(sizes: [2, 2, 2], failing: (2, URLError(.cancelled)))
    var ids: [Int] = []
    do {
      for try await user in users(from: pages) { ids.append(user.id) }
      XCTFail(
        "page 2 failed with URLError(.cancelled) while its consumer still waited, and the loop "
          + "ended as if every page had come; expected that error"
      )
    } catch let error as URLError {
      XCTAssertEqual(error.code, .cancelled)
    } catch {
      try rethrowIfNotImplemented(error)
      XCTFail("the stream must end with the page's own error; it ended with \(error)")
    }
    XCTAssertEqual(ids, [1, 2], "page 1's users arrive before page 2's error")
  }

  func test_aConsumerGoneWhileAPageIsInFlight_cancelsThatRequest() async throws {
    let clock = ManualClock()
    let page2 = "/users?page=2&per=3"
    // The server holds page 2 (on a clock nobody moves): it is surely in flight at the cancel.
    let configuration = FixtureServer.Configuration(clock: clock, delays: [page2: .seconds(600)])
    try await withFixtureServer(configuration) { port in
      let (events, event) = AsyncStream.makeStream(of: String.self)
      let pages = RecordingPages(port: port, perPage: 3) { event.yield("asked \($0)") }
      let stream = users(from: pages)
      let seen = Locked<[Int]>([])
      let consumer = Task {
        defer { event.yield("ended") }  // also when the loop ends early, so the test never hangs
        for try await user in stream {
          seen.withLock { $0.append(user.id) }
          if user.id == 3 { event.yield("read 3") }
        }
      }
      // Cancel once the consumer has read page 1 and page 2 has been asked for.
      var readPage1 = false
      var askedPage2 = false
      for await happened in events {
        if happened == "read 3" { readPage1 = true }
        if happened == "asked 2" { askedPage2 = true }
        if happened == "ended" || (readPage1 && askedPage2) { break }
      }
      guard readPage1 && askedPage2 else {
        if case .failure(let error) = await consumer.result { try rethrowIfNotImplemented(error) }
        let asked = pages.requested
        return XCTFail(
          "the stream ended before page 2 was asked for; users: \(seen.withLock { $0 }), pages "
            + "asked: \(asked)"
            + (asked.first == 1
              ? ""
              : " (ask for the first page with nil: 0 is a page asked for "
                + "with a cursor these pages never gave)")
        )
      }
      consumer.cancel()
      _ = await consumer.result
      XCTAssertEqual(
        pages.cancelled,
        [2],
        "the consumer went away while page 2 was on its way, and that request was not "
          + "cancelled; expected it cancelled with the consumer"
      )
      XCTAssertEqual(seen.withLock { $0 }, [1, 2, 3], "no user after the consumer went away")
    }
  }

  func test_aConsumerThatBreaks_andLetsTheStreamGo_cancelsTheRequestInFlight() async throws {
    let clock = ManualClock()
    let page2 = "/users?page=2&per=3"
    let configuration = FixtureServer.Configuration(clock: clock, delays: [page2: .seconds(600)])
    try await withFixtureServer(configuration) { port in
      // First, pages with no server: a stream that never asks for page 2 would keep the consumer
      // below waiting for that request for ever. (No server here: breaking off this stream
      // cancels whatever page is on its way, and only a held request is safe to cancel, section 4.4.)
      let probe = ListedPages(sizes: [5, 5])
      for try await user in users(from: probe) where user.id > 5 { break }  // page 2 came
      guard probe.requested.starts(with: [nil, "2"]) else {
        return XCTFail("pages after \(probe.requested) were asked for; expected nil, then \"2\"")
      }
      let (asked, ask) = AsyncStream.makeStream(of: Int.self)
      let pages = RecordingPages(port: port, perPage: 3) { ask.yield($0) }
      let consumer = Task {
        var seen: [Int] = []
        // The stream lives only as long as this loop: leaving it releases the stream.
        for try await user in users(from: pages) {
          seen.append(user.id)
          if user.id == 3 {
            for await number in asked where number == 2 { break }  // page 2 is on its way
            break
          }
        }
        return seen
      }
      let seen = try await consumer.value
      XCTAssertEqual(seen, [1, 2, 3])
      XCTAssertEqual(
        pages.cancelled,
        [2],
        "the consumer left its loop by break and let the stream go while page 2 was on its way, "
          + "and that request was not cancelled; expected it cancelled"
      )
    }
  }

  /// A producer cancelled because its consumer went away must not end the stream with its own
  /// cancellation error.
  func test_aCancelledConsumer_isNotHandedItsOwnCancellationAsAnError() async throws {
    try await cancelConsumersWhilePage2IsHeld { $0 }
  }

  /// The same, when the page in flight ends as a cancelled request does: `URLError(.cancelled)`,
  /// not a `CancellationError`.
  func test_aCancelledConsumer_isNotHandedItsOwnCancellationAsAnError_evenAsAURLError()
    async throws
  {
    try await cancelConsumersWhilePage2IsHeld { _ in URLError(.cancelled) }
  }

  /// Cancels consumers while `SecondPageHeld` holds page 2, whose request ends with what
  /// `cancelled` makes of the sleep's `CancellationError`, and fails if a loop throws.
  ///
  /// A cancelled stream calls `onTermination` (which cancels the producer) and only then ends
  /// itself, so the producer's error reaches the consumer only when the producer gets there
  /// first. The runtime holds a task's cancellation handlers under its own lock, so no fake can
  /// hold that moment open: this tries it many times. Each round waits until the consumer has
  /// seen page 1 and cancels it from a thread of its own, which leaves the pool's threads free
  /// for the producer and makes the producer's win most likely (on a quiet 2-core machine, about
  /// 3 rounds in 1,000; more under load).
  private func cancelConsumersWhilePage2IsHeld(
    _ cancelled: @escaping @Sendable (any Error) -> any Error
  ) async throws {
    // At most 4,000 rounds, and no more than 2 s of them, so a slow machine cannot push a right
    // answer past the grader's time limit.
    let clock = ContinuousClock()
    let start = clock.now
    let rounds = huntRounds(graded: 4000, reference: 200)
    for round in 1...rounds where clock.now - start < .seconds(2) {
      let (events, event) = AsyncStream.makeStream(of: String.self)
      let pages = SecondPageHeld(cancelled: cancelled) { event.yield("asked 2") }
      let consumer = Task {
        defer { event.yield("ended") }  // also when the loop ends early, so the test never hangs
        for try await user in users(from: pages) where user.id == 3 { event.yield("had 3") }
      }
      var happened: Set<String> = []
      for await next in events {
        happened.insert(next)
        if happened == ["asked 2", "had 3"] { break }
        guard next == "ended" else { continue }
        if case .failure(let error) = await consumer.result { try rethrowIfNotImplemented(error) }
        return XCTFail("round \(round): the stream ended before page 2 was asked for")
      }
      Thread { consumer.cancel() }.start()
      if case .failure(let error) = await consumer.result {
        try rethrowIfNotImplemented(error)
        return XCTFail(
          "round \(round): the consumer was cancelled while page 2 was on its way, and its loop "
            + "threw \(error); expected it to end without an error, as a cancelled loop does"
        )
      }
    }
  }

  func test_usersNotYetRead_areAllKeptForTheConsumer_noneDropped() async throws {
    let (asked, ask) = AsyncStream.makeStream(of: Int.self)
    // Not kept here: once the producer lets the pages go, the wait below ends even if page 6
    // never comes.
    let stream = users(
      from: ListedPages(
        sizes: [2, 2, 2, 2, 2, 0],
        asked: { ask.yield($0) },
        released: { ask.finish() }
      )
    )
    var iterator = stream.makeAsyncIterator()
    var ids = try await iterator.next().map { [$0.id] } ?? []
    // Read nothing more until page 6 is asked for: pages 1 to 5 have all been yielded by then.
    for await number in asked where number == 6 { break }
    while let user = try await iterator.next() { ids.append(user.id) }
    XCTAssertEqual(
      ids,
      Array(1...10),
      "the consumer read user 1, then nothing until page 6 was asked for: expected every user "
        + "of pages 1 to 5 kept for it, in order, none dropped"
    )
  }

  /// The grade: generated runs (pages of any length, empty ones among them, cursors of every kind,
  /// up to 1,134 users unread (100,003 when grading), last pages of any length or failing with
  /// errors of every kind, ids in no order, users and pages given twice, consumers that read all,
  /// break after any user, or are cancelled with a page in flight, two streams at once, one of them
  /// left while the other reads on), and when grading larger ones, each compared with what the
  /// statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    // An untouched stub says so here: the smallest scenario cancels its consumer before it reads,
    // and a cancelled loop may end without the stub's error.
    do {
      for try await _ in users(from: ListedPages(sizes: [0])) {}
    } catch let error as NotImplemented {
      throw error
    } catch {}
    try await assertEveryScenario(
      pageScenarios(count: 500, seed: 43) + pageScenariosOfOddPages(count: 120, seed: 43 &+ 1)
        + pageScenariosOfRepeats(count: 40, seed: 43 &+ 2)
        + pageScenariosOfStreamsAtOnce(count: 20, seed: 43 &+ 5)
        + pageScenariosOfTwoStreamsOneLeaving(count: 40, seed: 43 &+ 4),
      model: pagesModel,
      answer: pagesAnswer,
      explain: explainPages
    )
  }
}
