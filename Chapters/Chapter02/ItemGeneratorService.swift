// 2.1: the service turns the generator's handler calls into an AsyncStream. The build closure
// captures the continuation and hands it to the generator: a push stream.

final class ItemGeneratorService: Sendable {
  static let interval = Duration.seconds(2)  // the seed's pacing between events

  private let clock: any Clock<Duration>
  private let count: Int

  init(clock: any Clock<Duration>, count: Int = 2) {
    self.clock = clock
    self.count = count
  }

  // snippet.generate-events
  func generateEvents() -> AsyncStream<Int> {
    AsyncStream { continuation in
      let generator = ItemGenerator(
        items: Array(0..<count),
        interval: Self.interval,
        clock: clock,
        handler: { continuation.yield($0) },  // push: the producer decides when
        onFinish: { continuation.finish() }  // without this, the consumer's loop never ends
      )
      // The consumer went away (cancelled, or the stream was dropped): stop producing.
      continuation.onTermination = { _ in generator.stop() }
      generator.start()
    }
  }
  // snippet.end
}
