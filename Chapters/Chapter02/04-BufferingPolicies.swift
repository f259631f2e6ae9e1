// 2.4 Buffering policies.
// Read with docs/Chapter02-UnfoldingVsPush.md#24-buffering-policies
import LessonSupport

func runBufferingPolicies(_ context: LessonContext) async throws {
  let console = context.console
  console.print("A producer yields 1, 2, 3 before the consumer reads anything:")
  let policies: [(String, AsyncStream<Int>.Continuation.BufferingPolicy)] = [
    (".unbounded", .unbounded),
    (".bufferingOldest(2)", .bufferingOldest(2)),
    (".bufferingNewest(2)", .bufferingNewest(2)),
    (".bufferingOldest(1)", .bufferingOldest(1)),
  ]
  for (name, policy) in policies {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
    let results = [1, 2, 3].map { continuation.yield($0).summary }
    continuation.finish()
    var received: [Int] = []
    for await value in stream { received.append(value) }
    let padded = name.padding(toLength: 20, withPad: " ", startingAt: 0)
    console.print(
      "  \(padded) yields: \(results.joined(separator: ", ")); consumer gets \(commaSeparated(received))"
    )
  }

  let (_, finished) = AsyncStream.makeStream(of: Int.self)
  finished.finish()
  console.print("  after finish():      yield(4) -> \(finished.yield(4).summary)")
  console.print(
    """
    bufferingOldest keeps what came first and drops the newcomer; bufferingNewest evicts the
    oldest to make room. A log that must keep the first errors of a burst, the cause and not its
    echoes, wants bufferingOldest.
    """
  )
}
