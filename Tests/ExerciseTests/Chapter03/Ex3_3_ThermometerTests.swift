import ExerciseSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 3.3: a thermometer that lets go

final class Ex3_3_ThermometerTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()

  private func assertReadingTaskStopped(_ why: String) {
    XCTAssertEqual(clock.sleeperCount, 0, "the reading task still waits for its next read: \(why)")
  }

  private func assertFinishedNormally(
    _ ending: Result<[Double], any Error>,
    after expected: [Double],
    _ message: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    switch ending {
    case .success(let readings):
      XCTAssertEqual(readings, expected, message, file: file, line: line)
    case .failure(let error):
      XCTFail("\(message); it threw \(error)", file: file, line: line)
    }
  }

  func test_aFailingSource_endsTheStreamWithItsError() async throws {
    let thermometer = Thermometer(
      source: ScriptedTemperatureSource(failingRead: 2),
      every: interval,
      clock: clock
    )
    let reader = StreamReader(thermometer.readings())
    _ = try await reader.waitFor(count: 1)
    await clock.waitForSleepers(count: 1)
    clock.advance(by: interval)
    switch await reader.end() {
    case .success(let readings):
      XCTFail(
        "the second read failed, so the stream must throw its error (it ended after \(readings))"
      )
    case .failure(let error):
      XCTAssertEqual(
        error as? SensorFailure,
        SensorFailure(),
        "finish(throwing:) the source's error (the stream threw \(error))"
      )
    }
    XCTAssertEqual(reader.elements, [20.0])
    withExtendedLifetime(thermometer) {}
  }

  func test_readingsComeAtOnce_thenEveryInterval() async throws {
    let thermometer = Thermometer(
      source: ScriptedTemperatureSource(),
      every: interval,
      clock: clock
    )
    let reader = StreamReader(thermometer.readings())
    let first = try await reader.waitFor(count: 1)
    XCTAssertEqual(first, [20.0], "the first reading comes at once, before any wait")
    for count in 2...3 {
      await clock.waitForSleepers(count: 1)
      XCTAssertEqual(clock.sleeperDeadlines, [clock.now.advanced(by: interval)])
      clock.advance(by: interval)
      _ = try await reader.waitFor(count: count)
    }
    XCTAssertEqual(reader.elements, [20.0, 20.5, 21.0], "then one reading every interval")
    withExtendedLifetime(thermometer) {}
  }

  func test_theConsumerGoesAway_theReadingTaskStops() async throws {
    let thermometer = Thermometer(
      source: ScriptedTemperatureSource(),
      every: interval,
      clock: clock
    )
    let reader = StreamReader(thermometer.readings())
    _ = try await reader.waitFor(count: 1)
    await clock.waitForSleepers(count: 1)
    reader.cancel()
    _ = await reader.end()
    assertReadingTaskStopped("when the consumer goes away, onTermination must cancel it")
    withExtendedLifetime(thermometer) {}
  }

  func test_theOwnerLetsGo_whileTheConsumerWaits_theThermometerIsFreed_andTheStreamEnds()
    async throws
  {
    var thermometer: Thermometer? = Thermometer(
      source: ScriptedTemperatureSource(),
      every: interval,
      clock: clock
    )
    weak let probe = thermometer
    let reader = StreamReader(try XCTUnwrap(thermometer).readings())
    for count in 1...2 {
      _ = try await reader.waitFor(count: count)
      await clock.waitForSleepers(count: 1)
      if count == 1 { clock.advance(by: interval) }
    }
    thermometer = nil  // the consumer still waits for the next reading
    guard probe == nil else {
      XCTFail(
        "the owner let go of the thermometer, yet something still holds it: a task or an "
          + "onTermination closure that captured self"
      )
      reader.cancel()  // so that this test ends
      return
    }
    guard clock.sleeperCount == 0 else {
      XCTFail(
        "the reading task still waits for its next read: "
          + "a thermometer that is freed must stop its task"
      )
      reader.cancel()  // so that this test ends
      return
    }
    assertFinishedNormally(
      await reader.end(),
      after: [20.0, 20.5],
      "when the thermometer is freed, its stream finishes (with no error), so the consumer's "
        + "loop ends"
    )
  }

  func test_theOwnerLetsGo_whileTheSourceIsRead_theThermometerIsFreed() async throws {
    let source = ScriptedTemperatureSource(heldRead: 2)
    var thermometer: Thermometer? = Thermometer(source: source, every: interval, clock: clock)
    weak let probe = thermometer
    let reader = StreamReader(try XCTUnwrap(thermometer).readings())
    _ = try await reader.waitFor(count: 1)
    await clock.waitForSleepers(count: 1)
    clock.advance(by: interval)
    await source.waitUntilTheHeldReadWaits()
    thermometer = nil  // while the task waits inside the source's read
    XCTAssertNil(
      probe,
      "the owner let go while the task was inside a read, and the thermometer was not freed: "
        + "the task held self for that read (self?.method() holds self until it returns)"
    )
    source.releaseHeldRead()
    reader.cancel()  // whether the stream then ends is the test above's concern
    _ = await reader.end()
  }
}
