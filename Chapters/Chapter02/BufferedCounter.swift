// 2.4: seed 001's first workaround. The counter appends every new value to a FIFO buffer, and
// an `unfolding` stream polls that buffer.
import Observation

@MainActor
final class BufferedCounter {
  var value = 0 {
    didSet { buffer.append(value) }
  }
  private var buffer: [Int] = []
  /// How often a poll found the buffer empty and went back to sleep.
  private(set) var emptyPolls = 0

  // snippet.fifo-polling
  /// Every change, in order, once.
  ///
  /// The cost: while nothing changes, it wakes up every `pollInterval` to look.
  func values(pollInterval: Duration, clock: any Clock<Duration>) -> AsyncStream<Int> {
    AsyncStream(unfolding: { @MainActor in
      while true {
        if !self.buffer.isEmpty {
          return self.buffer.removeFirst()
        }
        self.emptyPolls += 1
        do {
          try await clock.sleep(for: pollInterval)
        } catch {
          return nil  // cancelled: end the stream (the seed swallowed this error)
        }
      }
    })
  }
  // snippet.end

  // snippet.fifo-polling-seed
  /// The seed's loop, which drops the sleep's error with `try?`.
  ///
  /// Once the consumer is cancelled every sleep throws at once, so the loop spins. The seed's
  /// loop ends only when a value arrives; this copy also stops at `maxPolls`, so the demo ends.
  func valuesDroppingCancellation(
    pollInterval: Duration,
    clock: any Clock<Duration>,
    maxPolls: Int,
    onCancel: @escaping @Sendable () -> Void
  ) -> AsyncStream<Int> {
    AsyncStream(
      unfolding: { @MainActor in
        while self.emptyPolls < maxPolls {
          if !self.buffer.isEmpty {
            return self.buffer.removeFirst()
          }
          self.emptyPolls += 1
          try? await clock.sleep(for: pollInterval)
        }
        return nil
      },
      // Runs when the consumer's task is cancelled during a pull; it cannot stop the closure.
      onCancel: onCancel
    )
  }
  // snippet.end
}

// snippet.regular-ping
/// Seed 001's "constant regular ping": each pull subscribes, takes the current value, waits,
/// and returns that value.
@MainActor
func counterPings(
  _ counter: ObservedCounter,
  every interval: Duration,
  clock: any Clock<Duration>
) -> AsyncStream<Int> {
  AsyncStream(unfolding: { @MainActor in
    var fresh = Observations { counter.value }.makeAsyncIterator()
    guard let value = await fresh.next() else { return nil }
    do {
      try await clock.sleep(for: interval)  // the seed's "time consuming code"
    } catch {
      return nil
    }
    return value  // as it was when this ping began
  })
}
// snippet.end
