// Chapter08's graded exercises (isolation, actors and Sendable): what the grader runs for each,
// and what it tells the learner.

extension ExerciseCatalog {
  static let chapter08 = ChapterInfo(
    name: "Chapter08",
    title: "Isolation",
    docsPage: "Chapter08-Isolation.md"
  )

  static let chapter08Exercises: [Exercise] = [
    Exercise(
      id: "8a",
      title: "A cache that looks each product up once",
      chapter: chapter08,
      section: "8.2",
      stubFile: "Ex8a_PriceCache.swift",
      testClass: "Ex8a_PriceCacheTests",
      hints: [
        "Section 8.2: an actor runs one call at a time only until that call awaits. Between "
          + "finding no price and the lookup's answer, other callers run.",
        "Keep the lookups under way in a dictionary of tasks, by product: a caller that finds "
          + "one there awaits its value instead of looking up again.",
        "Store Task { try await lookUp(product) } before the first await; the task, not the "
          + "caller, writes the price and removes itself when lookUp ends, so a failure is gone "
          + "before its callers hear of it and a cancelled caller leaves the lookup running.",
      ],
      docAnchor: "exercise-8a-a-cache-that-looks-each-product-up-once",
      mistakes: [
        Mistake(
          name: "a price found is not kept",
          test: "test_aPriceFound_isKept",
          fixtures: ["price-not-kept"],
          hint: "A lookup that ends with a price has answered that product for good: keep the "
            + "price, and return it to every later caller without calling lookUp."
        ),
        Mistake(
          name: "every caller looks the product up",
          test: "test_callersAtOnce_shareOneLookup",
          fixtures: ["looked-up-by-every-caller"],
          hint: "While the first caller awaits lookUp, the actor runs the second, which finds no "
            + "price yet. Say that a lookup is under way before the first await, so that the "
            + "second caller finds it and waits for it."
        ),
        Mistake(
          name: "one lookup at a time, whatever the product",
          test: "test_differentProducts_areLookedUpAtOnce",
          kind: .hung,
          fixtures: ["one-lookup-at-a-time"],
          hint: "A lookup under way answers its own product only: keep one per product, and let "
            + "a caller of another product start its own."
        ),
        Mistake(
          name: "a failed lookup is kept",
          test: "test_failedLookup_isNotKept",
          fixtures: ["failure-kept"],
          hint: "A lookup that throws leaves nothing behind: its callers get the error, and the "
            + "next caller, after them, starts a new lookup."
        ),
        Mistake(
          name: "a cancelled caller that waits gives up",
          test: "test_theCancelOfAWaitingCaller_cancelsNothing",
          fixtures: ["cancelled-caller-throws"],
          hint: "The statement has a cancelled caller get what the lookup gives, like the "
            + "others: nothing in your cache looks at cancellation."
        ),
        Mistake(
          name: "the lookup runs in the first caller's task",
          test: "test_theCancelOfTheFirstCaller_cancelsNothing",
          fixtures: ["lookup-in-the-first-callers-task"],
          hint: "Cancelling a task cancels what it awaits. A lookup awaited in the first "
            + "caller's own task ends when that caller is cancelled, for every caller: give "
            + "the lookup a task of its own."
        ),
        Mistake(
          name: "some prices are not kept among many",
          test: "test_yourAnswer_keepsEveryPrice_ofManyProducts",
          fixtures: [
            "at-most-65536-prices", "lookups-untracked-past-1000",
            "cancelled-caller-shed-from-a-crowd",
          ],
          hint: "The statement holds however many products, lookups and callers there are: "
            + "every price found kept, one lookup under way for a product, every caller served."
        ),
        Mistake(
          name: "a product given up on after failures",
          test: "test_yourAnswer_looksUpAgain_afterManyFailures",
          kind: .failedTest,
          fixtures: ["gives-up-after-8-failures"],
          hint: "However often a product's lookup has failed, the next call looks it up again: "
            + "the statement keeps no count of failures."
        ),
        Mistake(
          name: "a count of failures that overflows",
          test: "test_yourAnswer_looksUpAgain_afterManyFailures",
          kind: .crashed,
          fixtures: ["failures-counted-in-a-uint8"],
          hint: "A product may fail any number of times in a row: whatever you count, count it "
            + "in a type that cannot overflow on the way, or do not count at all."
        ),
        .scenarioDiffers(
          fixtures: [
            "codes-compared-by-utf8", "price-zero-not-kept", "already-cancelled-caller-throws",
            "lookup-given-another-spelling", "first-spelling-kept-for-every-lookup",
            "network-error-retried", "not-found-kept", "price-refreshed-every-20-reads",
            "prices-filed-once-no-lookup-is-under-way", "bad-url-failure-kept",
            "connection-lost-retried", "decoding-error-replaced", "corrupt-data-kept",
            "http-404-kept",
          ],
          kind: .failedTest
        ),
        .scenarioDiffers(
          fixtures: [
            "codes-lower-cased", "codes-in-nfkc", "codes-cut-at-32-characters",
            "lookups-shared-by-all-caches", "caches-on-two-shelves", "trailing-spaces-dropped",
            "codes-over-2048-characters-refused", "code-zero-width-space-dropped",
            "codes-without-dashes", "codes-trimmed-of-dots", "double-spaces-collapsed",
            "carriage-return-dropped",
          ],
          kind: .hung
        ),
        Mistake(
          name: "a second lookup while one is under way, after a failure",
          test: "test_yourAnswer_neverLooksUpTwiceAtOnce_afterAFailure",
          saying: "lookUp was called",
          fixtures: ["failed-lookup-forgotten-by-every-waiter"],
          hint: "Who says that a lookup is no longer under way? If every caller of a failed "
            + "lookup clears the table as it resumes, a late one clears the next lookup's entry."
        ),
        Mistake(
          name: "a failure kept for a caller who asks again",
          test: "test_yourAnswer_neverLooksUpTwiceAtOnce_afterAFailure",
          saying: "the next lookup found 7",
          fixtures: ["failure-kept-until-every-waiter-has-it"],
          hint: "Once a lookup has failed, it is no longer under way, whoever has yet to hear of "
            + "it: a caller who asks again then starts the next lookup."
        ),
        Mistake(
          name: "long codes taken for one another",
          test: "test_yourAnswer_tellsLongCodesApart_asEqualsDoes",
          fixtures: ["codes-cut-at-16384-characters", "codes-filed-by-head-tail-and-length"],
          hint: "Codes that == tells apart are two products, however long: file each code whole."
        ),
        Mistake(
          name: "a price kept only once the caller who started the lookup resumes",
          test: "test_yourAnswer_keepsAPrice_forCallersWhoAskAgainAtOnce",
          fixtures: [
            "price-filed-by-the-caller-who-started-it", "lookup-forgotten-before-price-filed",
          ],
          hint: "The callers of one lookup resume in an order that is the runtime's, and any of "
            + "them may ask again at once. Who keeps the price, and when, so that it is kept by "
            + "then?"
        ),
      ]
    ),
    Exercise(
      id: "8b",
      title: "A visit log tasks can share",
      chapter: chapter08,
      section: "8.4",
      stubFile: "Ex8b_VisitLog.swift",
      testClass: "Ex8b_VisitLogTests",
      hints: [
        "Section 8.4: a class is Sendable when the compiler can see that nothing in it can be "
          + "changed by two threads at once. A var it can see is enough to say no.",
        "The methods stay synchronous, so an actor will not do. Keep the counts inside "
          + "something Sendable that only one thread at a time can open (section 8.6).",
        "A final class with one stored property, let state = Mutex(...), holding the counts and "
          + "the total, each method one withLock: the class can then say Sendable, checked.",
      ],
      docAnchor: "exercise-8b-a-visit-log-tasks-can-share",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "the compiler does not accept the log shared by two tasks",
          test: "test_aLogSharedByTwoTasks_compiles",
          saying: "compiled in Swift 6 mode",
          fixtures: ["class-not-sendable", "a-struct-with-mutating-methods"],
          hint: "Read the compiler's first error as section 8.4 reads its messages: what may "
            + "cross into a task, and why this type may not. A struct is copied into each "
            + "task, so it cannot be the one log every holder sees."
        ),
        Mistake(
          name: "Sendable promised, not checked",
          test: "test_aLogSharedByTwoTasks_compiles",
          saying: "with no @unchecked",
          fixtures: ["unchecked-with-a-lock", "opt-out-spaced", "unchecked-hidden-by-a-string"],
          hint: "@unchecked Sendable is a promise the compiler takes on trust (section 8.4). "
            + "The statement asks for a design it can check: state only a Sendable lock holds."
        ),
        Mistake(
          name: "state kept outside the log",
          test: "test_aLogSharedByTwoTasks_compiles",
          saying: "keeps state outside the log",
          fixtures: [
            "logs-made-at-once-share-a-number", "logs-in-three-slots",
            "pages-numbered-in-a-pool-made-from-a-literal",
          ],
          hint: "Each log's counts belong to the log: in its own stored properties, not in a "
            + "table every log reaches."
        ),
        Mistake(
          name: "a visit from a cancelled task not counted, or no log made there",
          test: "test_aVisitRecordedInACancelledTask_counts",
          fixtures: ["cancelled-callers-visit-not-counted", "made-in-a-cancelled-task-throws"],
          hint: "record(_:) and init() are synchronous, and serve every caller: a cancelled task "
            + "is still a caller."
        ),
        Mistake(
          name: "a read that misses a visit recorded before it",
          test: "test_readsWhileAnotherThreadRecords_seeEveryVisitRecordedBefore",
          fixtures: [
            "summary-cache-marked-stale-first", "visits-pending-between-two-locks",
            "summary-takes-the-counts-out", "summary-behind-a-count-read-before-it",
          ],
          hint: "Once record(_:) has returned, every read on any thread sees that visit. State "
            + "changed in two steps, a cache marked before the change or counts taken out and "
            + "put back, lets a read fall between."
        ),
        Mistake(
          name: "a summary that does not add up",
          test: "test_aSummaryTakenWhileAnotherThreadRecords_addsUp",
          fixtures: [
            "counts-and-total-in-two-locks", "summary-page-by-page", "striped-by-first-letter",
          ],
          hint: "The total and the counts are one state: change them in one withLock, and read "
            + "them in one, or a summary can fall between the two changes."
        ),
        Mistake(
          name: "two logs share their counts",
          test: "test_aLogBesideAnother_isApart",
          fixtures: ["one-log-for-all"],
          hint: "Each log has its counts of its own: nothing static or global."
        ),
        Mistake(
          name: "pages past some number counted together",
          test: "test_twoThreadsRecordingAtOnce_loseNoVisit",
          saying: "were visited",
          fixtures: ["pages-past-8-counted-as-other"],
          hint: "Any number of pages: every page its own count, every count exact."
        ),
        Mistake(
          name: "a visit lost when two threads record at once",
          test: "test_twoThreadsRecordingAtOnce_loseNoVisit",
          saying: "no visit is lost",
          fixtures: ["read-then-write-in-two-locks", "first-visit-filed-in-a-lock-of-its-own"],
          hint: "Reading a count in one withLock and writing it back in another leaves a gap "
            + "where the other thread writes: the same lost update as section 8.2's, without "
            + "an await. Read and write in one withLock."
        ),
        Mistake(
          name: "a log kept alive",
          test: "test_aLogNobodyHolds_isFreed",
          fixtures: ["logs-never-freed", "summary-snapshot-holds-its-log"],
          hint: "Nothing but the log's holders may keep it: no list of every log made, no "
            + "closure that captures it for good."
        ),
        Mistake(
          name: "a summary of a large log that does not add up",
          test: "test_yourAnswer_countsEveryVisit_atScale",
          saying: "and took a summary",
          fixtures: ["total-in-an-atomic-past-a-million"],
          hint: "However large the log, a summary gives the total and the counts at one moment: "
            + "nothing of it is kept apart from the rest."
        ),
        Mistake(
          name: "long pages taken for one another",
          test: "test_yourAnswer_tellsLongPagesApart_asEqualsDoes",
          fixtures: ["pages-filed-by-head-tail-and-length"],
          hint: "Pages that == tells apart are two pages, and pages it calls equal are one, "
            + "however long: file each page whole."
        ),
        Mistake(
          name: "a limit the statement does not have",
          test: "test_yourAnswer_countsEveryVisit_atScale",
          saying: "logs were made",
          fixtures: [
            "count-saturates-at-2-20"
          ],
          hint: "Any number of visits, pages and logs: every count exact, every page its own "
            + "count, every log its own counts."
        ),
        .scenarioDiffers(
          fixtures: [
            "pages-cut-at-nul", "trailing-slash-dropped", "pages-percent-decoded",
            "numbered-pages-kept-as-numbers", "page-zero-width-space-dropped", "index-page-folded",
            "query-string-dropped", "double-slashes-collapsed", "dot-segments-resolved",
            "full-urls-filed-by-path", "backslashes-as-slashes", "pages-cut-at-16384-scalars",
            "pages-cut-at-131072-characters",
          ],
          kind: .failedTest
        ),
        .scenarioDiffers(fixtures: ["long-page-traps"], kind: .crashed),
      ]
    ),
    Exercise(
      id: "8c",
      title: "A hot loop off the main actor",
      chapter: chapter08,
      section: "8.3",
      stubFile: "Ex8c_ChecksumModel.swift",
      testClass: "Ex8c_ChecksumModelTests",
      hints: [
        "Section 8.3: whatever runs on the main actor holds it until it returns or awaits. A "
          + "loop of synchronous calls never awaits.",
        "A Task made inside a @MainActor method runs on the main actor too. Task.detached, or a "
          + "@concurrent function, runs the loop elsewhere; come back to the main actor only to "
          + "report.",
        "In start(), keep a Task.detached whose loop checks Task.isCancelled before each chunk, "
          + "works the chunk out, then awaits a main-actor method that reports progress unless "
          + "the task was cancelled; cancel() cancels that task.",
      ],
      docAnchor: "exercise-8c-a-hot-loop-off-the-main-actor",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "the loop holds the main actor",
          test: "test_aFile_isWorkedOnOffTheMainActor_oneChunkAtATime",
          kind: .hung,
          fixtures: ["loop-in-start", "task-on-the-main-actor", "main-actor-run-per-chunk"],
          hint: "The test could not get the main actor while a chunk was worked on: the loop, "
            + "or the chunk's call, runs there. A Task made in a @MainActor method runs on the "
            + "main actor too, and so does MainActor.run."
        ),
        Mistake(
          name: "chunks worked on at once",
          test: "test_aFile_isWorkedOnOffTheMainActor_oneChunkAtATime",
          kind: .failedTest,
          fixtures: ["chunks-all-at-once"],
          hint: "One chunk at a time, in order: the checksum of each depends on the one before."
        ),
        Mistake(
          name: "a cancel not kept",
          test: "test_cancel_whileAChunkIsWorkedOn_stopsAfterIt",
          fixtures: ["cancel-ignored", "finish-in-cancel", "progress-after-cancel"],
          hint: "After cancel() returns, no chunk starts and onProgress is not called again; "
            + "onFinish(nil) comes from the loop, once the chunk under way has returned. Look at "
            + "the cancel on the main actor, just before each report."
        ),
        Mistake(
          name: "the checksum overflows",
          test: "test_theChecksum_wrapsOnOverflow",
          kind: .crashed,
          fixtures: ["plain-arithmetic"],
          hint: "* and + stop the program on overflow; the statement's checksum wraps: &* and &+."
        ),
        Mistake(
          name: "a cancel that stops every model",
          test: "test_twoModels_cancellingOne_leavesTheOtherRunning",
          fixtures: ["cancel-stops-every-model"],
          hint: "What cancel() stops belongs to its own model: nothing static or global."
        ),
        .scenarioDiffers(
          fixtures: [
            "cancel-before-start-sticks", "cancel-between-chunks-ignored",
            "long-files-batched-cancel-late", "long-files-chunks-cut-to-32-bits",
            "next-chunk-read-after-cancel-blocking", "next-chunk-read-after-cancel",
            "second-cancel-undoes-first", "cancel-before-start-disarms-cancel",
            "cancel-right-after-start-forgotten", "checksum-cached-per-file", "huge-files-refused",
            "progress-thinned-past-100000", "second-cancel-finishes-at-once",
            "chunks-batched-past-1000", "cancel-checks-skipped-past-2000",
            "chunks-batched-past-2000", "cancel-after-finish-finishes-again",
            "cancel-in-onfinish-recurses", "zero-checksum-means-cancelled",
            "cancel-after-a-cancelled-finish-finishes-again",
            "finish-at-once-when-no-chunk-is-told-under-way",
            "finish-at-once-when-cancelled-in-the-job-of-start",
          ],
          kind: .failedTest
        ),
        Mistake(
          name: "one model waits for another",
          test: "test_twoModelsAtOnce_workApart",
          kind: .hung,
          fixtures: ["one-worker-for-all-models"],
          hint: "Each model works on its own file in its own task: nothing it waits for belongs "
            + "to another model."
        ),
        Mistake(
          name: "models that share their progress",
          test: "test_twoModelsAtOnce_workApart",
          kind: .failedTest,
          fixtures: ["progress-counted-for-all-models"],
          hint: "What a model counts belongs to that model: nothing static or global."
        ),
        Mistake(
          name: "models of one file that work together",
          test: "test_yourAnswer_keepsTheStatement_withModelsSharingAFile",
          kind: .failedTest,
          fixtures: [
            "cancel-heard-by-every-model-of-the-file", "latest-model-of-a-file-cancels-the-older",
            "start-from-cancelled-task-cancels", "file-held-weakly",
          ],
          hint: "A model is on its own whoever shares its file and whoever calls start(): it "
            + "holds its file, works on every chunk itself, and stops only for its own cancel()."
        ),
        Mistake(
          name: "a model that waits for another of the same file",
          test: "test_yourAnswer_keepsTheStatement_withModelsSharingAFile",
          kind: .hung,
          fixtures: ["second-model-joins-the-run-under-way"],
          hint: "Each model works on its own file's chunks itself, even while another model "
            + "works on the same file: nothing it waits for belongs to another model."
        ),
        Mistake(
          name: "a decision on the main actor acted on in a later job",
          test: "test_yourAnswer_stopsForACancel_atAnyMoment",
          fixtures: [
            "finish-decided-in-two-hops", "progress-checked-then-called-in-two-hops",
          ],
          hint: "A cancel can come between any two jobs of the main actor. What one job finds "
            + "(cancelled or not) must be acted on in that same job, with no await between."
        ),
        Mistake(
          name: "state outside the model, or an opt-out",
          test: "test_yourFile_keepsEachModelsStateInTheModel",
          fixtures: ["cancel-flag-read-off-the-main-actor"],
          hint: "The model lives on the main actor: what the loop needs to know of a cancel can "
            + "travel with the loop's task, which the compiler checks, instead of a flag it "
            + "cannot."
        ),
      ]
    ),
  ]
}
