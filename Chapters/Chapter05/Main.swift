// Chapter 05: Task groups. Read with docs/Chapter05-TaskGroups.md
import LessonSupport
import VirtualTime

@main
enum Main {
  static func main() async {
    // A plain run waits in real time; --fast swaps in a clock 1000 times faster, and the output
    // is identical. The sections where timing is the lesson run on a VirtualTimeline instead,
    // paced by the same choice (LessonContext.pace, below).
    await chapter05.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

extension LessonContext {
  /// Real seconds per virtual second on a VirtualTimeline: a quarter of a second in a plain run
  /// (the chapter has about 46 s of virtual time), a thousand times less with `--fast`.
  var pace: Double {
    isFast ? 0.000_25 : 0.25
  }
}

/// The sections in docs order.
let chapter05 = Chapter(
  executable: "Chapter05",
  title: "Chapter 05: Task groups",
  sections: [
    LessonSection("four-ways", title: "5.1 Four ways to make three calls", run: runFourWays),
    LessonSection("errors", title: "5.2 When a child throws", run: runErrors),
    LessonSection("cancel", title: "5.3 Cancelling a group", run: runCancellation),
    LessonSection("progress", title: "5.4 Seed 000's progress stream", run: runProgress),
    LessonSection("bounded", title: "5.5 At most N at a time", run: runBoundedConcurrency),
    LessonSection("download", title: "5.6 A file in ranged parts", run: runRangedDownload),
  ],
  commands: [
    ChapterCommand(
      "--benchmark",
      help: "time the 5.6 download with 1, 2, 4 and 8 parts (use swift run -c release)",
      run: runBenchmark
    )
  ]
)
