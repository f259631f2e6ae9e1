// Seed 000's ItemGeneratorService: what it needs to make the stream. The stream itself,
// generateEvents(), is the lesson of 2.1: 01-PushStreams.swift.

/// Gives access to an item generator's events through an `AsyncStream`.
final class ItemGeneratorService: Sendable {
  static let interval = Duration.seconds(2)  // the seed's pacing between events

  let clock: any Clock<Duration>
  /// How many events each stream carries (0, 1, ...).
  let count: Int
  /// Told why each stream ended: `.finished` or `.cancelled` (2.3 prints it).
  let didTerminate: @Sendable (AsyncStream<Int>.Continuation.Termination) -> Void

  init(
    clock: any Clock<Duration>,
    count: Int = 1,
    didTerminate: @escaping @Sendable (AsyncStream<Int>.Continuation.Termination) -> Void = { _ in }
  ) {
    self.clock = clock
    self.count = count
    self.didTerminate = didTerminate
  }
}
