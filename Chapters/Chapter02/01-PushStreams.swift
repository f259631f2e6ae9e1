// 2.1 Push streams from a captured continuation.
// Read with docs/Chapter02-UnfoldingVsPush.md#21-push-streams-from-a-captured-continuation
import LessonSupport

// snippet.generate-events
extension ItemGeneratorService {
  /// Seed 000's push stream: the build closure hands the continuation to the generator.
  func generateEvents() -> AsyncStream<Int> {
    AsyncStream { continuation in
      let generator = ItemGenerator(
        items: Array(0..<count),
        interval: Self.interval,
        clock: clock,
        handler: { continuation.yield($0) },  // push: the producer decides when
        onFinish: { continuation.finish() }  // without this, the consumer's loop never ends
      )
      // Runs once: `.finished` inside finish() (values may still wait in the buffer), `.cancelled`
      // when the consumer went away (its task cancelled, or the stream released). Stop producing.
      continuation.onTermination = { reason in
        generator.stop()
        self.didTerminate(reason)  // 2.3 prints it
      }
      generator.start()
    }
  }
}
// snippet.end

func runPushStreams(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    "AsyncStream.makeStream(of:) hands over both ends: the stream and its continuation."
  )
  // snippet.make-stream
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  // Nobody reads yet, so each value waits in the stream's buffer (by default it keeps all).
  let yields = [0, 1, 2].map { continuation.yield($0) }
  continuation.finish()
  let yieldAfterFinish = continuation.yield(3)  // the stream is over: 3 goes nowhere
  continuation.finish()  // a second finish changes nothing
  var received: [Int] = []
  for await value in stream { received.append(value) }  // the buffered values, then the end
  // snippet.end
  console.print(
    """
      yield 0, 1, 2 before anyone reads: \(commaSeparated(yields.map(\.summary)))
      finish(), then yield 3: \(yieldAfterFinish.summary); a second finish() changes nothing
      the consumer's for-await loop gets \(commaSeparated(received)), then ends
    """
  )
  // A CheckedContinuation hands one answer to one waiting caller, and is then spent.
  let answer = await withCheckedContinuation { $0.resume(returning: 7) }
  console.print(
    """
      withCheckedContinuation: one resume(returning: 7), and the caller gets \(answer)
    An AsyncStream.Continuation yields many times and finishes once; a CheckedContinuation
    (Chapter01) resumes exactly once, and a second resume is a runtime trap.

    The build-closure form, AsyncStream { continuation in ... }, runs its closure at once,
    inside the initializer. ItemGeneratorService.generateEvents() gives the continuation to an
    ItemGenerator there, whose handler yields each event:
    """
  )
  let service = ItemGeneratorService(clock: context.clock)
  for await event in service.generateEvents() {
    console.print("  event \(event)")
  }
  console.print("  the generator called onFinish, which called finish(): the loop ended")
}
