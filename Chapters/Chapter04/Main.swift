// Chapter 04: Networking. Read with docs/Chapter04-Networking.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // Every pause in the lessons, the fixture server's included, goes through one clock. A plain
    // run waits in real time; --fast swaps in a clock 1000 times faster, and the output is
    // identical. (Tests give the sections a ManualClock and move its time themselves.)
    await chapter04.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order.
let chapter04 = Chapter(
  executable: "Chapter04",
  title: "Chapter 04: Networking",
  sections: [
    LessonSection("seed", title: "4.1 Seed 000's user service", run: runSeedService),
    LessonSection("endpoint", title: "4.2 A request built from its endpoint", run: runEndpoints),
    LessonSection("errors", title: "4.3 When a request fails", run: runErrors),
    LessonSection("streams", title: "4.4 Streams of users", run: runUserStreams),
    LessonSection("retry", title: "4.5 Retrying with backoff", run: runRetry),
    LessonSection("view-model", title: "4.6 A view model on the main actor", run: runViewModel),
  ],
  demos: ["force-cast": demoForceCast],
  commands: [
    ChapterCommand(
      "--remote",
      help: "fetch the users from jsonplaceholder.typicode.com instead (needs a network)",
      run: runRemote
    )
  ]
)
