/// A clock whose time runs faster (or slower) than real time, for `--fast` runs.
///
/// A lesson written as `try await clock.sleep(for: .seconds(2))` waits 2 s on a `ContinuousClock`
/// and 2 ms on `ScaledClock(speedup: 1000)`: the code is the same, only the pacing changes.
///
/// ```swift
/// let clock = ScaledClock(speedup: 1000)
/// try await clock.sleep(for: .seconds(2))  // about 2 ms of real time
/// ```
public struct ScaledClock: Clock {
  /// A point in this clock's (virtual) time.
  public struct Instant: InstantProtocol {
    /// Virtual time since the clock was created.
    public var offset: Duration

    /// Creates an instant at `offset` from the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The virtual time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// How many virtual seconds pass per real second.
  public let speedup: Double
  private let base = ContinuousClock()
  private let origin: ContinuousClock.Instant

  /// Creates a clock that runs `speedup` times faster than real time.
  ///
  /// - Parameter speedup: a positive factor; 1 is real time, 1000 turns seconds into milliseconds.
  public init(speedup: Double) {
    precondition(speedup > 0, "speedup must be positive")
    self.speedup = speedup
    self.origin = base.now
  }

  /// The current virtual time.
  public var now: Instant {
    Instant(offset: origin.duration(to: base.now) * speedup)
  }

  /// The finest step this clock can measure, in virtual time.
  public var minimumResolution: Duration {
    base.minimumResolution * speedup
  }

  /// Suspends until `deadline` in virtual time; throws `CancellationError` if cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let remaining = now.duration(to: deadline)
    guard remaining > .zero else { return }
    try await base.sleep(for: remaining / speedup)
  }
}
