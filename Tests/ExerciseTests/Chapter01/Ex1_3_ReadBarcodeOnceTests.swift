import ExerciseSupport
import LessonSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 1.3: first callback or timeout

final class Ex1_3_ReadBarcodeOnceTests: GradedTestCase {
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
      let callbacks = LockstepDoubleCallbacks(
        reads: batch,
        first: .success(first),
        second: .success(second)
      )
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
        together += await callbacks.callBackTwiceInStep()
        for try await barcode in group {
          XCTAssertTrue([first, second].contains(barcode), "returned \(barcode)")
        }
      }
      batches += 1
    }
  }

  /// Starts a read in a task of its own, so the test can move the clock while it waits.
  private func startReading(
    with reader: ControlledReader,
    timeout: Duration? = nil
  ) -> Task<Barcode, any Error> {
    let (timeout, clock) = (timeout ?? self.timeout, self.clock)
    return Task {
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

  private func assertTimesOut(after timeout: Duration) async throws {
    let reader = ControlledReader()
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
    // Every task the read starts holds the marker until it ends.
    let released = OneShotSignal<Void>()
    var marker: TaskMarker? = TaskMarker(released: released)
    let barcode = try await TaskMarker.$current.withValue(marker) {
      try await read(with: ImmediateReader(result: .success(first)))
    }
    marker = nil
    XCTAssertEqual(
      barcode,
      first,
      "it did not return the barcode of a reader that called back at once"
    )
    // Once the read has returned, a timer that was cancelled never sleeps again: wait until every
    // task the read started has ended, or until one of them sleeps on the clock.
    let either = OneShotSignal<Void>()
    Task {
      await released.wait()
      either.fire(())
    }
    Task { [clock] in
      await clock.waitForSleepers(count: 1)
      either.fire(())
    }
    await either.wait()
    XCTAssertEqual(
      clock.sleeperCount,
      0,
      "the reader called back before readBarcode returned, yet a timer still sleeps on the clock; "
        + "expected none"
    )
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
}
