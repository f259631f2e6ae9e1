// Chapter02's graded exercises (unfolding vs push streams): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter02 = ChapterInfo(
    name: "Chapter02",
    title: "Unfolding vs push streams",
    docsPage: "Chapter02-UnfoldingVsPush.md"
  )

  static let chapter02Exercises: [Exercise] = [
    Exercise(
      id: "2a",
      title: "A push stream that finishes",
      chapter: chapter02,
      section: "2.1",
      stubFile: "Ex2a_Ticks.swift",
      testClass: "Ex2a_TicksTests",
      hints: [
        "Section 2.1: the stream's build closure gets a continuation; the producer's callbacks "
          + "use it. A stream that is never finished never ends its consumer's loop.",
        "AsyncThrowingStream { continuation in ... }: yield(_:) in onTick, finish(throwing:) in "
          + "onFinish (nil finishes normally), and continuation.onTermination for the consumer "
          + "going away.",
        "Set continuation.onTermination = { _ in source.stop() }, then call source.start(onTick: "
          + "{ continuation.yield($0) }, onFinish: { continuation.finish(throwing: $0) }).",
      ],
      docAnchor: "exercise-2a-a-push-stream-that-finishes",
      mistakes: [
        Mistake(
          name: "the stream is never finished",
          test: "test_aBurstOfTicksBeforeTheConsumerReads_allArrive",
          kind: .hung,
          fixtures: ["never-finishes", "finished-flag-in-a-global"],
          hint: "When the source finishes, the stream must finish too, or the consumer's loop "
            + "waits forever: call finish(throwing:) from onFinish."
        ),
        Mistake(
          name: "the source's error is swallowed",
          test: "test_aFailingSource_throwsItsError",
          kind: .failedTest,
          fixtures: ["error-swallowed"],
          hint: "finish() ends the stream normally; finish(throwing: error) hands the source's "
            + "error to the consumer (and a nil error finishes normally)."
        ),
        Mistake(
          name: "the source is never stopped",
          test: "test_aConsumerThatStops_stopsTheSource",
          kind: .failedTest,
          fixtures: ["no-stop-on-termination", "stops-when-a-yield-is-refused"],
          hint: "When the consumer leaves the loop (a break, or its task is cancelled), the "
            + "stream's onTermination runs: stop the source there. A refused yield tells you only "
            + "if the source ticks again, and a source may have nothing more to give."
        ),
        Mistake(
          name: "ticks are lost before the consumer reads them (a bounded buffer, or an end of "
            + "its own)",
          test: "test_aBurstOfTicksBeforeTheConsumerReads_allArrive",
          kind: .failedTest,
          fixtures: [
            "bounded-buffer", "buffer-of-1024", "ends-at-docs-last-tick", "newest-ten-thousand",
            "buffer-oldest-a-million", "buffer-newest-300-thousand", "buffer-oldest-two-million",
          ],
          hint: "Ticks can come faster than the consumer reads them, even all before it reads one, "
            + "and only the source knows when they are over. Every tick must reach the consumer: "
            + "what does your buffer keep, however many come, and what ends your stream?"
        ),
        Mistake(
          name: "ticks reach the stream only after onTick returns",
          test: "test_aBatchOfTicksGivenInsideStart_isInTheStreamAtOnce",
          fixtures: ["yields-from-a-task"],
          hint: "A consumer may go away at any moment: what is in the stream by then still "
            + "reaches it. A task started in onTick runs later, in no set order with the others; "
            + "the continuation is safe to call from the source's own thread."
        ),
        Mistake(
          name: "the source is stopped before the consumer leaves",
          test: "test_aConsumerThatStops_stopsTheSource",
          kind: .hung,
          fixtures: ["stopped-at-once"],
          hint: "stop() is for when the consumer goes away; a source stopped earlier gives no "
            + "more ticks and never finishes, so the consumer waits forever."
        ),
        Mistake(
          name: "a tick equal to the one before it is dropped",
          test: "test_everyTick_thenTheStreamEnds",
          fixtures: ["drops-repeated-ticks"],
          hint: "Two ticks with the same value are two ticks: every one the source gives reaches "
            + "the consumer."
        ),
        .scenarioDiffers(fixtures: [
          "one-continuation-for-every-stream", "stops-every-source", "sources-kept-for-shutdown",
          "source-cancellation-ends-quietly", "platform-cancel-ends-quietly",
          "tick-ten-times-dropped", "stop-under-the-finish-lock",
          "tick-lock-held-over-stop", "econnaborted-ends-quietly", "stuck-sensor-guard-at-1000",
          "underlying-error-thrown",
        ]),
        Mistake(
          name: "streams open at once share a table of a few ids",
          test: "test_yourAnswer_keepsTheStatement_withManyStreamsOpenAtOnce",
          kind: .failedTest,
          fixtures: ["stream-ids-in-a-uint8"],
          hint: "Any number of streams may be open at once, each with its own source: what does "
            + "each source's callbacks reach its own continuation through, and can two streams "
            + "ever reach the same one?"
        ),
      ]
    ),
    Exercise(
      id: "2b",
      title: "Pages on demand",
      chapter: chapter02,
      section: "2.6",
      stubFile: "Ex2b_Pages.swift",
      testClass: "Ex2b_PagesTests",
      hints: [
        "Section 2.6: unfolding calls its closure once per next(), so each call fetches one "
          + "page, and returning nil ends the stream for good.",
        "AsyncThrowingStream(unfolding: { ... }) with the next page number kept outside the "
          + "closure in a small actor (the closure is @Sendable: a captured var it mutates gets "
          + "a warning). Unfolding calls the closure again after it throws, so the actor also "
          + "keeps whether the stream is over.",
        "In the closure: guard let number = await cursor.take() else { return nil }; fetch the "
          + "page in a do/catch whose catch tells the cursor to give nil from now on, then "
          + "rethrows; return page.isEmpty ? nil : page.",
      ],
      docAnchor: "exercise-2b-pages-on-demand",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "the stream never ends",
          test: "test_everyPage_thenTheStreamEnds",
          fixtures: ["unfolding-never-nil"],
          hint: "Only nil ends an unfolding stream. An empty page means there are no more: "
            + "return nil for it."
        ),
        Mistake(
          name: "a page is fetched before it is asked for",
          test: "test_pagesAreFetchedOnlyWhenAskedFor",
          fixtures: ["looks-ahead", "prefetches-in-a-task"],
          hint: "Fetch exactly one page per call of the unfolding closure, inside that call: each "
            + "call is one next() from the consumer. A fetch started for later (a peek, or a task "
            + "that loads the next page) fetches a page nobody asked for."
        ),
        Mistake(
          name: "a failed page ends the stream quietly",
          test: "test_aFailingPage_throwsItsError",
          saying: "page 2 failed, yet the stream ended without an error",
          fixtures: ["error-ends-quietly"],
          hint: "try? turns a failed page into nil, which ends the stream as if there were no "
            + "more pages. Use try, so the error reaches the consumer."
        ),
        Mistake(
          name: "pages counted from 0",
          test: "test_aFailingPage_throwsItsError",
          saying: "expected page 1, then page 2's error",
          fixtures: ["counts-from-zero"],
          hint: "The first page is page 1. The source has no page 0, so it answers with an empty "
            + "page, and an empty page ends the stream before anything is read."
        ),
        Mistake(
          name: "a page counter shared by every stream",
          test: "test_aNewStream_startsAtPageOne",
          fixtures: ["shared-cursor"],
          hint: "Each call of pages(from:) makes a new stream, and each stream starts at page 1: "
            + "where does your page number live?"
        ),
        Mistake(
          name: "the stream ends before the first empty page (at a short page, or after a count "
            + "of pages)",
          test: "test_pagesOfDifferentSizes_onlyAnEmptyPageEnds",
          fixtures: ["short-page-is-last", "three-pages"],
          hint: "Pages can differ in size, and a source can have any number of them. Only an "
            + "empty page means there are no more; return nil for that one alone."
        ),
        Mistake(
          name: "an empty page skipped, as if it were a gap",
          test: "test_theEmptyPage_endsTheStream_evenWithPagesAfterIt",
          fixtures: ["skips-an-empty-page"],
          hint: "The source's rule is that an empty page means there are no more: the first one "
            + "ends the stream, whatever a later page would hold, and nothing after it is fetched."
        ),
        Mistake(
          name: "a page equal to the one before it skipped",
          test: "test_theSamePageTwice_isTwoPages",
          fixtures: ["skips-a-repeated-page"],
          hint: "Two pages with the same names are two pages: every page the source gives, up to "
            + "the first empty one, reaches the consumer."
        ),
        .scenarioDiffers(fixtures: [
          "error-then-next-page", "cancellation-ends-quietly", "blank-names-page-is-empty",
          "failed-page-retried", "earlier-page-seen-again-ends", "capped-at-10000-pages",
          "fetch-in-a-task-of-its-own", "fetch-in-a-task-with-the-cancel-forwarded",
          "timed-out-page-retried", "ten-equal-pages-end", "thousand-equal-pages-end",
          "names-trimmed", "enetdown-fetched-again", "locked-file-fetched-again",
          "names-cut-at-nul", "nothing-for-a-cancelled-caller", "page-underlying-error-thrown",
        ]),
        Mistake(
          name: "a cap or a small counter ends a long source early",
          test: "test_yourAnswer_readsEveryPage_ofAVeryLongSource",
          fixtures: [
            "pages-capped-at-50-thousand", "page-number-in-an-int16",
            "capped-at-100-thousand-pages", "ten-thousand-equal-pages-end",
          ],
          hint: "Only an empty page ends the stream, however many pages come first. What does "
            + "your stream keep count with, and what else ends it?"
        ),
        Mistake(
          name: "streams read at once share their page numbers without a lock",
          test: "test_yourAnswer_readsEveryPage_ofManyStreamsReadAtOnce",
          fixtures: ["page-numbers-in-a-global"],
          hint: "Each stream needs a page number of its own, and streams may be read from several "
            + "tasks at once: state shared between streams needs a lock, and state each stream "
            + "owns needs none."
        ),
        Mistake(
          name: "a stream waits for another stream's fetch instead of making its own",
          test: "test_yourAnswer_keepsTheStatement_withTwoStreamsFetchingAtOnce",
          kind: .hung,
          fixtures: ["fetch-shared-between-streams"],
          hint: "Each page is fetched in the task of the consumer that asked for it, so that its "
            + "cancel reaches that fetch and no other. Two streams asking for the same page at "
            + "once make two fetches: a fetch shared between streams runs in one consumer's task, "
            + "and its cancel or its error reaches the other."
        ),
      ]
    ),
    Exercise(
      id: "2c",
      title: "Latest value only",
      chapter: chapter02,
      section: "2.4",
      stubFile: "Ex2c_LatestValue.swift",
      testClass: "Ex2c_LatestValueTests",
      hints: [
        "Section 2.4: the buffering policy decides what waits for a busy consumer.",
        "bufferingOldest(n) keeps the first n and drops newcomers; bufferingNewest(n) keeps the "
          + "last n. How many values does a latest-value-only consumer need?",
        "return AsyncThrowingStream.makeStream(of: Double.self, bufferingPolicy: "
          + ".bufferingNewest(1))",
      ],
      docAnchor: "exercise-2c-latest-value-only",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "a buffering policy that keeps stale values",
          test: "test_aSlowConsumer_alwaysSkipsToTheNewest",
          kind: .failedTest,
          fixtures: ["wrong-buffering-policy", "keeps-the-oldest", "newest-two"],
          hint: "Which values does your policy keep while the consumer is busy? unbounded keeps "
            + "all of them and bufferingOldest the first ones; this consumer wants only the "
            + "newest."
        ),
        Mistake(
          name: "no room for even one value",
          test: "test_aSlowConsumer_alwaysSkipsToTheNewest",
          kind: .hung,
          fixtures: ["newest-zero"],
          hint: "A value yielded while the consumer is busy must wait somewhere until it asks: "
            + "how many values does your buffer hold?"
        ),
        Mistake(
          name: "a value nobody yielded",
          test: "test_nothingYielded_nothingRead",
          fixtures: ["seeded"],
          hint: "The stream is not a current-value holder: a consumer must read only what the "
            + "producer yielded, so start with an empty buffer."
        ),
        Mistake(
          name: "the continuation handed out through shared state",
          test: "test_streamsMadeOnTwoThreadsAtOnce_eachGetItsOwnContinuation",
          kind: .failedTest,
          fixtures: [
            "continuation-in-a-holder", "one-stream-for-every-call",
            "continuation-through-a-locked-stack", "continuation-through-a-locked-queue",
          ],
          hint: Self.sharedContinuationHint
        ),
        Mistake(
          name: "the continuation handed out through a global (two writes at once crash)",
          test: "test_streamsMadeOnTwoThreadsAtOnce_eachGetItsOwnContinuation",
          kind: .crashed,
          fixtures: ["continuation-in-a-global"],
          hint: Self.sharedContinuationHint
        ),
        Mistake(
          name: "state every call writes, with no lock or atomic (a data race)",
          test: "test_streamsMadeOnTwoThreadsAtOnce_eachGetItsOwnContinuation",
          kind: .dataRace,
          fixtures: ["racy-streams-made-counter"],
          hint: "Two threads can call your function at once. Whatever every call writes outside "
            + "itself needs a lock or an atomic; nothing shared at all is simpler still."
        ),
        Mistake(
          name: "a stream made earlier stops working once many more are made",
          test: "test_yourAnswer_streamsMadeEarlier_stillWork_afterManyMore",
          kind: .failedTest,
          fixtures: ["registry-finishes-the-oldest"],
          hint: "A stream ends only after its own finish(), or when its own consumer leaves, "
            + "however many other streams the program makes: what does making a new one do to "
            + "the ones made before?"
        ),
        Mistake(
          name: "a count of the streams made overflows",
          test: "test_yourAnswer_streamsMadeEarlier_stillWork_afterManyMore",
          kind: .crashed,
          fixtures: ["stream-number-uint16"],
          hint: "Nothing limits how many streams a program makes: whatever your function counts "
            + "across calls must hold every number it can reach, or be left out."
        ),
        .scenarioDiffers(fixtures: [
          "equal-values-skipped", "forwarded-by-a-task", "finished-for-a-cancelled-caller",
        ]),
      ]
    ),
  ]

  /// For 2c's continuation handed from the build closure to the return through shared state.
  static let sharedContinuationHint =
    "Two threads can call your function at once. Where does the continuation wait between the "
    + "build closure and your return? If another call can write there before you read it, you "
    + "return that call's continuation."
}
