import ExerciseSupport
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
      second: .success(second),
      timing: .oneAfterTheOther
    )
    let barcode = try await read(with: reader)
    await reader.callbacksReturned()
    XCTAssertEqual(barcode, first, "it did not return the first callback's barcode")
  }

  func test_aFailureFirst_isThrown() async throws {
    let failure = BarcodeReadError(reason: "blurred")
    let reader = DoubleFiringReader(
      first: .failure(failure),
      second: .success(second),
      timing: .oneAfterTheOther
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
    // A guard that is not one step lets both callbacks through when they meet in its gap. The
    // rounds cycle one thread's lag through -100...100 spins; when the two calls really run at
    // the same time, a check and a set in two `withLock`s are caught in one round in 20 to 60
    // (a wider gap more often). A round in which one call ran after the other (a busy machine)
    // proves nothing, so only the others count: a thousand leave no luck, and a machine too busy
    // to give them is said to be, not graded. A double resume crashes in the round that did it.
    // Under the sanitizer the callbacks take turns instead.
    let (wanted, most) = ThreadSanitizer.isRunning ? (0, 1000) : (1000, 2000)
    var (rounds, together) = (0, 0)
    while rounds < most && (together < wanted || ThreadSanitizer.isRunning) {
      let reader = DoubleFiringReader(
        first: .success(first),
        second: .success(second),
        timing: ThreadSanitizer.isRunning ? .takingTurns : .together(lag: rounds % 201 - 100)
      )
      let barcode = try await read(with: reader)
      await reader.callbacksReturned()
      XCTAssertTrue([first, second].contains(barcode), "returned \(barcode)")
      if reader.callsOverlapped { together += 1 }
      rounds += 1
    }
    XCTAssertGreaterThanOrEqual(
      together,
      wanted,
      "the two callbacks ran at the same time in only \(together) of \(rounds) rounds: the "
        + "machine was too busy for this test to judge a race; run Grade again when it is quieter"
    )
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
    let reader = ControlledReader()
    let reading = startReading(with: reader)
    try await waitUntilAsked(reader, by: reading)
    await clock.waitForSleepers(count: 1)
    reader.callBack(with: .success(first))
    let barcode = try await reading.value
    XCTAssertEqual(barcode, first)
    XCTAssertEqual(
      clock.sleeperCount,
      0,
      "the reader answered, yet a timer still sleeps on the clock; expected none"
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
