import ExerciseSupport

/// Exercise 1.3: make a one-shot wrapper safe against a callback that fires twice (section 1.4).
///
/// `BarcodeReading.readBarcode(completion:)` sometimes calls its completion twice, possibly
/// from two threads at the same moment. Return (or throw) the first result and ignore the
/// rest, without ever resuming a continuation twice.
/// Read docs/Chapter01-Continuations.md#exercise-13-a-callback-that-fires-twice
public func readBarcodeOnce(with reader: some BarcodeReading) async throws -> Barcode {
  // TODO(1.3): let only the first callback resume the continuation, safely across threads.
  throw NotImplemented("1.3")
}
