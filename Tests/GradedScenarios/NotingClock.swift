import TestTooling

/// The test's manual clock as an answer sees it: it tells the test what the answer's sleeps ask
/// for, which the manual clock alone cannot show.
///
/// A wait of zero ends at once and is never a sleeper the test can see, so it is noted here
/// (in a cancelled task it throws instead, and is not a wait).
struct NotingClock: Clock {
  let base: ManualClock
  /// Called with a tolerance the answer gives a sleep: leave to wake it late.
  var tolerated: @Sendable (Duration) -> Void = { _ in }
  /// Called with a wait that ends as soon as it starts.
  var endedAtOnce: @Sendable (Duration) -> Void = { _ in }
  /// Called in the answer's task when a wait's sleep has returned.
  var ended: @Sendable () -> Void = {}

  var now: ManualClock.Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: ManualClock.Instant, tolerance: Duration?) async throws {
    if let tolerance, tolerance != .zero { tolerated(tolerance) }
    if deadline <= base.now, !Task.isCancelled { endedAtOnce(base.now.duration(to: deadline)) }
    try await base.sleep(until: deadline, tolerance: tolerance)
    ended()
  }
}
