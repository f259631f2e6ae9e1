@testable import GradedScenarios
import ExerciseSupport
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter03Exercises
#endif

// MARK: - Exercise 3c: a thermometer that lets go

final class Ex3c_ThermometerTests: GradedTestCase {
  private let interval = Duration.seconds(1)
  private let clock = ManualClock()

  private func assertReadingTaskStopped(_ why: String) {
    XCTAssertEqual(
      clock.sleeperCount,
      0,
      "\(why), yet the reading task still waits for its next read; expected it to stop"
    )
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
        "the second read failed, yet the stream ended normally after \(readings); expected it "
          + "to end with the source's error"
      )
    case .failure(let error):
      XCTAssertEqual(
        error as? SensorFailure,
        SensorFailure(),
        "the stream ended with \(error); expected the source's error"
      )
    }
    XCTAssertEqual(reader.elements, [20.0])
    withExtendedLifetime(thermometer) {}
  }

  func test_readingsComeAtOnce_thenEveryInterval_forTwoIntervals() async throws {
    for interval in [Duration.seconds(1), .milliseconds(2500)] {
      let clock = ManualClock()
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
        XCTAssertEqual(
          clock.sleeperDeadlines,
          [clock.now.advanced(by: interval)],
          "the task waits \(clock.sleeperDeadlines.map { $0.offset - clock.now.offset }) "
            + "between reads; expected `every:` (\(interval)), on the clock given"
        )
        clock.advance(by: interval)
        _ = try await reader.waitFor(count: count)
      }
      XCTAssertEqual(reader.elements, [20.0, 20.5, 21.0], "then one reading every interval")
      reader.cancel()
      _ = await reader.end()
      withExtendedLifetime(thermometer) {}
    }
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
    assertReadingTaskStopped("the consumer went away")
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
        "the owner let go of the thermometer while its consumer waited, and "
          + "something still holds it; expected it freed at once"
      )
      reader.cancel()  // so that this test ends
      return
    }
    guard clock.sleeperCount == 0 else {
      XCTFail(
        "the thermometer was freed, yet its reading task still waits for its next read; "
          + "expected the task to stop"
      )
      reader.cancel()  // so that this test ends
      return
    }
    assertFinishedNormally(
      await reader.end(),
      after: [20.0, 20.5],
      "the thermometer was freed; expected its stream to finish with no error"
    )
  }

  /// Starts a thermometer over a source whose second read waits until released, takes the first
  /// reading, and lets go of the thermometer while its task waits inside that second read.
  /// - Returns: the source, the reader of the stream, and the thermometer, weakly held.
  private func ownerLetsGoWhileTheSourceIsRead() async throws -> (
    source: ScriptedTemperatureSource, reader: StreamReader<Double>, thermometer: Weak<Thermometer>
  ) {
    let source = ScriptedTemperatureSource(heldRead: 2)
    var thermometer: Thermometer? = Thermometer(source: source, every: interval, clock: clock)
    let probe = Weak(object: thermometer)
    let reader = StreamReader(try XCTUnwrap(thermometer).readings())
    _ = try await reader.waitFor(count: 1)
    await clock.waitForSleepers(count: 1)
    clock.advance(by: interval)
    await source.waitUntilTheHeldReadWaits()
    thermometer = nil  // while the task waits inside the source's read
    return (source, reader, probe)
  }

  /// Two thermometers alive at once, each with its own clock: letting go of the first ends its
  /// stream and its task, and the second reads on until its owner lets go of it too.
  func test_twoThermometersAtOnce_eachEndsWhenItsOwnOwnerLetsGo() async throws {
    let (firstClock, secondClock) = (ManualClock(), ManualClock())
    var first: Thermometer? = Thermometer(
      source: ScriptedTemperatureSource(),
      every: interval,
      clock: firstClock
    )
    var second: Thermometer? = Thermometer(
      source: ScriptedTemperatureSource(),
      every: interval,
      clock: secondClock
    )
    let firstReader = StreamReader(try XCTUnwrap(first).readings())
    let secondReader = StreamReader(try XCTUnwrap(second).readings())
    _ = try await firstReader.waitFor(count: 1)
    _ = try await secondReader.waitFor(count: 1)
    await firstClock.waitForSleepers(count: 1)
    await secondClock.waitForSleepers(count: 1)
    first = nil  // the second thermometer's owner still holds it
    secondClock.advance(by: interval)
    let secondGot = try await secondReader.waitFor(count: 2)
    guard secondGot == [20.0, 20.5] else {
      firstReader.cancel()
      secondReader.cancel()  // so that this test ends
      return XCTFail(
        "two thermometers at once: the first one's owner let go, and the second one's stream "
          + "gave \(secondGot) once its clock moved one interval; expected it to read on: "
          + "[20.0, 20.5]"
      )
    }
    _ = await firstReader.end()
    XCTAssertEqual(
      firstClock.sleeperCount,
      0,
      "two thermometers at once: the first one's owner let go, yet its reading task still waits"
    )
    second = nil
    _ = await secondReader.end()
    XCTAssertEqual(
      secondClock.sleeperCount,
      0,
      "two thermometers at once: the second one's owner let go too, yet its reading task still "
        + "waits; expected it to stop"
    )
    withExtendedLifetime((first, second)) {}
  }

  func test_theOwnerLetsGo_whileTheSourceIsRead_theThermometerIsFreed() async throws {
    let (source, reader, thermometer) = try await ownerLetsGoWhileTheSourceIsRead()
    XCTAssertNil(
      thermometer.object,
      "the owner let go while the task was inside a read, yet the thermometer was not freed; "
        + "expected it freed at once"
    )
    source.releaseHeldRead()
    reader.cancel()  // whether the stream then ends is the test above's concern
    _ = await reader.end()
  }

  /// The owner lets go while the task waits inside a read that returns only later: the
  /// consumer's loop must end at once, not when the read returns.
  func test_theOwnerLetsGo_whileTheSourceIsRead_theStreamEndsAtOnce() async throws {
    let (source, reader, thermometer) = try await ownerLetsGoWhileTheSourceIsRead()
    // Not freed, or its task told nothing (so nothing would end the stream): the tests above
    // say so, and waiting here for an end that never comes would hide what they say.
    guard thermometer.object == nil, source.heldReadWasCancelled else {
      source.releaseHeldRead()
      reader.cancel()
      _ = await reader.end()
      return
    }
    let ending = await reader.end()  // waits for ever if the stream waits for the read
    source.releaseHeldRead()
    assertFinishedNormally(
      ending,
      after: [20.0],
      "the thermometer was freed while its task waited inside a read; expected its stream to "
        + "finish with no error"
    )
  }

  /// The grade: 552 generated lives (intervals from 1 attosecond to ten billion years, readings
  /// that are not a number, with a sign or a payload too, a source failing at any read, the first
  /// one too, consumers that fall behind or leave after up to 150 readings, or 10,001 to 10,050,
  /// owners that let go while the consumer waits or while a read is under way), each compared with
  /// what the statement says.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      thermometerScenarios(count: 300, seed: 33),
      model: thermometerModel,
      answer: thermometerAnswer,
      explain: explainThermometer
    )
  }
}

/// A reference that does not keep its object alive: `object` is nil once the object is freed.
private struct Weak<Object: AnyObject> {
  weak var object: Object?
}
