// 2.7 Buffering policies.
// Read with docs/Chapter02-UnfoldingVsPush.md#27-buffering-policies
import LessonSupport

func runBufferingPolicies(_ context: LessonContext) async throws {
  let console = context.console
  console.print("A producer yields 1, 2, 3 before the consumer reads anything:")
  let policies: [(String, AsyncStream<Int>.Continuation.BufferingPolicy)] = [
    (".unbounded", .unbounded),
    (".bufferingOldest(2)", .bufferingOldest(2)),
    (".bufferingNewest(2)", .bufferingNewest(2)),
    (".bufferingNewest(1)", .bufferingNewest(1)),
  ]
  for (name, policy) in policies {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
    let results = [1, 2, 3].map { describe(continuation.yield($0)) }
    continuation.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    let padded = name.padding(toLength: 20, withPad: " ", startingAt: 0)
    console.print(
      "  \(padded) yields: \(results.joined(separator: ", ")); consumer gets \(list(received))"
    )
  }

  let (_, finished) = AsyncStream.makeStream(of: Int.self)
  finished.finish()
  console.print("  after finish():      yield(4) -> \(describe(finished.yield(4)))")
  console.print(
    """
    bufferingOldest keeps what came first and drops the newcomer; bufferingNewest evicts the
    oldest to make room. A consumer that only wants the latest value wants .bufferingNewest(1).
    """
  )
}

// snippet.yield-results
private func describe(_ result: AsyncStream<Int>.Continuation.YieldResult) -> String {
  switch result {
  case .enqueued(let remaining): remaining == .max ? "enqueued" : "enqueued (\(remaining) left)"
  case .dropped(let value): "dropped \(value)"
  case .terminated: "terminated"
  @unknown default: "unknown"
  }
}
// snippet.end
