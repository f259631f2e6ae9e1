// Seed 000's ItemGeneratorService: what it needs to make the stream. The stream itself,
// generateEvents(), is the lesson of 2.1: 01-PushStreams.swift.

/// Gives access to an item generator's events through an `AsyncStream`.
final class ItemGeneratorService: Sendable {
  static let interval = Duration.seconds(2)  // the seed's pacing between events

  let clock: any Clock<Duration>
  /// How many events each stream carries (0, 1, ...).
  let count: Int

  init(clock: any Clock<Duration>, count: Int = 1) {
    self.clock = clock
    self.count = count
  }
}
