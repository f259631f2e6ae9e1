// The callback-based API of exercise 1c: a barcode reader with a known bug.
// Learners wrap it; they do not change it.

/// A decoded barcode.
public struct Barcode: Sendable, Equatable {
  /// The digits or text the barcode encodes.
  public let value: String

  /// Creates a barcode with `value`.
  public init(value: String) {
    self.value = value
  }
}

/// Why a read failed.
public struct BarcodeReadError: Error, Equatable {
  /// A short reason, such as "blurred".
  public let reason: String

  /// Creates an error with a reason.
  public init(reason: String) {
    self.reason = reason
  }
}

/// The error `readBarcodeOnce(with:timeout:clock:)` throws when no callback came in time.
public struct BarcodeReadTimeout: Error, Equatable {
  /// How long the read was given.
  public let timeout: Duration

  /// Creates the error for a read that was given `timeout`.
  public init(after timeout: Duration) {
    self.timeout = timeout
  }
}

/// A barcode reader whose completion handler may be called more than once, and whose read can
/// be stopped.
public protocol BarcodeReading: Sendable {
  /// Starts reading one barcode, and calls `completion` with the result.
  ///
  /// Known bug: some readers call `completion` twice, sometimes from two threads at the same
  /// moment, and some never call it. Only the first call counts.
  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void)

  /// Stops the read `readBarcode` started.
  ///
  /// The reader may answer the read it stops with `BarcodeReadError(reason: "cancelled")`: at
  /// once, on the calling thread, before `cancelRead()` returns; later, from another thread; or
  /// not at all.
  func cancelRead()
}
