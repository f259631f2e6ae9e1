// Exercise 1c's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import TestTooling

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

/// Runs `scenario` on the answer's `readBarcodeOnce`, with a manual clock the test moves.
func barcodeAnswer(_ scenario: BarcodeScenario) async throws -> BarcodeOutcome {
  let clock = ManualClock()
  // The callbacks inside readBarcode come first, whatever their place in the list.
  let inside = scenario.callbacks.filter { $0.moment == .insideReadBarcode }
  let reader = DrivenReader(
    inside: inside,
    answersACancel: scenario.answersACancel,
    cancelsTheCaller: scenario.cancelledInsideReadBarcode
  )
  let endedAt = Locked<Duration?>(nil)  // the clock's time when the call returned or threw
  let read = Task(executorPreference: reader.watch) {
    defer {
      reader.callEnded()
      endedAt.withLock { $0 = clock.now.offset }
    }
    if scenario.cancelledBeforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
    return try await readBarcodeOnce(with: reader, timeout: scenario.timeout, clock: clock)
  }
  // The timer waits exactly the timeout from the call (the clock stands at zero then), and a
  // timeout of zero or less not at all.
  var timerWaitedOtherwise: String?
  func checkTheTimer(_ deadline: ManualClock.Instant) {
    let expected = max(scenario.timeout, .zero)
    guard deadline.offset != expected, timerWaitedOtherwise == nil else { return }
    timerWaitedOtherwise =
      "the timer waited until \(spelled(deadline.offset)) after the call, not the timeout's "
      + spelled(expected)
  }
  var cancelledAt: Duration? =
    scenario.cancelledBeforeTheCall || scenario.cancelledInsideReadBarcode ? .zero : nil
  let ended = Task {
    _ = await read.result; reader.asked.fire(false)
  }
  _ = await reader.asked.wait()
  var timerLeftWaiting = false
  var timedOut = false
  if scenario.callerCancelled {
    await clock.waitForASleeper(orTheEndOf: read)
    let timerWaited = clock.sleeperCount > 0
    cancelledAt = clock.now.offset
    read.cancel()  // a sleep's cancellation handler takes it off the clock before this returns
    if timerWaited, clock.sleeperCount == 0 {
      // Nothing but the reader can end the call now: call back, so that the run ends.
      reader.callBack(BarcodeScenario.Callback(moment: .whileTheTimerWaits, value: nil))
      _ = await read.result
      if case .failure(let error) = await read.result, !(error is CancellationError) {
        return BarcodeOutcome(result: "", timerLeftWaiting: false, waitedOnWithoutATimer: true)
      }
    }
  }
  for callback in scenario.callbacks where callback.moment != .insideReadBarcode {
    await clock.waitForASleeper(orTheEndOf: read)
    if callback.moment == .afterTheTimeout, !timedOut, let deadline = clock.sleeperDeadlines.first {
      checkTheTimer(deadline)
      clock.advance(by: clock.now.duration(to: deadline) + scenario.lateBy)
      timedOut = true
      _ = await read.result
    }
    let timerWaited = clock.sleeperCount > 0
    reader.callBack(callback)
    // The callback that wins cancels the timer before it returns.
    if timerWaited, callback.moment == .whileTheTimerWaits, clock.sleeperCount > 0 {
      timerLeftWaiting = true
    }
  }
  await clock.waitForASleeper(orTheEndOf: read)
  if let deadline = clock.sleeperDeadlines.first {
    checkTheTimer(deadline)
    clock.advance(by: clock.now.duration(to: deadline) + scenario.lateBy)
  }
  _ = await ended.value
  let model = barcodeModel(scenario)
  var readCancels = reader.cancels
  let callerCancelled =
    scenario.callerCancelled || scenario.cancelledBeforeTheCall
    || scenario.cancelledInsideReadBarcode
  let result: String
  switch await read.result {
  case .success(let barcode): result = "returned Barcode \(quotedScalars(barcode.value))"
  case .failure(let error as NotImplemented): throw error
  case .failure(let error as BarcodeReadError):
    result = "threw BarcodeReadError(\(shownReason(error.reason)))"
  case .failure(let error as BarcodeReadTimeout):
    result = "threw BarcodeReadTimeout(after: \(spelled(error.timeout)))"
  case .failure(is CancellationError)
  where callerCancelled && endedAt.withLock({ $0 }) == cancelledAt:
    // Left free: a cancelled caller gets what it would have got, or CancellationError at once,
    // having stopped the read it started (as a timeout does), if it started one.
    let started = reader.reads > 0
    if readCancels == (started ? 1 : 0) {
      result = model.result
      readCancels = model.readCancels
    } else if started {
      result = "threw CancellationError at once"
    } else {
      result =
        "threw CancellationError at once with no read started, yet called cancelRead() "
        + "\(readCancels) time(s)"
      readCancels = model.readCancels
    }
  case .failure(is CancellationError) where callerCancelled:
    let at = endedAt.withLock { $0 }.map(spelled) ?? "?"
    result =
      "threw CancellationError at \(at), not at once (its task was cancelled at "
      + "\(cancelledAt.map(spelled) ?? "?"))"
  case .failure(let error): result = "threw \(error)"
  }
  return BarcodeOutcome(
    result: result,
    timerLeftWaiting: timerLeftWaiting,
    timerWaitedOtherwise: timerWaitedOtherwise,
    reads: reader.reads,
    readCancels: readCancels,
    cancelledAfterTheEnd: reader.cancelledAfterTheEnd
  )
}
