// Chapter 03: Cancellation. Read with docs/Chapter03-Cancellation.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // Every pause in the lessons goes through one clock. A plain run waits in real time; --fast
    // swaps in a clock 1000 times faster, and the output is identical. (Tests give the sections
    // a ManualClock and move its time themselves.)
    await chapter03.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order.
let chapter03 = Chapter(
  executable: "Chapter03",
  title: "Chapter 03: Cancellation",
  sections: [
    LessonSection("seed-log", title: "3.1 Seed 000's start and stop", run: runSeedStartStop),
    LessonSection("fixed-log", title: "3.2 The same log, fixed", run: runFixedStartStop),
    LessonSection("traps", title: "3.3 The seed's traps", run: runSeedTraps),
    LessonSection(
      "cooperative",
      title: "3.4 Cooperative cancellation",
      run: runCooperativeCancellation
    ),
    LessonSection(
      "structured",
      title: "3.5 Structured vs unstructured tasks",
      run: runStructuredVsUnstructured
    ),
    LessonSection("alive", title: "3.6 What keeps objects alive", run: runKeepingObjectsAlive),
  ]
)
