@testable import GradedScenarios
import ExerciseSupport
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

// MARK: - Exercise 1c: first callback or timeout

final class Ex1c_ReadBarcodeOnceTests: GradedTestCase {
  private let first = Barcode(value: "4006381333931")
  private let second = Barcode(value: "9780201633610")
  /// Not the docs' 5 s, so that an answer with the docs' number in place of `timeout` fails.
  private let timeout = Duration.seconds(7)
  /// Never advanced, except by the timeout tests: elsewhere the timer never fires.
  private let clock = ManualClock()

  private func read(with reader: some BarcodeReading) async throws -> Barcode {
    try await readBarcodeOnce(with: reader, timeout: timeout, clock: clock)
  }

  func test_twoCallbacksInARow_returnTheFirst() async throws {
    let reader = DoubleFiringReader(
      first: .success(first),
      second: .success(second)
    )
    let barcode = try await read(with: reader)
    await reader.callbacksReturned()
    XCTAssertEqual(barcode, first, "it did not return the first callback's barcode")
    XCTAssertEqual(
      reader.cancels,
      0,
      "the reader called back, so its read was over, yet cancelRead() was called; expected it "
        + "only when the call ends without the reader's result"
    )
  }

  func test_aFailureFirst_isThrown() async throws {
    let failure = BarcodeReadError(reason: "blurred")
    let reader = DoubleFiringReader(
      first: .failure(failure),
      second: .success(second)
    )
    do {
      let barcode = try await read(with: reader)
      XCTFail("the first callback was a failure, yet it returned \(barcode); expected the error")
    } catch {
      await reader.callbacksReturned()
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? BarcodeReadError,
        failure,
        "it threw \(error); expected the first callback's error"
      )
    }
  }

  func test_aReaderThatCallsBackOnce_returnsItsResult() async throws {
    let barcode = try await read(with: SingleCallbackReader(result: .success(first)))
    XCTAssertEqual(barcode, first, "a reader that called back once did not get its result returned")
  }

  func test_twoCallbacksAtOnceFromTwoThreads_resumeExactlyOnce() async throws {
    // A guard that is not one step lets both callbacks through when they meet in its gap. Many
    // reads wait at once, and two threads call back each of them in step, one a little later
    // each time (lags cycle through -16...16 spins). Only reads whose two calls overlapped
    // count: a flag checked and set in two `withLock`s lets both through in one such read in
    // somewhere between ten and a few hundred (a plain flag more often still), so batches go on
    // until two thousand did. A machine so busy that this takes long stops after `budget`, and
    // the answer is judged on the reads it got: a right answer never fails for the load. A
    // double resume crashes in the batch that did it.
    let sanitized = ThreadSanitizer.isRunning
    let (batch, wanted) = sanitized ? (200, 0) : (500, 2000)
    let budget = ContinuousClock.now.advanced(by: .seconds(4))
    var (batches, together) = (0, 0)
    while batches == 0 || (together < wanted && ContinuousClock.now < budget) {
      let callbacks = LockstepReads(reads: batch)
      let (timeout, clock) = (self.timeout, self.clock)
      try await withThrowingTaskGroup(of: Barcode.self) { group in
        for index in 0..<batch {
          group.addTask {
            defer { callbacks.readEnded() }
            return try await readBarcodeOnce(
              with: callbacks.reader(index),
              timeout: timeout,
              clock: clock
            )
          }
        }
        together += await callbacks.callBackTwiceInStep(
          first: .success(first),
          second: .success(second)
        )
        for try await barcode in group {
          XCTAssertTrue([first, second].contains(barcode), "returned \(barcode)")
        }
      }
      batches += 1
    }
  }

  /// Many calls at once, each reader calling back twice from a thread of its own: the calls
  /// share nothing, so what one call keeps, or does with a callback that lost, must not touch
  /// another's unguarded (under the thread sanitizer too, where these callbacks do not take
  /// turns).
  func test_manyReadsAtOnce_eachCalledBackTwiceFromAThreadOfItsOwn() async throws {
    let (timeout, clock, first, second) = (self.timeout, self.clock, self.first, self.second)
    let readers = (0..<64).map { _ in
      DoubleFiringReader(first: .success(first), second: .success(second))
    }
    try await withThrowingTaskGroup(of: Barcode.self) { group in
      for reader in readers {
        group.addTask {
          try await readBarcodeOnce(with: reader, timeout: timeout, clock: clock)
        }
      }
      for try await barcode in group {
        XCTAssertEqual(barcode, first, "64 reads at once, each called back twice from its thread")
      }
    }
    for reader in readers { await reader.callbacksReturned() }
  }

  /// Starts a read in a task of its own, so the test can move the clock while it waits.
  private func startReading(
    with reader: ControlledReader,
    timeout: Duration? = nil
  ) -> Task<Barcode, any Error> {
    let (timeout, clock) = (timeout ?? self.timeout, self.clock)
    return Task(executorPreference: reader.watch) {
      defer { reader.readEnded() }
      return try await readBarcodeOnce(with: reader, timeout: timeout, clock: clock)
    }
  }

  /// Waits until the read asks the reader.
  ///
  /// A read that ends without asking (a stub that throws NotImplemented) has its error rethrown
  /// here, so it is graded "not started", not a hang.
  private func waitUntilAsked(
    _ reader: ControlledReader,
    by reading: Task<Barcode, any Error>
  ) async throws {
    guard await !reader.waitUntilAskedOrReadEnded() else { return }
    let barcode = try await reading.value
    XCTFail("it returned \(barcode) without asking the reader")
    throw NeverAsked()
  }

  private struct NeverAsked: Error {}

  // The timeout tests sort (and stand) last, so a mistake with the callbacks fails above first.

  func test_withTimeout_andNoCallback_throwsTheTimeoutError() async throws {
    // Two timeouts, so that a length written into the answer fails with one of them.
    for timeout in [self.timeout, .milliseconds(1500)] {
      try await assertTimesOut(after: timeout)
    }
  }

  private func assertTimesOut(
    after timeout: Duration,
    reader: ControlledReader = ControlledReader()
  ) async throws {
    let reading = startReading(with: reader, timeout: timeout)
    try await waitUntilAsked(reader, by: reading)
    await clock.waitForSleepers(count: 1)  // your timer, sleeping on the clock you were given
    guard clock.sleeperDeadlines == [clock.now.advanced(by: timeout)] else {
      // Moving the clock by the timeout would not wake such a timer: stop here, not hang.
      return XCTFail(
        "the timer does not sleep for the timeout it was given (\(timeout)); expected exactly "
          + "that long"
      )
    }
    clock.advance(by: timeout)
    do {
      let barcode = try await reading.value
      XCTFail("the reader never called back, yet it returned \(barcode); expected a timeout")
    } catch {
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? BarcodeReadTimeout,
        BarcodeReadTimeout(after: timeout),
        "with no callback within the timeout it threw \(error); expected "
          + "BarcodeReadTimeout(after: timeout)"
      )
    }
    XCTAssertEqual(
      reader.cancels,
      1,
      "the timeout won with the read still going: expected it stopped with cancelRead(), once, "
        + "before the call threw"
    )
    XCTAssertFalse(
      reader.cancelledAfterTheEnd,
      "cancelRead() came only once the call had been given the timeout; expected it before"
    )
  }

  /// The reader answers the cancel on the timer's own thread, before `cancelRead()` returns: a
  /// callback into the answer while the timer is still in the middle of its own resume.
  func test_withTimeout_theReaderAnsweringTheCancelFromInsideIt_stillGivesTheTimeout()
    async throws
  {
    try await assertTimesOut(after: timeout, reader: ControlledReader(answersACancel: true))
  }

  func test_withTimeout_thenACallback_isIgnored() async throws {
    let reader = ControlledReader()
    let reading = startReading(with: reader)
    try await waitUntilAsked(reader, by: reading)
    await clock.waitForSleepers(count: 1)
    clock.advance(by: timeout)
    _ = try? await reading.value
    reader.callBack(with: .success(first))  // too late: the timeout has answered already
    await assertThrowsTimeout(reading)
  }

  func test_withTimeout_whenACallbackComesFirst_itWinsAndTheTimerStops() async throws {
    // A success, then a failure: the timer stops whatever the first callback says.
    let failure = BarcodeReadError(reason: "blurred")
    for (result, message) in [
      (Result.success(first), "the reader answered, yet a timer still sleeps on the clock"),
      (.failure(failure), "the reader failed, yet a timer still sleeps on the clock"),
    ] {
      let clock = ManualClock()
      let reader = ControlledReader()
      let reading = Task { [timeout] in
        defer { reader.readEnded() }
        return try await readBarcodeOnce(with: reader, timeout: timeout, clock: clock)
      }
      try await waitUntilAsked(reader, by: reading)
      await clock.waitForSleepers(count: 1)
      reader.callBack(with: result)  // returns once the completion has returned
      XCTAssertEqual(clock.sleeperCount, 0, message + "; expected none")
      XCTAssertEqual(
        reader.cancels,
        0,
        "the reader called back first, so its read was over, yet cancelRead() was called; "
          + "expected it only when the call ends without the reader's result"
      )
      clock.advance(by: timeout)  // ends a read that ignored the callback, rather than hang
      do {
        let barcode = try await reading.value
        XCTAssertEqual(.success(barcode), result, "the first callback's result was not returned")
      } catch {
        try rethrowIfNotImplemented(error)
        XCTAssertEqual(
          .failure(error as? BarcodeReadError ?? BarcodeReadError(reason: "\(error)")),
          result,
          "the first callback's error was not thrown"
        )
      }
    }
  }

  func test_withTimeout_whenTheCallbackComesBeforeReadBarcodeReturns_noTimerIsLeft() async throws {
    // Every copy of the clock holds the marker, so it is released once no task the read started
    // holds the clock, which every timer that sleeps on it must.
    let released = OneShotSignal<Void>()
    var clock: WatchedClock? = WatchedClock(marker: TaskMarker(released: released))
    let manual = clock!.manual
    let barcode = try await readBarcodeOnce(
      with: ImmediateReader(result: .success(first)),
      timeout: timeout,
      clock: clock!
    )
    clock = nil
    XCTAssertEqual(
      barcode,
      first,
      "it did not return the barcode of a reader that called back at once"
    )
    // Once the read has returned, a timer that was cancelled never sleeps again: wait until every
    // task that holds the clock has ended, or until one of them sleeps on it.
    await waitForEveryTimerToEnd(released, orASleeperOn: manual)
    XCTAssertEqual(
      manual.sleeperCount,
      0,
      "the reader called back before readBarcode returned, yet a timer still sleeps on the clock; "
        + "expected none"
    )
  }

  /// A reader that calls back from another thread just as readBarcode returns, round after round:
  /// a timer started only after a look for a result can start just after the callback has looked
  /// for a timer to cancel, and then sleeps on.
  func test_withTimeout_whenTheReaderCallsBackFromAnotherThread_noTimerIsLeft()
    async throws
  {
    let callbacks = PromptCallbackThread()
    defer { callbacks.stop() }
    let rounds = ThreadSanitizer.isRunning ? 50 : 300
    for round in 1...rounds {
      let released = OneShotSignal<Void>()
      let returned = OneShotSignal<Void>()
      var clock: WatchedClock? = WatchedClock(marker: TaskMarker(released: released))
      let manual = clock!.manual
      let barcode = try await readBarcodeOnce(
        with: callbacks.reader(result: .success(first), returned: returned),
        timeout: timeout,
        clock: clock!
      )
      clock = nil
      await returned.wait()  // the callback that won has returned: no timer may sleep on now
      XCTAssertEqual(barcode, first, "it did not return the barcode the reader called back with")
      await waitForEveryTimerToEnd(released, orASleeperOn: manual)
      guard manual.sleeperCount == 0 else {
        return XCTFail(
          "in round \(round) of \(rounds), the reader called back from another thread just as "
            + "readBarcode returned, and once that callback had returned a timer still slept on "
            + "the clock; expected none"
        )
      }
    }
  }

  func test_withTimeout_whenTheTimerAndACallbackMeet_onlyOneResumes() async throws {
    // The timer's guard and the callback's must be one guard of one step: a timer that checks
    // the flag, then sets it, lets a callback that comes in between resume too. Many reads wait
    // at once, each with a timeout a nanosecond longer than the last; the clock wakes their
    // timers one by one, and each timer, once its task runs again, meets the thread that calls
    // that read back, one a little later each time (lags cycle through -16...16 spins). A double
    // resume crashes in the batch that did it.
    let batch = ThreadSanitizer.isRunning ? 100 : 500
    let budget = ContinuousClock.now.advanced(by: .seconds(4))
    var reads = 0
    while reads == 0 || (reads < 4 * batch && ContinuousClock.now < budget) {
      let callbacks = LockstepReads(reads: batch)
      let clock = WatchedClock(woke: { callbacks.timerWoke() })
      let (first, timeouts) = (first, (0..<batch).map { timeout + .nanoseconds($0) })
      let failure = try await withThrowingTaskGroup(of: String?.self) { group -> String? in
        for (index, timeout) in timeouts.enumerated() {
          group.addTask {
            defer { callbacks.readEnded() }
            do {
              let barcode = try await readBarcodeOnce(
                with: callbacks.reader(index),
                timeout: timeout,
                clock: clock
              )
              guard barcode == first else { return "a read returned \(barcode)" }
              let cancels = callbacks.cancels(of: index)
              return cancels == 0
                ? nil
                : "a read returned the reader's barcode, yet cancelRead() was called \(cancels) "
                  + "time(s); expected none"
            } catch let error as BarcodeReadTimeout {
              guard error == BarcodeReadTimeout(after: timeout) else { return "it threw \(error)" }
              // Its timer won, though the reader called back at the same moment: the call ends
              // without the reader's result, so it stops the read.
              let cancels = callbacks.cancels(of: index)
              return cancels == 1
                ? nil
                : "a read ended with its timeout as the reader called back, and cancelRead() was "
                  + "called \(cancels) time(s) before it threw; expected once"
            }
          }
        }
        guard await callbacks.waitUntilAllAsked() else {
          for try await _ in group {}  // a stub's NotImplemented
          return "a read ended without asking the reader"
        }
        await clock.manual.waitForSleepers(count: batch)  // every read's timer
        let start = clock.now
        guard clock.manual.sleeperDeadlines == timeouts.map({ start.advanced(by: $0) }) else {
          callbacks.callBackEach(with: .success(first))  // ends the reads, rather than hang
          return "the timers do not sleep for the timeouts they were given"
        }
        await callbacks.callBackAsEachTimerWakes(
          with: .success(first),
          clock: clock,
          firstDeadline: start.advanced(by: timeout)
        )
        for try await problem in group {
          if let problem { return problem }
        }
        return nil
      }
      if let failure { return XCTFail(failure) }
      reads += batch
    }
  }

  private func assertThrowsTimeout(
    _ reading: Task<Barcode, any Error>,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async {
    do {
      let barcode = try await reading.value
      XCTFail("the timeout came first, but it returned \(barcode)", file: file, line: line)
    } catch {
      XCTAssertEqual(
        error as? BarcodeReadTimeout,
        BarcodeReadTimeout(after: timeout),
        file: file,
        line: line
      )
    }
  }

  /// The grade: 550 generated reads (timeouts zero or less, from 1 attosecond to an hour, whole
  /// nanoseconds or not, and from a day to just under 2^61 s; values with NUL or other control or
  /// invisible characters, GS1 separators, a "]" first; reasons with any words, "cancelled",
  /// "busy" and "timed out" too; no callback, one or two, with a barcode or an error,
  /// inside readBarcode, while the timer waits or after the timeout; readers that answer a
  /// cancelRead() from inside it or not at all; the caller's task cancelled while the timer
  /// waits, while readBarcode runs, or before the call), on a manual clock, each compared with
  /// what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      barcodeScenarios(count: 300, seed: 13),
      model: barcodeModel,
      answer: barcodeAnswer
    )
  }

  /// The caller's task is cancelled on one thread while the reader calls back on another, round
  /// after round, the two a few nanoseconds apart either way: the call must end once, with the
  /// barcode or a CancellationError (the statement leaves which free).
  func test_yourAnswer_survivesACancelAndACallbackAtOnce() async throws {
    try await assertEachRoundSurvivesACancelAndAnAnswer(
      rounds: ThreadSanitizer.isRunning ? 60 : huntRounds(graded: 600, reference: 100),
      lagSpan: 32,
      expected: first,
      words: CancelAndAnswerWords(
        callAsks: "readBarcodeOnce to call readBarcode",
        collaboratorAnswers: "the reader calls back with a barcode",
        collaboratorAnswered: "the reader called back with \(first)",
        call: "read",
        theValue: "that barcode",
        endedWithoutAsking: "readBarcodeOnce ended without calling readBarcode"
      )
    ) { [timeout, first] in
      let reader = ControlledReader()
      let read = Task(executorPreference: reader.watch) {
        defer { reader.readEnded() }
        return try await readBarcodeOnce(with: reader, timeout: timeout, clock: ManualClock())
      }
      return CancelAndAnswerRound(
        call: read,
        waitUntilAsked: { await reader.waitUntilAskedOrReadEnded() },
        answer: { reader.callBack(with: .success(first)) },
        afterwards: { ended in
          // The reader's result ends the read; a CancellationError stops it first.
          let (cancels, late) = (reader.cancels, reader.cancelledAfterTheEnd)
          if case .success = ended {
            return cancels == 0
              ? nil
              : "it returned the barcode, yet cancelRead() was called \(cancels) time(s); "
                + "expected none: that read had answered"
          }
          return cancels == 1 && !late
            ? nil
            : "it threw CancellationError with cancelRead() called \(cancels) time(s)"
              + (late ? ", after the call had its result" : "")
              + "; expected once, before it threw"
        }
      )
    }
  }
}
