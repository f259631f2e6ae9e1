// Chapter05's graded exercises (task groups): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter05 = ChapterInfo(
    name: "Chapter05",
    title: "Task groups",
    docsPage: "Chapter05-TaskGroups.md"
  )

  static let chapter05Exercises: [Exercise] = [
    Exercise(
      id: "5a",
      title: "Progress from a group",
      chapter: chapter05,
      section: "5.4",
      stubFile: "Ex5a_ProgressUpdates.swift",
      testClass: "Ex5a_ProgressUpdatesTests",
      hints: [
        "Section 5.4's loadUpdates, with jobs that can throw: a driver task runs a group of the "
          + "jobs and yields into a stream; onTermination cancels the driver.",
        "AsyncThrowingStream.makeStream(of: Double.self); Task(executorPreference: executor) { "
          + "... }; withThrowingTaskGroup(of: Void.self), addTask per job; for try await _ in "
          + "group { finished += 1; yield(Double(finished) / Double(jobs.count)) }.",
        "In the driver: do { try await withThrowingTaskGroup ... ; continuation.finish() } catch "
          + "{ continuation.finish(throwing: error) }. After it: continuation.onTermination = { _ "
          + "in driver.cancel() }.",
      ],
      docAnchor: "exercise-5a-progress-from-a-group",
      mistakes: [
        Mistake(
          name: "the driver does not run on the executor given",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "no job ran on the executor the test passed",
          fixtures: ["executor-not-passed"],
          hint: "The tests run everything on a virtual timeline, which a Task {} does not "
            + "inherit: start the driver with Task(executorPreference: executor)."
        ),
        Mistake(
          name: "the jobs run one after another",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "one after another",
          fixtures: ["one-after-another"],
          hint: "Awaiting each job in a loop runs them in turn. Add each as a child of a task "
            + "group (group.addTask { try await job() }), and they all start at once."
        ),
        Mistake(
          name: "the fraction is counted by position, not by how many have ended",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "whichever they were",
          fixtures: ["counted-by-position"],
          hint: "Jobs end in any order: the one that ends first may be the last in the list. "
            + "Count in the group's loop how many have ended so far, and yield that over the "
            + "number of jobs."
        ),
        Mistake(
          name: "the fraction is 0 after the first job",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "and the fraction was 0%",
          fixtures: ["yield-before-count", "integer-division"],
          hint: "When a job ends, first count it (finished += 1), then yield "
            + "Double(finished) / Double(jobs.count): in Int, 1 / 3 is 0."
        ),
        Mistake(
          name: "a consumer that leaves does not cancel the jobs",
          test: "test_aConsumerThatStops_cancelsEveryJob",
          saying: "onTermination must cancel the",
          fixtures: ["no-on-termination", "jobs-in-tasks-of-their-own"],
          hint: "When the consumer stops listening, the stream calls onTermination. Cancel the "
            + "driver task there: its group's children are cancelled with it (but not a Task {} "
            + "a child starts: run each job in the child itself)."
        ),
        Mistake(
          name: "a job's error is swallowed",
          test: "test_aJobThatThrows_endsTheStream_andCancelsTheOtherJobs",
          saying: "its error must end the stream",
          fixtures: ["error-swallowed"],
          hint: "try? around a job turns its failure into a success. Let the error leave the "
            + "group's loop (a throwing group, for try await) and end the stream with "
            + "finish(throwing: error)."
        ),
        Mistake(
          name: "an error leaves the other jobs running",
          test: "test_aJobThatThrows_endsTheStream_andCancelsTheOtherJobs",
          saying: "the first error must leave no other job running",
          fixtures: ["error-leaves-jobs-running"],
          hint: "Once a job has failed, the others work for nobody. A throwing group cancels its "
            + "children when the error leaves its body: throw it from for try await, at once."
        ),
        Mistake(
          name: "the jobs count themselves and yield",
          test: "test_manyJobsOnEveryCore_theFractionsOnlyGrow",
          saying: "only the group's own loop may count",
          fixtures: ["children-count-under-a-lock"],
          hint: "A lock or an actor makes each count right, but two jobs ending at once can "
            + "still yield in the other order: 2/32 after 3/32. Count and yield in the group's "
            + "loop (for try await _ in group), which sees one ended job at a time."
        ),
        Mistake(
          name: "the jobs count themselves and yield, in any order",
          test: "test_jobsThatEndTogether_everyFractionReachesTheConsumer",
          saying: "only the group's own loop may count",
          fixtures: ["children-count-in-an-actor"],
          hint: "An actor makes each count right, but jobs that end together reach it in any "
            + "order and yield in another: 15% after 20%. Count and yield in the group's loop "
            + "(for try await _ in group), which sees one ended job at a time."
        ),
        Mistake(
          name: "at most a few jobs at a time",
          test: "test_fiveJobsOrTwentyFour_allStartAtOnce_aFractionAsEachEnds",
          saying: "did not all start at once",
          fixtures: ["four-jobs-at-a-time"],
          hint: "A window of your own, however polite, makes the jobs above it wait for a place. "
            + "This exercise runs every job at once: add a child per job before the loop that "
            + "counts them."
        ),
        Mistake(
          name: "the stream keeps only the newest fraction",
          test: "test_jobsThatEndTogether_everyFractionReachesTheConsumer",
          saying: "expected every one of the",
          fixtures: ["newest-fraction-only"],
          hint: "Jobs that end together are counted before the consumer runs again, and a "
            + "stream that buffers only the newest value drops the others. Keep the default "
            + "buffering policy, which keeps every value until it is read."
        ),
        Mistake(
          name: "the stream is never finished",
          test: "test_everyJobAtOnce_aFractionAsEachEnds_thenTheStreamFinishes",
          saying: "the stream must be finished",
          fixtures: ["never-finished"],
          hint: "After the last job the consumer's for try await still waits for more. Call "
            + "continuation.finish() once the group is done."
        ),
        .scenarioDiffers(fixtures: [
          "whole-percents-only", "cancellation-error-finishes-quietly", "buffer-newest-1000",
          "drain-then-throw-last-error",
          "job-retried-on-a-transient-error", "posix-ecanceled-ends-quietly",
          "at-most-2048-jobs-at-once",
          "fractions-buffered-oldest-4096", "at-most-8192-jobs-at-once", "buffer-newest-10000",
          "ontermination-set-by-the-driver", "at-most-20000-jobs-at-once", "bounded-buffer-20000",
          "big-batches-count-in-the-jobs", "subgroups-of-4096-count-with-an-atomic",
          "early-cancellation-error-ends-quietly", "cancellation-error-winds-down-counting",
          "prefers-a-non-cancellation-error", "error-after-first-ignoring-job",
          "retries-unreachable-host-once", "later-real-error-beats-own-cancellation",
          "file-exists-counts-as-done", "one-fraction-buffer-driver-waits",
          "jobs-start-at-the-first-read", "sixteen-fraction-buffer-driver-waits",
        ]),
        Mistake(
          name: "streams share their driver or their error",
          test: "test_yourAnswer_keepsTheStatement_withTwoStreamsAtOnce",
          fixtures: [
            "driver-kept-in-a-global", "first-error-shared-between-streams",
            "own-cancellation-cancels-every-stream",
          ],
          hint: "Two streams may run at once, each with its own jobs. A driver or an error kept "
            + "outside the call (a global, a static) is the other stream's too: keep each in the "
            + "call that made it."
        ),
        Mistake(
          name: "with no executor, the rules change",
          test: "test_withNoExecutor_anErrorOrAConsumerThatLeaves_cancelsTheOtherJobs",
          fixtures: [
            "nil-executor-never-cancelled", "nil-executor-swallows-job-errors",
            "no-executor-jobs-yield-under-mutex", "no-executor-eight-at-a-time",
            "children-yield-under-mutex", "no-executor-sixteen-at-a-time",
          ],
          hint: "nil says only where the driver runs. The same driver, group and onTermination "
            + "serve both: Task(executorPreference:) takes nil as it is."
        ),
        Mistake(
          name: "a second stream made by the same task ends the first",
          test: "test_yourAnswer_keepsTheStatement_withTwoStreamsMadeByOneTask",
          saying: "made one after the other by one task",
          fixtures: ["latest-stream-per-caller-wins"],
          hint: "Each call makes a stream of its own, and only that stream's consumer ends it: "
            + "a stream the same task made before has another consumer, who still reads it."
        ),
        Mistake(
          name: "a stream made by a cancelled task gives nothing",
          test: "test_yourAnswer_keepsTheStatement_withTwoStreamsMadeByOneTask",
          saying: "made by one task already cancelled",
          fixtures: ["a-cancelled-caller-gets-an-empty-stream"],
          hint: "The driver is a task of its own, not a child of the task that made the stream: "
            + "that task's cancel does not reach it. Only the consumer's going away ends the "
            + "stream."
        ),
        Mistake(
          name: "a stream made inside a job runs otherwise",
          test: "test_yourAnswer_keepsTheStatement_whenMadeInsideAnotherStreamsJob",
          fixtures: ["nested-stream-runs-jobs-one-by-one"],
          hint: "Where the stream is made changes nothing: inside another stream's job too, "
            + "every job starts at once, as a child of its own driver's group."
        ),
        Mistake(
          name: "the driver does not inherit the caller's context",
          test: "test_theJobsSeeTheCallersTaskLocals",
          fixtures: ["detached-driver", "detached-driver-when-an-executor-is-given"],
          hint: "Task(executorPreference:) makes a task that inherits its caller's task-locals "
            + "and priority, and the group's children inherit them in turn; a detached task "
            + "starts with none."
        ),
      ]
    ),
    Exercise(
      id: "5b",
      title: "At most N at a time",
      chapter: chapter05,
      section: "5.5",
      stubFile: "Ex5b_FetchAll.swift",
      testClass: "Ex5b_FetchAllTests",
      hints: [
        "Section 5.5's mapWithLimit, but no fetch's error may stop the others: each child "
          + "returns its index and a Result.",
        "withTaskGroup(of: (Int, Result<Value, any Error>).self): add the first min(limit, "
          + "ids.count) children; then in for await finished in group, store the result at its "
          + "index and, if ids are left, add the next child.",
        "A child: do { return (index, .success(try await fetch(ids[index]))) } catch { return "
          + "(index, .failure(error)) }. Results in an array of optionals, one per id; return "
          + "them with compactMap { $0 }.",
      ],
      docAnchor: "exercise-5b-at-most-n-at-a-time",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "fetches in unstructured tasks",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "child of a task group",
          fixtures: ["unstructured-tasks"],
          hint: "A Task {} per fetch belongs to no one: cancelling fetchAll would not reach it. "
            + "Add each fetch as a child of a task group."
        ),
        Mistake(
          name: "one fetch at a time",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "one after another",
          fixtures: ["one-at-a-time"],
          hint: "Awaiting each fetch in turn never uses the limit. Start limit children at "
            + "once, then one more each time one ends."
        ),
        Mistake(
          name: "more fetches at once than the limit",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "and the limit is",
          fixtures: ["all-at-once", "one-too-many"],
          hint: "Start only min(limit, ids.count) children at first (0..<limit, not 0...limit), "
            + "and add the next only after group.next() has given you one that ended."
        ),
        Mistake(
          name: "a slot left empty (batch by batch, or no new fetch after a failure)",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "the moment any one ends",
          fixtures: ["batches", "no-refill-after-failure"],
          hint: "Waiting for a whole batch leaves a slot empty while its slowest fetch runs, and "
            + "so does starting nothing after a fetch that failed. Add the next fetch as soon as "
            + "any one ends, success or failure: inside the loop over the group."
        ),
        Mistake(
          name: "the ids take the free slots in an order of their own",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "in an order of their own",
          fixtures: ["slots-taken-in-any-order"],
          hint: "Child tasks added at once run in any order on a pool of threads, so a child that "
            + "waits for a free slot may take it before an earlier id's child. Add a child only "
            + "when a slot is free, in the group's loop, and the ids start in their order."
        ),
        Mistake(
          name: "a failed fetch loses its result or its place, or stops the others",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "one result per id, a failure too",
          fixtures: ["failures-dropped", "failure-in-the-first-empty-place"],
          hint: "A fetch that throws still gets its own place in the results: .failure(error) at "
            + "its index, exactly as a success. Catch in the child and return the index with a "
            + "Result, so that the group never throws."
        ),
        Mistake(
          name: "results in the order the fetches ended",
          test: "test_aFailedFetch_keepsItsPlace_andTheOthersStillRun",
          saying: "in the order of the ids",
          fixtures: ["completion-order"],
          hint: "A group gives results as they end. Return each child's index with its result, "
            + "and store the result at that index."
        ),
        Mistake(
          name: "the results are sorted",
          test: "test_aLimitOfOne_fetchesInTurn_evenAfterAFailure",
          saying: "not sorted",
          fixtures: ["sorted-results"],
          hint: "The results go in the order the ids were given, which need not be sorted. Keep "
            + "an array with one place per index of ids, and store each result at its index."
        ),
        Mistake(
          name: "a limit above the count crashes",
          test: "test_aLimitAboveTheCount_fetchesEveryIDAtOnce",
          kind: .crashed,
          fixtures: ["limit-above-count"],
          hint: "With 3 ids and a limit of 10, there are only 3 to start: start "
            + "min(limit, ids.count) children, never ids[index] past the end."
        ),
        Mistake(
          name: "the results kept by id",
          test: "test_theSameIDTwice_getsTheResultOfEachFetch",
          fixtures: ["results-by-id"],
          hint: "The same id can be given twice, and its two fetches can answer differently. "
            + "Keep one place per index of ids, not one per id."
        ),
        Mistake(
          name: "a cancelled call adds no children",
          test: "test_cancelledCall_stillGivesOneResultPerID",
          saying: "one result per id all the same",
          fixtures: ["children-unless-cancelled"],
          hint: "addTaskUnlessCancelled adds nothing once the call is cancelled, and those ids get "
            + "no result. Add every child with addTask: a cancelled child still runs its fetch, "
            + "whose error becomes its id's result."
        ),
        Mistake(
          name: "a limit of its own below the caller's",
          test: "test_manyIDs_aLargeLimitAndASmallOne_eachNewOneAsAnotherEnds",
          saying: "a new fetch must start the moment any one ends",
          fixtures: ["six-at-most"],
          hint: "The caller's limit is the only one: with a limit of 10, ten fetches run at once. "
            + "Start min(limit, ids.count) children, whatever limit is."
        ),
        Mistake(
          name: "workers take the next id in two steps",
          test: "test_pairsOfFetchesEndingTogether_eachIDFetchedOnce",
          saying: "fetched exactly once",
          fixtures: ["cursor-in-two-steps"],
          hint: "Reading the next index and moving it on under two locks lets two workers read "
            + "the same index between them. Take and advance it in one locked step, or let the "
            + "group's loop, which sees one ended child at a time, start the next fetch."
        ),
        Mistake(
          name: "the children share the results with no lock",
          test: "test_manyFetchesOnRealThreads_eachResultInItsPlace",
          fixtures: ["results-in-a-shared-array"],
          hint: "Children run at the same time on several threads: an array they all write to "
            + "is a data race. Let each child return its index and result, and store it in the "
            + "group's loop, which sees one at a time."
        ),
        .scenarioDiffers(fixtures: [
          "start-loop-to-the-limit", "cap-at-64", "break-on-cancel-fill-rest",
          "cancellation-error-stops-all", "cancelled-overrides-result",
          "fetch-retried-on-a-transient-error", "posix-error-fetched-again",
          "in-flight-capped-at-100",
          "first-window-counted-up-to-the-limit", "at-most-512-in-flight",
          "same-id-never-twice-in-flight", "reuse-result-of-a-finished-duplicate",
          "results-matched-to-ids-in-completion-order", "bitmask-overflows-at-exactly-64-ids",
          "decoding-error-stops-the-rest",
          "nested-call-runs-one-at-a-time", "retries-an-unreachable-host-once",
          "in-flight-count-shared-by-calls", "at-most-8192-in-flight-whatever-the-limit",
          "pages-of-ten-thousand-ids", "nested-deeper-than-two-one-at-a-time",
          "circuit-breaker-after-ten-failures-in-a-row",
        ]),
        Mistake(
          name: "some values or ids treated otherwise",
          test: "test_anyValueOrID_comesBackAsItWent",
          fixtures: [
            "nil-value-is-a-failure", "value-that-is-a-url-error-is-a-failure",
            "a-value-that-is-an-error-becomes-a-failure",
            "an-empty-value-is-a-failure", "an-empty-id-is-not-fetched",
          ],
          hint: "fetchAll does not know what a value or an id means: nil, empty, zero or an Error "
            + "returned is a value like any other, and every id is fetched."
        ),
        Mistake(
          name: "a cancelled call's results made up or written from the cancel handler",
          test: "test_cancelledOnRealThreads_eachResultInItsPlace",
          fixtures: [
            "cancel-handler-fills-the-shared-results",
            "cancelled-before-the-call-an-error-of-its-own",
          ],
          hint: "A cancel reaches the fetches through the group: each place gets what its fetch "
            + "ended with (or a CancellationError if it never started), written by the call's "
            + "own loop only, never by a cancel handler running on another thread."
        ),
        Mistake(
          name: "more than limit in flight once the call is cancelled",
          test: "test_yourAnswer_stillKeepsTheLimit_whenFetchesStartedAfterACancelIgnoreIt",
          fixtures: ["rest-all-at-once-after-cancel"],
          hint: "A cancel does not end the fetches under way, and one started later may ignore it "
            + "too: the limit still holds. Start an id only as another fetch ends, or give it a "
            + "CancellationError without starting it."
        ),
        Mistake(
          name: "calls share what is in flight, or a cancel",
          test: "test_yourAnswer_keepsTheStatement_withTwoCallsAtOnce",
          fixtures: ["a-cancelled-call-blocks-calls-started-meanwhile"],
          hint: "Two calls of fetchAll may run at once, each with its own ids and limit, one "
            + "cancelled while the other is not. A count or a flag kept outside the call (a "
            + "global, a static) is the other call's too: keep what is in flight in the call "
            + "itself, as the group's own children are."
        ),
      ]
    ),
    Exercise(
      id: "5c",
      title: "A file in ranged parts, written in order",
      chapter: chapter05,
      section: "5.6",
      stubFile: "Ex5c_DownloadInParts.swift",
      testClass: "Ex5c_DownloadInPartsTests",
      hints: [
        "Section 5.6's byteRanges and task group, with the fetch given to you and a length check "
          + "of each piece. What changes is the group's loop: it writes as it goes, not once all "
          + "have come.",
        "Keep the pieces that come before their turn in a dictionary by part index, and the index "
          + "of the next piece to write: each time a piece comes, write every piece from that index "
          + "on that is there, and look for a cancel before each write.",
        "In the loop: early[piece.index] = piece.data; while let data = early.removeValue(forKey: "
          + "next) { try Task.checkCancellation(); try await write(data); next += 1 }.",
      ],
      docAnchor: "exercise-5c-a-file-in-ranged-parts-written-in-order",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "ranges that overlap by a byte",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "starting right after the one before",
          fixtures: ["ranges-overlap"],
          hint: "A closed range start...end holds end - start + 1 bytes: a part of 10 bytes "
            + "from 0 is 0...9, and the next starts at 10."
        ),
        Mistake(
          name: "the last part takes every byte left over",
          test: "test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide",
          saying: "must be at most one byte apart",
          fixtures: ["remainder-in-the-last-part"],
          hint: "11 bytes in 4 parts are 3, 3, 3 and 2 bytes, not 2, 2, 2 and 5: give one more "
            + "byte to each of the first size % parts parts."
        ),
        Mistake(
          name: "the last bytes are left out when the size does not divide",
          test: "test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide",
          saying: "starting right after the one before",
          fixtures: ["last-bytes-dropped"],
          hint: "10 bytes in 3 parts of 10 / 3 = 3 bytes leave one out. Give the first "
            + "size % parts parts one byte more."
        ),
        Mistake(
          name: "the parts are fetched one after another",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "did not all start at once",
          fixtures: ["parts-one-after-another"],
          hint: "Awaiting each fetch in a loop takes the sum of their times. Add one child task "
            + "per range to a throwing task group, and they all run at once."
        ),
        Mistake(
          name: "a failed part is swallowed",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "its error must be thrown",
          fixtures: ["part-error-swallowed"],
          hint: "try? turns a failed part into a hole in the file. Let the fetch's error out of "
            + "the child, and out of the group's loop."
        ),
        Mistake(
          name: "a failed part leaves the others running",
          test: "test_aFetchThatFails_isThrownAtOnce_andTheOtherPartsAreCancelled",
          saying: "no other fetch may be left running",
          fixtures: ["others-left-running"],
          hint: "Collecting every part before looking at the errors waits for fetches whose "
            + "work is wasted. Throw the first error from for try await: the group cancels the "
            + "rest."
        ),
        Mistake(
          name: "a part of the wrong length is written",
          test: "test_aPartOfTheWrongLength_isAWrongPartLength",
          saying: "when a piece's count is not its range's",
          fixtures: [
            "short-part-joined", "only-short-checked", "checked-after-join",
            "last-part-unchecked",
          ],
          hint: "A server may send less, or more, than it was asked for. Check data.count == "
            + "range.count in the child, as the piece comes, and throw "
            + "WrongPartLength(range:received:) when it is not."
        ),
        Mistake(
          name: "the pieces are written in the order they arrive",
          test: "test_fourPartsAtOnce_writtenInRangeOrder_eachAsSoonAsItCan",
          saying: "the last part first",
          fixtures: ["arrival-order"],
          hint: "The group gives the pieces as they arrive, not in range order. Keep a piece that "
            + "comes before its turn, by its index, until every piece before it has been written."
        ),
        Mistake(
          name: "a piece kept waits for the next to arrive, not for its turn",
          test: "test_fourPartsAtOnce_writtenInRangeOrder_eachAsSoonAsItCan",
          saying: "the second of each first",
          fixtures: ["one-write-per-piece-received"],
          hint: "One piece that comes can let several kept pieces go out: after each write, look "
            + "for the next piece among those kept before you wait for the group again."
        ),
        Mistake(
          name: "the writes wait for every piece",
          test: "test_aWriteThatThrows_endsTheCall_andNoWriteComesAfter",
          saying: "expected each written as it came",
          fixtures: ["written-once-all-have-come"],
          hint: "A piece can be written as soon as every piece before it has been: the file grows "
            + "as the parts come, not once they all have."
        ),
        Mistake(
          name: "writes go on after a cancel",
          test: "test_theCallersCancel_stopsTheWrites_andTheFetches",
          saying: "expected no write after the cancel",
          fixtures: ["writes-go-on-after-a-cancel", "stop-reading-when-cancelled"],
          hint: "The caller's cancel reaches the fetches, not the pieces already in your hands: "
            + "look for a cancel before each write, and throw it."
        ),
        Mistake(
          name: "a cancel's errors are skipped",
          test: "test_theCallersCancel_stopsTheWrites_andTheFetches",
          saying: "the fetches still running answered it",
          fixtures: ["skip-cancellation-errors"],
          hint: "A fetch's CancellationError after the caller was cancelled is the call's end, not "
            + "a hole to step over: throw it."
        ),
        Mistake(
          name: "only a few parts at a time",
          test: "test_rangesCoverEveryByteOnce_evenWhenTheSizeDoesNotDivide",
          saying: "did not all start at once",
          fixtures: ["four-at-a-time"],
          hint: "This exercise has no limit: every part starts at once, however many there are. "
            + "Add a child per range before you wait for any."
        ),
        Mistake(
          name: "at most a fixed number of parts at a time",
          test: "test_twelveOrThirtyTwoParts_allAtOnce_andOnePartIsChecked",
          saying: "did not all start at once",
          fixtures: ["eight-at-a-time", "sixteen-at-a-time"],
          hint: "A limit of your own, however polite to the server, makes the parts above it "
            + "wait for a place. This exercise asks for every part at once: one child per range, "
            + "all added before the loop that collects them."
        ),
        Mistake(
          name: "one part is returned with no length check",
          test: "test_twelveOrThirtyTwoParts_allAtOnce_andOnePartIsChecked",
          saying: "WrongPartLength(range:received:) thrown",
          fixtures: ["one-part-unchecked"],
          hint: "A file in one part is still a part: the server can send it short or long. Let "
            + "parts == 1 take the same path as any other count, through the length check."
        ),
        Mistake(
          name: "each piece is read from index 0",
          test: "test_slicesOfALargerData_areJoinedAsAnyPiece",
          kind: .crashed,
          fixtures: ["pieces-indexed-from-zero"],
          hint: "A Data can be a slice of a larger one, whose indices start at its startIndex, "
            + "not 0: piece[0] is then outside it. Append whole pieces (or use piece.startIndex) "
            + "rather than indexing from 0."
        ),
        Mistake(
          name: "the children share the pieces with no lock",
          test: "test_manyPartsOnRealThreads_joinedInRangeOrder",
          fixtures: ["pieces-in-a-shared-array"],
          hint: "Children run at the same time on several threads: an array they all write to "
            + "is a data race. Let each child return its index and piece, and store it in the "
            + "group's loop, which sees one at a time."
        ),
        .scenarioDiffers(fixtures: [
          "empty-piece-accepted", "at-most-64-at-once", "proportional-split-double",
          "pieces-in-a-global-store", "lowest-range-error-wins",
          "large-pieces-written-in-64-mib-chunks", "at-most-8192-parts-at-once",
          "part-retried-on-a-transient-error", "posix-error-part-asked-again",
          "at-most-128-parts-at-once",
          "slice-read-at-its-range", "parts-added-unless-cancelled", "split-in-float",
          "at-most-512-parts-at-once", "received-is-the-end-index",
        ]),
      ]
    ),
  ]
}
