// Chapter 01: Continuations. Read with docs/Chapter01-Continuations.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // Every pause in the lessons goes through one clock. A plain run waits in real time, at the
    // pace of the original samples; --fast swaps in a clock 1000 times faster, and the output is
    // identical. (Tests give the sections a ManualClock and move its time themselves.)
    await chapter01.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order, and the demos that 1.2 to 1.4 run in child processes because
/// they crash or hang on purpose (each is in its section's file).
let chapter01 = Chapter(
  executable: "Chapter01",
  title: "Chapter 01: Continuations",
  sections: [
    LessonSection("api", title: "1.1 The continuation API", run: runContinuationAPI),
    LessonSection("delegate", title: "1.2 Wrapping a delegate API", run: runDelegateWrapping),
    LessonSection("callback", title: "1.3 Wrapping a callback API", run: runCallbackWrapping),
    LessonSection(
      "misuse",
      title: "1.4 Checked vs unsafe, and callbacks that fire twice",
      run: runMisuse
    ),
    LessonSection("view-model", title: "1.5 A view model on the main actor", run: runViewModel),
  ],
  demos: [
    "seed-second-pick": { try await demoSeedSecondPick($0) },
    "seed-double-tap": { try await demoSeedDoubleTap($0) },
    "leaked-classification": { try await demoLeakedClassification($0) },
    "unsafe-leak": { try await demoUnsafeLeak($0) },
    "sensor-double-resume": { try await demoSensorDoubleResume($0) },
    "unsafe-double-resume": { try await demoUnsafeDoubleResume($0) },
  ]
)
