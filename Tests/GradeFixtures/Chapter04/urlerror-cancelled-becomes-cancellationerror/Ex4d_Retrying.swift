import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Known wrong: urlerror cancelled becomes cancellationerror.
///
/// A URLError(.cancelled) the operation throws as it is comes out as CancellationError.
/// The learner's reason: "URLSession reports a cancel as URLError(.cancelled), but Swift's
/// convention is that a cancelled async call throws CancellationError; callers check for that".
public func retrying<T: Sendable>(
  within budget: Duration,
  firstDelay: Duration,
  clock: some Clock<Duration>,
  _ operation: @Sendable () async throws -> T
) async throws -> T {
  let deadline = clock.now.advanced(by: budget)
  var wait = firstDelay
  while true {
    do {
      return try await operation()
    } catch let error as FetchError where mayPassNextTime(error) {
      guard clock.now.advanced(by: wait) <= deadline else { throw error }
      try await clock.sleep(for: wait)
      wait *= 2
    } catch let error as URLError where error.code == .cancelled {
      // A cancel, as Swift spells it.
      throw CancellationError()
    }
  }
}

private func mayPassNextTime(_ error: FetchError) -> Bool {
  switch error {
  case .status(let code, _):
    code == 408 || code == 429 || (500...599 ~= code && code != 501 && code != 505)
  case .transport(let code):
    [.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet]
      .contains(code)
  case .decoding: false
  }
}
