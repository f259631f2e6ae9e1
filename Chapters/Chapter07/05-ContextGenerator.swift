// 7.5 Create with a context.
// Read with docs/Chapter07-CustomPublishers.md#75-create-with-a-context
import LessonSupport
import MiniCombine

// snippet.context-generator
/// The seed's context generator, saying when it pauses, resumes and stops.
///
/// It runs on a thread of its own, so it may block: `waitIfPaused()` sleeps while the
/// subscriber wants nothing, and `cancelled` ends the loop.
func countingGenerator(say: @escaping @Sendable (String) -> Void) -> Create<Int, Never> {
  Create<Int, Never> { subscriber, context in
    var number = 0
    while !context.cancelled {
      if context.paused {
        say("paused after \(number) numbers")
        context.waitIfPaused()  // until a request, or the end
        if context.cancelled { break }
        say("resumed")
      }
      subscriber.receive(number)
      number += 1
    }
    say("stopped")
  }
}
// snippet.end

func runContextGenerator(_ context: LessonContext) async throws {
  let console = context.console
  console.print(
    """
    The context form's closure is the work itself, on a thread of its own: it may block, and
    it stops itself. The subscriber asks for 4, then 2, then 5, each after the generator has
    paused, then cancels:
    """
  )
  let (said, say) = AsyncStream.makeStream(of: String.self)
  let generator = countingGenerator { line in
    console.print("  generator: \(line)")
    say.yield(line)
  }
  var lines = said.makeAsyncIterator()
  let subscriber = TracingSubscriber<Int, Never>(console, asksFor: .none)
  generator.receive(subscriber: subscriber)
  var (pauses, resumes) = (0, 0)
  for demand in [4, 2, 5] {
    subscriber.request(.max(demand))
    while let line = await lines.next(), !line.hasPrefix("paused") {
      if line == "resumed" { resumes += 1 }
    }
    pauses += 1
  }
  subscriber.cancel()
  while let line = await lines.next(), line != "stopped" {}
  console.print(
    """
    \(subscriber.values.count) values (\(subscriber.values.first ?? 0) to \(subscriber.values.last ?? 0)), \(pauses) pauses, \(resumes) resumes: the generator made a number only when one was
    wanted, and slept in between. No value was dropped, unlike the closure form in 7.2.
    """
  )
}
