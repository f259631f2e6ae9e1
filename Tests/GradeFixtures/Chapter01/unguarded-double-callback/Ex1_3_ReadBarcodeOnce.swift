import ExerciseSupport
import TutorialSupport

/// Known wrong: no guard, so the reader's second callback resumes the continuation again.
public func readBarcodeOnce(with reader: some BarcodeReading) async throws -> Barcode {
  try await withCheckedThrowingContinuation { continuation in
    reader.readBarcode { result in
      continuation.resume(with: result)
    }
  }
}
