import ExerciseSupport

/// Known wrong: raw decodingerror made a fetcherror.
///
/// A Swift DecodingError the operation throws as it is (it decoded with JSONDecoder
/// itself) is thrown as FetchError.decoding(path:), its coding path joined with dots. The learner's
/// reason: "retrying speaks FetchError, like the rest of the chapter; a decoding error is never
/// retried, so throw it in the chapter's own form".
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
    } catch let error as DecodingError {
      throw FetchError.decoding(path: path(of: error))
    }
  }
}

private func path(of error: DecodingError) -> String {
  let context: DecodingError.Context
  var keys: [any CodingKey] = []
  switch error {
  case .keyNotFound(let key, let c): (context, keys) = (c, [key])
  case .valueNotFound(_, let c), .typeMismatch(_, let c), .dataCorrupted(let c): context = c
  @unknown default: return ""
  }
  return (context.codingPath + keys).map(\.stringValue).joined(separator: ".")
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
