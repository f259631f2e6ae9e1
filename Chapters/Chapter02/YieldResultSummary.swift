// Chapter-wide (2.1 and 2.4): what a push stream's yield reports, in a few words.

// snippet.yield-results
extension AsyncStream.Continuation.YieldResult {
  /// What `yield` did with the value: kept it, dropped one to make room, or found the end.
  var summary: String {
    switch self {
    case .enqueued(let remaining): remaining == .max ? "enqueued" : "enqueued (\(remaining) left)"
    case .dropped(let value): "dropped \(value)"
    case .terminated: "terminated"
    @unknown default: "unknown"
    }
  }
}
// snippet.end
