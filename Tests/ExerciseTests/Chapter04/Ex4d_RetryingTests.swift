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

// MARK: - Exercise 4d: a retry within a time budget

final class Ex4d_RetryingTests: GradedTestCase {
  private let clock = ManualClock()

  func test_a404_isNeverRetried() async throws {
    let received = ReceivedRequests()
    try await withFixtureServer(.init(received: received.add)) { port in
      let clock = self.clock
      let retry = Task {
        try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
          try await request(localURL("/users/99", port: port))
        }
      }
      // Nobody moves the clock here: an answer that waits to retry is caught waiting.
      await clock.waitForASleeper(orTheEndOf: retry)
      guard clock.sleeperCount == 0 else {
        retry.cancel()
        return XCTFail(
          "a 404 was retried (it waits on the clock to ask again); expected it thrown at once: "
            + "asking again gets the same answer"
        )
      }
      do {
        let answer = try await retry.value
        XCTFail("a 404 answered \(answer)")
      } catch let error as FetchError {
        XCTAssertEqual(error, .status(404, message: "no user with id '99'"))
      } catch {
        try rethrowIfNotImplemented(error)
        throw error
      }
      XCTAssertEqual(received.all, ["GET /users/99"], "one request, and no retry")
    }
  }

  func test_a503_isRetried_afterWaitsThatDouble_untilItAnswers() async throws {
    let received = ReceivedRequests()
    try await withFixtureServer(.init(received: received.add)) { port in
      let clock = self.clock
      let answer = Task {
        try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
          try await flakyRequest(port: port, key: "twice", failures: 2)
        }
      }
      for wait in [Duration.seconds(1), .seconds(2)] {
        await clock.waitForASleeper(orTheEndOf: answer)
        guard clock.sleeperCount > 0 else {
          let result = await answer.result
          if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
          return XCTFail(
            "a 503 may pass next time: wait \(wait) on the clock and try again (it ended with "
              + "\(result))"
          )
        }
        XCTAssertEqual(
          clock.sleeperDeadlines,
          [clock.now.advanced(by: wait)],
          "wait \(wait) now: the first wait is firstDelay, and each one after is twice as long"
        )
        clock.advance(by: wait)
      }
      let attempt = try await answer.value
      XCTAssertEqual(attempt, 3, "two 503s, then the answer of the third request")
      XCTAssertEqual(received.all.count, 3)
    }
  }

  func test_aCancelWhileWaiting_endsAtOnce_withNoFurtherAttempt() async throws {
    let received = ReceivedRequests()
    try await withFixtureServer(.init(received: received.add)) { port in
      let clock = self.clock
      let retry = Task {
        try await retrying(within: .seconds(3_600), firstDelay: .seconds(60), clock: clock) {
          try await flakyRequest(port: port, key: "cancelled", failures: 9)
        }
      }
      await clock.waitForASleeper(orTheEndOf: retry)
      retry.cancel()
      let result = await retry.result
      if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
      guard case .failure(let error) = result, error is CancellationError else {
        return XCTFail(
          "a cancel during the wait did not end the retrying with the sleep's CancellationError "
            + "(it ended with \(result)); expected that error, at once"
        )
      }
      XCTAssertEqual(received.all.count, 1, "cancelled while waiting, so no attempt after")
      XCTAssertEqual(clock.now.offset, .zero, "the wait ended at the cancel, not after 60 s")
    }
  }

  func test_aRequestCancelledInFlight_isNotRetried() async throws {
    let received = ReceivedRequests()
    let held = "/fault/flaky?key=held&failures=0"
    // The server holds this answer on a clock nobody moves: the request is in flight.
    let configuration = FixtureServer.Configuration(
      clock: clock,
      delays: [held: .seconds(600)],
      received: received.add
    )
    try await withFixtureServer(configuration) { port in
      let clock = self.clock
      let retry = Task {
        try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
          try await request(localURL(held, port: port))
        }
      }
      await clock.waitForASleeper(orTheEndOf: retry)  // the server holds the answer
      retry.cancel()
      do {
        let answer = try await retry.value
        XCTFail("a held request answered \(answer)")
      } catch let error as FetchError {
        XCTAssertEqual(error, .transport(.cancelled))
      } catch {
        try rethrowIfNotImplemented(error)
        XCTFail(
          "a request cancelled in flight was retried (it ended with \(error)); expected its "
            + ".transport(.cancelled) thrown at once"
        )
      }
      XCTAssertEqual(received.all.count, 1)
    }
  }

  func test_aWaitThatWouldEndPastTheBudget_isNotMade_andTheErrorIsThrown() async throws {
    let received = ReceivedRequests()
    try await withFixtureServer(.init(received: received.add)) { port in
      let clock = self.clock
      let retry = Task {
        try await retrying(within: .seconds(7), firstDelay: .seconds(1), clock: clock) {
          try await flakyRequest(port: port, key: "always", failures: 9)
        }
      }
      // Let every wait pass, whatever its length, until the retrying ends; note each one.
      var waits: [Duration] = []
      while true {
        await clock.waitForASleeper(orTheEndOf: retry)
        guard let deadline = clock.sleeperDeadlines.first else { break }
        waits.append(clock.now.duration(to: deadline))
        clock.advance(by: waits.last ?? .zero)
      }
      do {
        let answer = try await retry.value
        XCTFail("a route that always fails answered \(answer)")
      } catch let error as FetchError {
        let expected: [Duration] = [.seconds(1), .seconds(2), .seconds(4)]
        if waits == Array(expected.prefix(2)) {
          XCTFail(
            "within 7 s from a first delay of 1 s, the wait of 4 s from 3 s ends 7 s after the "
              + "call, just as the budget does: it is within the budget, so it is made; it waited "
              + "\(waits)"
          )
        } else if waits.count > expected.count, waits.starts(with: expected) {
          XCTFail(
            "a wait that ends past the budget was made: within 7 s from a first delay of 1 s, the "
              + "waits of 1, 2 and 4 s end at 7 s; the next, of 8 s, would end at 15 s, so the "
              + "fourth attempt's error is thrown at once, with no wait; it waited \(waits)"
          )
        } else {
          XCTAssertEqual(
            waits,
            expected,
            "within 7 s from a first delay of 1 s: waits of 1, 2 and 4 s, "
              + "each twice the one before (the last ends 7 s after the call, just as the budget "
              + "does)"
          )
        }
        XCTAssertEqual(
          received.all.count,
          4,
          "three waits within the budget mean four requests in all, the first one included"
        )
        XCTAssertEqual(error, .status(503, message: "busy, try again (attempt 4 of key 'always')"))
      } catch {
        try rethrowIfNotImplemented(error)
        throw error
      }
    }
  }

  func test_theAttemptsOwnTime_isSpentFromTheBudget_fromTheCallOn() async throws {
    let clock = self.clock
    let calls = Locked(0)
    let inAttempt = Locked(false)  // the sleeper is an attempt taking its time, not a wait
    let retry = Task {
      try await retrying(within: .seconds(9), firstDelay: .seconds(1), clock: clock) {
        () throws -> Int in
        calls.withLock { $0 += 1 }
        inAttempt.withLock { $0 = true }
        try? await clock.sleep(for: .seconds(1))  // each attempt takes 1 s, then fails
        inAttempt.withLock { $0 = false }
        throw FetchError.status(503, message: nil)
      }
    }
    var waits: [Duration] = []
    while true {
      await clock.waitForASleeper(orTheEndOf: retry)
      guard let deadline = clock.sleeperDeadlines.first else { break }
      let length = clock.now.duration(to: deadline)
      if !inAttempt.withLock({ $0 }) { waits.append(length) }
      guard waits.count <= 4 else {
        retry.cancel()
        break
      }
      clock.advance(by: length)
    }
    let result = await retry.result
    if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
    XCTAssertEqual(
      waits,
      [.seconds(1), .seconds(2)],
      "within 9 s, each attempt taking 1 s: attempt 1 fails at 1 s, waits 1 s; attempt 2 fails "
        + "at 3 s, waits 2 s; attempt 3 fails at 6 s, and a wait of 4 s would end at 10 s, past "
        + "the budget that ends 9 s after the call: the attempts' own time is spent from it too"
    )
    XCTAssertEqual(calls.withLock { $0 }, 3, "three attempts within 9 s")
    guard case .failure(FetchError.status(503, nil)) = result else {
      return XCTFail("the third attempt's .status(503) is thrown as it is: \(result)")
    }
  }

  func test_a500AndATimeout_areRetried_aDecodingErrorIsNot() async throws {
    let clock = self.clock
    let calls = Locked(0)
    let failures: [FetchError] = [.status(500, message: nil), .transport(.timedOut)]
    let retry = Task {
      try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
        () throws -> Int in
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        if call <= failures.count { throw failures[call - 1] }
        return call
      }
    }
    for failure in failures {
      await clock.waitForASleeper(orTheEndOf: retry)
      guard let deadline = clock.sleeperDeadlines.first else {
        let result = await retry.result
        if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
        if case .success(let value) = result, calls.withLock({ $0 }) > 1 {
          return XCTFail(
            "after \(failure), expected a wait on the clock given, then another attempt; it made "
              + "another attempt without waiting on the clock it was given, and returned \(value)"
          )
        }
        return XCTFail(
          "\(failure) may pass next time: expected a wait and another attempt; it ended with "
            + "\(result)"
        )
      }
      clock.advance(by: clock.now.duration(to: deadline))
    }
    let answer = try await retry.value
    XCTAssertEqual(answer, 3, "a 500, a timeout, then the third call's answer")

    let decoding = Task {
      try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
        () throws -> Int in
        throw FetchError.decoding(path: "id")
      }
    }
    await clock.waitForASleeper(orTheEndOf: decoding)
    guard clock.sleeperCount == 0 else {
      decoding.cancel()
      return XCTFail(
        "a .decoding error was retried as if it may pass next time (it waits on the clock to try "
          + "again); expected it thrown at once"
      )
    }
    let result = await decoding.result
    guard case .failure(FetchError.decoding(path: "id")) = result else {
      return XCTFail("the .decoding error is thrown as it is: \(result)")
    }
  }

  func test_theStatusesThatMayPass_areRetried_andNoOthers() async throws {
    for code in [408, 429, 500, 502, 503, 504] {
      let retried = try await wasRetried(.status(code, message: nil))
      XCTAssertTrue(
        retried,
        "a \(code) may pass next time: expected a wait and a second attempt; it was thrown at once"
      )
    }
    for code in [400, 401, 404, 409, 501, 505] {
      let retried = try await wasRetried(.status(code, message: nil))
      XCTAssertFalse(
        retried,
        "a \(code) will not pass next time: expected it thrown at once; the retrying waited to "
          + "try again"
      )
    }
  }

  func test_theStatusesThatMayPass_includeEvery5xxButTwo_upTo599() async throws {
    for code in [507, 511, 550] {
      let retried = try await wasRetried(.status(code, message: nil))
      XCTAssertTrue(
        retried,
        "a \(code) is a 5xx other than 501 and 505: expected a wait and a second attempt; it was "
          + "thrown at once"
      )
    }
    let last = try await wasRetried(.status(599, message: nil))
    XCTAssertTrue(last, "599 is the last 5xx, 500 to 599 both included: expected it retried")
    for code in [499, 600] {
      let retried = try await wasRetried(.status(code, message: nil))
      XCTAssertFalse(
        retried,
        "a \(code) is neither 408, 429 nor a 5xx: expected it thrown at once; the retrying waited "
          + "to try again"
      )
    }
  }

  func test_theTransportErrorsThatMayPass_areRetried_andNoOthers() async throws {
    let mayPass: [URLError.Code] = [
      .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
    ]
    for code in mayPass {
      let retried = try await wasRetried(.transport(code))
      XCTAssertTrue(
        retried,
        "URLError code \(code.rawValue) is a connection that may come back: expected a wait and "
          + "a second attempt; it was thrown at once"
      )
    }
    let willNot: [URLError.Code] = [
      .unsupportedURL, .cannotFindHost, .secureConnectionFailed, .serverCertificateUntrusted,
      .badURL,
    ]
    for code in willNot {
      let retried = try await wasRetried(.transport(code))
      XCTAssertFalse(
        retried,
        "URLError code \(code.rawValue) will fail the same way next time: expected it thrown at "
          + "once; the retrying waited to try again"
      )
    }
  }

  func test_transportErrorsBeyondTheFour_areNeverRetried() async throws {
    // Not a list of what will not pass: every code but the four is thrown at once.
    let others: [URLError.Code] = [
      .unknown, .badServerResponse, .httpTooManyRedirects, .userAuthenticationRequired,
      .cannotDecodeRawData, .resourceUnavailable, .dataNotAllowed, .zeroByteResource,
    ]
    for code in others {
      let retried = try await wasRetried(.transport(code))
      XCTAssertFalse(
        retried,
        "URLError code \(code.rawValue) is not one of the four that may come back (timed out, "
          + "connection lost, cannot connect, not connected): expected it thrown at once"
      )
    }
  }

  func test_theFirstWait_isFirstDelay_whateverItIs() async throws {
    let clock = self.clock
    let calls = Locked(0)
    let retry = Task {
      try await retrying(within: .milliseconds(2_700), firstDelay: .milliseconds(300), clock: clock)
      {
        () throws -> Int in
        calls.withLock { $0 += 1 }
        throw FetchError.status(503, message: nil)
      }
    }
    var waits: [Duration] = []
    while true {
      await clock.waitForASleeper(orTheEndOf: retry)
      guard let deadline = clock.sleeperDeadlines.first else { break }
      waits.append(clock.now.duration(to: deadline))
      clock.advance(by: waits.last ?? .zero)
    }
    let result = await retry.result
    if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
    let expected: [Duration] = [.milliseconds(300), .milliseconds(600), .milliseconds(1_200)]
    if let first = waits.first, first != .milliseconds(300) {
      XCTFail(
        "the first wait is firstDelay, 300 ms here, whatever it is: it waited \(waits); expected "
          + "waits of 300 ms, 600 ms and 1.2 s"
      )
    } else if waits == Array(expected.prefix(2)) {
      XCTFail(
        "within 2.7 s from a first delay of 300 ms, the wait of 1.2 s from 900 ms ends at 2.1 s, "
          + "within the budget: expected it made; it waited \(waits)"
      )
    } else {
      XCTAssertEqual(
        waits,
        expected,
        "firstDelay 300 ms within 2.7 s: expected waits of 300 ms, 600 ms and 1.2 s (it ends at "
          + "2.1 s; the next, of 2.4 s, would end past the budget)"
      )
    }
    XCTAssertEqual(calls.withLock { $0 }, 4, "four calls in all, with three waits between")
  }

  func test_anErrorThatIsNotAFetchError_isThrownAtOnce() async throws {
    let clock = self.clock
    let calls = Locked(0)
    let retry = Task {
      try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
        () throws -> Int in
        calls.withLock { $0 += 1 }
        throw NotAFetchError()
      }
    }
    // Nobody moves the clock here: an answer that waits to retry is caught waiting.
    await clock.waitForASleeper(orTheEndOf: retry)
    guard clock.sleeperCount == 0 else {
      retry.cancel()
      return XCTFail(
        "an error that is not a FetchError was retried (it waits on the clock to try again); "
          + "expected it thrown at once"
      )
    }
    let result = await retry.result
    if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
    guard case .failure(let error) = result, error is NotAFetchError else {
      return XCTFail("the operation's own error is thrown as it is: \(result)")
    }
    XCTAssertEqual(calls.withLock { $0 }, 1, "one call, and no retry")
  }

  func test_whatTheOperationReturns_isReturnedAsItIs_withNoWait() async throws {
    let clock = self.clock
    let calls = Locked(0)
    let empty = Task {
      try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
        () -> [String] in
        calls.withLock { $0 += 1 }
        return []
      }
    }
    await clock.waitForASleeper(orTheEndOf: empty)
    guard clock.sleeperCount == 0 else {
      empty.cancel()
      return XCTFail(
        "the operation returned an empty list, and the retrying waited to try again; expected "
          + "the list returned at once, as it is: only a FetchError that may pass is retried"
      )
    }
    let list = try await empty.value
    XCTAssertEqual(list, [], "what the operation returns is returned as it is")
    XCTAssertEqual(calls.withLock { $0 }, 1, "one call, and no retry")
    let nothing = try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
      () -> Int? in nil
    }
    XCTAssertNil(nothing, "the operation returned nil: expected nil returned as it is")
    let text = try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
      ""
    }
    XCTAssertEqual(text, "", "the operation returned \"\": expected it returned as it is")
  }

  /// 1,100 calls cancelled during their waits, one after another, then 100 calls at once: each
  /// call waits its own waits, whatever other calls do or did.
  func test_manyCallsAtOnce_eachWaitsItsOwnWait_whateverCallsBeforeThemDid() async throws {
    for index in 0..<1_100 {
      let clock = ManualClock()
      let calls = Locked(0)
      let call = Task {
        try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
          try failingOnce(calls)
        }
      }
      await clock.waitForASleeper(orTheEndOf: call)
      call.cancel()
      let result = await call.result
      if case .failure(let error) = result { try rethrowIfNotImplemented(error) }
      guard case .failure(let error) = result, error is CancellationError else {
        return XCTFail(
          "call \(index + 1) of 1,100, cancelled during its wait after a 503, ended with "
            + "\(result); expected the sleep's CancellationError"
        )
      }
    }
    let crowd = (0..<100).map { _ in
      let clock = ManualClock()
      let calls = Locked(0)
      let call = Task {
        try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
          try failingOnce(calls)
        }
      }
      return (clock, call)
    }
    for (index, (clock, call)) in crowd.enumerated() {
      await clock.waitForASleeper(orTheEndOf: call)
      guard clock.sleeperDeadlines == [clock.now.advanced(by: .seconds(1))] else {
        crowd.forEach { $0.1.cancel() }
        let result = await call.result
        return XCTFail(
          "after 1,100 calls cancelled during their waits, 100 calls at once, each a 503 then an "
            + "answer within 60 s from 1 s: call \(index + 1) did not wait 1 s (it ended with "
            + "\(result)); each call waits its own waits, whatever other calls do or did"
        )
      }
    }
    for (clock, call) in crowd {
      clock.advance(by: .seconds(1))
      let answer = try await call.value
      XCTAssertEqual(answer, 2, "a 503, a wait of 1 s, then the second attempt's answer")
    }
  }

  /// Whether `retrying` waits and tries again after `error`.
  ///
  /// The operation throws `error` once, then answers; an error not retried must come out as it
  /// is.
  private func wasRetried(_ error: FetchError) async throws -> Bool {
    let clock = ManualClock()
    let calls = Locked(0)
    let retry = Task {
      try await retrying(within: .seconds(60), firstDelay: .seconds(1), clock: clock) {
        () throws -> Int in
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        if call == 1 { throw error }
        return call
      }
    }
    await clock.waitForASleeper(orTheEndOf: retry)
    if clock.sleeperCount == 0 {
      let result = await retry.result
      if case .failure(let thrown) = result { try rethrowIfNotImplemented(thrown) }
      guard case .failure(let thrown as FetchError) = result, thrown == error else {
        XCTFail("\(error), not retried, is thrown as it is; the retrying ended with \(result)")
        return false
      }
      return false
    }
    clock.advance(by: .seconds(1))
    _ = try await retry.value
    return true
  }

  private struct NotAFetchError: Error {}

  /// Generated runs, two at a time, each on a clock of its own.
  ///
  /// Nothing in the statement is shared between calls: each must wait as its own first delay
  /// says, as it does when it runs alone.
  func test_yourAnswer_keepsTheStatement_withTwoCallersAtOnce() async throws {
    try await assertEveryPairTogether(
      Self.scenarios,
      pairs: 40,
      of: { run in
        (2...12).contains(run.failures.count) && !run.cancelledBeforeTheCall
          && run.cancelDuringAttempt == nil
      },
      model: retryModel,
      answer: retryAnswer,
      together: { first, second in
        async let firstRan = retryAnswer(first)
        async let secondRan = retryAnswer(second)
        return try await (firstRan, secondRan)
      },
      explain: explainRetry,
      saying: "two calls of retrying at the same time"
    )
  }

  /// The grade: generated runs (budgets from zero to 2^64 s, many ending just as a wait ends or an
  /// attosecond before or after it, first delays from 1 attosecond to 2^64 s, attempts that take
  /// time, any sequence of statuses of any number of digits, transport, decoding, platform and
  /// other errors, over a hundred waits in a row, a cancel before the call, during an attempt,
  /// during a wait or as it ends), on a manual clock, each compared with what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      Self.scenarios,
      model: retryModel,
      answer: retryAnswer,
      explain: explainRetry
    )
  }

  /// 1,005 runs from seed 44 (every status from 100 to 599 and every transport error first), then
  /// 60 of odd errors and long runs of failures, 12 of stray cancellations, 40 of messages and of
  /// waits past Int64.max seconds, 30 of statuses below zero and past Int32.max, 40 of statuses of
  /// 0 to 99 and decoding errors of other paths, 60 of budgets and first delays of any number of
  /// digits, and 60 of the platform's errors of any code and of messages that name a quota or a
  /// time to wait.
  private static let scenarios =
    retryScenarios(count: 400, seed: 44) + retryScenariosOfOddErrors(count: 60, seed: 44 &+ 2)
    + retryScenariosOfStrayCancellations(count: 12, seed: 44 &+ 3)
    + retryScenariosOfLongWaits(count: 40, seed: 44 &+ 4)
    + retryScenariosOfOutlandishStatuses(count: 30, seed: 44 &+ 5)
    + retryScenariosOfUnlistedErrors(count: 40, seed: 44 &+ 6)
    + retryScenariosOfWideBudgets(count: 60, seed: 44 &+ 7)
    + retryScenariosOfStrangerErrors(count: 60, seed: 44 &+ 8)
}

/// An attempt that throws a 503 the first time, then answers its number.
private func failingOnce(_ calls: Locked<Int>) throws -> Int {
  let call = calls.withLock { calls in
    calls += 1
    return calls
  }
  if call == 1 { throw FetchError.status(503, message: nil) }
  return call
}
