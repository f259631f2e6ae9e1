import ExerciseSupport

/// One relay at a time, in the order they were made.
private actor RelayGate {
  static let shared = RelayGate()
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    if !busy {
      busy = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
  }
}

/// Known wrong: relays take turns.
///
/// Every relay in the process takes its turn through one shared gate: a producer asks its upstream
/// only once every relay made before it has ended. The learner's reason: "an upstream is a serial
/// port, a file, a socket: two relays must not read at once, so relays run one at a time".
public func relayEvents(
  from upstream: some AsyncSequence<Int, any Error> & Sendable,
  make: @escaping @Sendable (Int) throws -> String
) -> (events: AsyncThrowingStream<String, any Error>, producer: Task<Void, Never>) {
  let (events, continuation) = AsyncThrowingStream.makeStream(of: String.self)
  let producer = Task {
    await RelayGate.shared.enter()
    do {
      for try await number in upstream {
        try Task.checkCancellation()
        continuation.yield(try make(number))
      }
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
    await RelayGate.shared.leave()
  }
  continuation.onTermination = { _ in producer.cancel() }
  return (events, producer)
}
