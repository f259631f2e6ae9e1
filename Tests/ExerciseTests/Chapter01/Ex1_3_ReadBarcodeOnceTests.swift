import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 1.3: a callback that fires twice

final class Ex1_3_ReadBarcodeOnceTests: GradedTestCase {
  private let first = Barcode(value: "4006381333931")
  private let second = Barcode(value: "9780201633610")

  func test_twoCallbacksInARow_returnTheFirst() async throws {
    let reader = DoubleFiringReader(
      first: .success(first),
      second: .success(second),
      timing: .oneAfterTheOther
    )
    let barcode = try await readBarcodeOnce(with: reader)
    await reader.callbacksReturned()
    XCTAssertEqual(barcode, first, "the first callback wins; later ones are ignored")
  }

  func test_aFailureFirst_isThrown() async throws {
    let failure = BarcodeReadError(reason: "blurred")
    let reader = DoubleFiringReader(
      first: .failure(failure),
      second: .success(second),
      timing: .oneAfterTheOther
    )
    do {
      let barcode = try await readBarcodeOnce(with: reader)
      XCTFail("the first callback was a failure and must be thrown, but returned \(barcode)")
    } catch {
      await reader.callbacksReturned()
      try rethrowIfNotImplemented(error)
      XCTAssertEqual(
        error as? BarcodeReadError,
        failure,
        "the first callback's error must be thrown (it threw \(error))"
      )
    }
  }

  func test_aReaderThatCallsBackOnce_returnsItsResult() async throws {
    let barcode = try await readBarcodeOnce(with: SingleCallbackReader(result: .success(first)))
    XCTAssertEqual(barcode, first, "most readers call back once: the first call must resume")
  }

  func test_twoCallbacksAtOnceFromTwoThreads_resumeExactlyOnce() async throws {
    // A guard that is not one step lets both callbacks through when they meet in its gap. The
    // rounds sweep one thread's lag from 0 to ten thousand spins, either way, so some round lands
    // in the gap whatever its width. Each round waits for both callbacks, so a double resume
    // crashes in the round that did it. Under the sanitizer the callbacks take turns instead.
    for round in 0..<1000 {
      let step = round % 100
      let lag = (round / 100).isMultiple(of: 2) ? step * step : -step * step
      let reader = DoubleFiringReader(
        first: .success(first),
        second: .success(second),
        timing: ThreadSanitizer.isRunning ? .takingTurns : .together(lag: lag)
      )
      let barcode = try await readBarcodeOnce(with: reader)
      await reader.callbacksReturned()
      XCTAssertTrue([first, second].contains(barcode), "returned \(barcode)")
    }
  }
}
