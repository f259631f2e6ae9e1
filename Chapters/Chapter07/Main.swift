// Chapter 07: Custom publishers with Create, back-pressure, and bridges to async.
// Read with docs/Chapter07-CustomPublishers.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // A plain run waits in real time; --fast swaps in a clock 1000 times faster (the fixture
    // server's delays run on it too), and the output is identical.
    await chapter07.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order.
let chapter07 = Chapter(
  executable: "Chapter07",
  title: "Chapter 07: Custom publishers with Create, back-pressure, and bridges to async",
  sections: [
    LessonSection("core", title: "7.1 Publisher, subscriber, demand", run: runTheHandshake),
    LessonSection("closure", title: "7.2 Create with a closure", run: runCreateWithAClosure),
    LessonSection("datatask", title: "7.3 A data task you can cancel", run: runDataTaskVsFuture),
    LessonSection("generator", title: "7.4 A number generator on a thread", run: runGenerator),
    LessonSection("context", title: "7.5 Create with a context", run: runContextGenerator),
    LessonSection("values", title: "7.6 A publisher in a for-await loop", run: runPublisherValues),
    LessonSection(
      "sequence",
      title: "7.7 An async sequence as a publisher",
      run: runSequencePublisher
    ),
    LessonSection("backpressure", title: "7.8 Back-pressure three ways", run: runBackPressure),
  ]
)
