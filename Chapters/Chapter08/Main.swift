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
  ]
)
