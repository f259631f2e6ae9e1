// Chapter 08: Isolation, actors and Sendable. Read with docs/Chapter08-Isolation.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // Every pause in the lessons goes through one clock. A plain run waits in real time; --fast
    // swaps in a clock 1000 times faster, and the output is identical.
    await chapter08.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order.
let chapter08 = Chapter(
  executable: "Chapter08",
  title: "Chapter 08: Isolation, actors and Sendable",
  sections: [
    LessonSection("actors", title: "8.1 Actors", run: runActors),
    LessonSection("reentrancy", title: "8.2 Reentrancy", run: runReentrancy),
    LessonSection(
      "global-actors",
      title: "8.3 Global actors and the main actor",
      run: runGlobalActors
    ),
    LessonSection("sendable", title: "8.4 Sendable and regions", run: runSendable),
    LessonSection(
      "where-async-runs",
      title: "8.5 Where an async function runs",
      run: runWhereAsyncRuns
    ),
    LessonSection(
      "locks-and-actors",
      title: "8.6 Mutex, Atomic or an actor",
      run: runLocksAndActors
    ),
  ],
  commands: [
    ChapterCommand(
      "--benchmark",
      help: "time a million increments of each counter of 8.6 (use swift run -c release)",
      run: runBenchmark
    )
  ]
)
