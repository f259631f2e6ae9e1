// Chapter 06: Byte accumulation. Read with docs/Chapter06-ByteAccumulation.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // A plain run waits in real time; --fast swaps in a clock 1000 times faster (the fixture
    // server's throttle runs on it too), and the output is identical.
    await chapter06.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order.
let chapter06 = Chapter(
  executable: "Chapter06",
  title: "Chapter 06: Byte accumulation",
  sections: [
    LessonSection("bytes", title: "6.1 A download as bytes", run: runByteStream),
    LessonSection("partial", title: "6.2 Whole or in part", run: runWholeOrInPart),
    LessonSection("batches", title: "6.3 Bytes in batches", run: runBatches),
    LessonSection("model", title: "6.4 The download model", run: runDownloadModel),
    LessonSection("where", title: "6.5 Where the byte loop runs", run: runWhereTheLoopRuns),
    LessonSection("several", title: "6.6 Several downloads at once", run: runSeveralDownloads),
  ],
  commands: [
    ChapterCommand(
      "--benchmark",
      help: "MB/s of six ways to download 32 MiB, and more (use swift run -c release)",
      run: runBenchmark
    )
  ]
)
