// Chapter 02: Unfolding vs push streams. Read with docs/Chapter02-UnfoldingVsPush.md
import LessonSupport

@main
enum Main {
  static func main() async {
    // Every pause in the lessons goes through one clock. A plain run waits in real time, at the
    // pace of the original samples; --fast swaps in a clock 1000 times faster, and the output is
    // identical. (Tests give the sections a ManualClock and move its time themselves.)
    await chapter02.main { isFast -> any Clock<Duration> in
      if isFast { ScaledClock(speedup: 1000) } else { ContinuousClock() }
    }
  }
}

/// The sections in docs order.
let chapter02 = Chapter(
  executable: "Chapter02",
  title: "Chapter 02: Unfolding vs push streams",
  sections: [
    LessonSection(
      "push",
      title: "2.1 Push streams from a captured continuation",
      run: runPushStreams
    ),
    LessonSection("states", title: "2.2 The generator's state machine", run: runStateMachine),
    LessonSection(
      "viewmodel",
      title: "2.3 The view model on the main actor",
      run: runMainActorViewModel
    ),
    LessonSection("buffering", title: "2.4 Buffering policies", run: runBufferingPolicies),
    LessonSection("fold", title: "2.5 Fold and unfold", run: runFoldAndUnfold),
    LessonSection(
      "paging",
      title: "2.6 Unfolding where it belongs: paged sources",
      run: runPaging
    ),
    LessonSection(
      "flood",
      title: "2.7 Unfolding floods an endless source",
      run: runUnfoldingFloods
    ),
    LessonSection("workarounds", title: "2.8 Seed 001's workarounds", run: runWorkarounds),
  ]
)
