// Chapter01's graded exercises (continuations): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter01 = ChapterInfo(
    name: "Chapter01",
    title: "Continuations",
    docsPage: "Chapter01-Continuations.md"
  )

  static let chapter01Exercises: [Exercise] = [
    Exercise(
      id: "1a",
      title: "Wrap a delegate API",
      chapter: chapter01,
      section: "1.2",
      stubFile: "Ex1a_ScannerService.swift",
      testClass: "Ex1a_ScannerServiceTests",
      hints: [
        "Section 1.2's picker keeps one continuation, for the one pick that can wait. Here any "
          + "number of scans wait at once: keep each continuation under its job, in a dictionary "
          + "the service owns ([ScanJob: CheckedContinuation<Document?, any Error>]).",
        "scan(): try await withCheckedThrowingContinuation { continuation in let job = "
          + "scanner.submit(delegate: self); waiting[job] = continuation }. The scanner never "
          + "reports during submit, so storing right after it is in time.",
        "Each delegate method: waiting.removeValue(forKey: job)?.resume(...). Taken out before "
          + "it is resumed, so a second report of that job, or one of a job this service never "
          + "submitted, finds nothing and does nothing.",
      ],
      docAnchor: "exercise-1a-wrap-a-delegate-api",
      mistakes: [
        Mistake(
          name: "one continuation for every scan",
          test: "test_aReportOfAJobThatEnded_orWasNeverSubmitted_isIgnored",
          saying: "job 4 gets its own document",
          fixtures: [
            "one-continuation-like-the-picker", "one-continuation-overwritten",
            "oldest-scan-resumed",
          ],
          hint: "A report is about the job it names: only that job's scan may end. One stored "
            + "continuation, or a queue of them in order, hands a report to whichever scan is "
            + "waiting. Keep each continuation under its job."
        ),
        Mistake(
          name: "the waiting scans shared between services",
          test: "test_twoServices_whoseScannersNumberTheirJobsAlike",
          kind: .hung,
          fixtures: ["jobs-in-a-static"],
          hint: "Each scanner numbers its own jobs, so two services may both wait for a job 1. A "
            + "static, or a global, is one table for every service: keep the waiting scans in a "
            + "stored property of each service."
        ),
        Mistake(
          name: "a report of a job that is not waiting",
          test: "test_aReportOfAJobThatEnded_orWasNeverSubmitted_isIgnored",
          kind: .crashed,
          fixtures: ["job-not-taken-out", "stray-report-force-unwrapped"],
          hint: "The scanner may report a job again after it ended, or one this service never "
            + "submitted. Take the job's continuation out of the dictionary before resuming it "
            + "(removeValue(forKey:)), and resume with ?.: such a report then finds nothing and "
            + "does nothing."
        ),
        Mistake(
          name: "a cancel thrown",
          test: "test_aCancelledJob_returnsNil_andAFailedOne_throwsTheScannersError",
          saying: "a job cancelled at the scanner gives nil",
          fixtures: ["cancel-throws"],
          hint: "A job cancelled at the scanner is no failure: scan() returns nil for it, as the "
            + "picker of section 1.2 does for a cancel."
        ),
        Mistake(
          name: "a failure returned as nil",
          test: "test_aCancelledJob_returnsNil_andAFailedOne_throwsTheScannersError",
          saying: "a failed job throws the scanner's ScannerError",
          fixtures: ["failure-as-nil"],
          hint: "A failed job throws: resume(throwing: error), with the scanner's own error."
        ),
        Mistake(
          name: "a job sent twice",
          test: "test_scan_submitsOneJob_andReturnsItsDocument",
          saying: "expected one",
          fixtures: ["job-submitted-twice"],
          hint: "Each submit is a job the scanner does: one per scan(). Submit inside the "
            + "continuation's closure and keep the job it returns."
        ),
        .scenarioDiffers(
          fixtures: [
            "cancel-ends-every-scan", "failure-reason-trimmed", "title-trimmed",
            "at-most-500-waiting", "failed-job-sent-again", "waiting-capped-at-2048",
            "failure-reason-cut-at-4096",
          ],
          kind: .failedTest
        ),
        Mistake(
          name: "job numbers used as places in an array",
          test: "test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario",
          kind: .crashed,
          fixtures: ["jobs-in-a-fixed-array", "jobs-indexed-from-one", "jobs-filed-modulo-1024"],
          hint: "A job's number is the scanner's own, any Int: 0, below zero, a million, Int.max. "
            + "Use the ScanJob as a key, in a dictionary, not its number as a place in an array."
        ),
        Mistake(
          name: "a scan whose report finds nothing to resume",
          test: "test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario",
          kind: .hung,
          fixtures: [
            "continuation-stored-a-turn-late", "ended-numbers-ignored-for-ever",
            "early-cancel-ignored", "jobs-filed-by-int32",
          ],
          hint: "A scan waits for ever when its job's report finds nothing to resume. The scanner "
            + "may report on the very next turn, with any of its three reports: store the "
            + "continuation in the same turn as submit, not from a task of its own. A number "
            + "the scanner gives again once its job has ended is a new job, and a number is the "
            + "whole Int: two numbers that agree in their low 32 bits are two jobs."
        ),
        Mistake(
          name: "helper delegates let go while their jobs wait",
          test: "test_twoScansWaitingAtOnce_eachGetsItsOwnJob_whicheverEndsFirst",
          kind: .hung,
          fixtures: ["only-the-latest-helper-delegate-kept"],
          hint: "A scanner keeps its delegates weakly: a helper delegate for each job must be "
            + "kept by you as long as its job waits, every one of them, not only the latest. "
            + "Simpler: be the delegate yourself."
        ),
        Mistake(
          name: "a scanner the service does not keep",
          test: "test_theServiceKeepsItsScanner_andIsFreedOnceNobodyUsesIt",
          saying: "the service let go of its scanner",
          fixtures: ["scanner-kept-weakly"],
          hint: "The service is given its scanner and is the one that keeps it: a weak or "
            + "unowned reference lets it go the moment the caller does."
        ),
        Mistake(
          name: "a service that is never freed",
          test: "test_theServiceKeepsItsScanner_andIsFreedOnceNobodyUsesIt",
          saying: "the service is still alive",
          fixtures: ["helper-delegates-keep-the-service"],
          hint: "Something the service made holds the service for ever: helper delegates kept "
            + "after their jobs ended, each holding the service, say. Let go of what a job needed "
            + "once the job has ended."
        ),
        Mistake(
          name: "a delegate that only the scanner keeps",
          test: "test_aCancelledJob_returnsNil_andAFailedOne_throwsTheScannersError",
          kind: .hung,
          fixtures: ["delegate-only-the-scanner-keeps"],
          hint: "A scanner keeps its delegates weakly, as delegates are kept: a helper object made "
            + "for one job, that nothing else holds, is gone before its job is reported. Be the "
            + "delegate yourself (the service lives as long as its callers use it)."
        ),
      ]
    ),
    Exercise(
      id: "1b",
      title: "Wrap a callback API",
      chapter: chapter01,
      section: "1.3",
      stubFile: "Ex1b_Transcribe.swift",
      testClass: "Ex1b_TranscribeTests",
      hints: [
        "Section 1.3: every path through the completion handler must resume the continuation "
          + "once. Here the handler gets two optionals, so there are four paths: a transcript "
          + "alone, an error alone, both, and neither.",
        "Call recognizer.recognize(clip) { transcript, error in ... } inside "
          + "withCheckedThrowingContinuation { continuation in ... }.",
        "One if / else if / else, the error first: if let error, resume(throwing: error); else "
          + "if let transcript, resume(returning: transcript); else resume(throwing: "
          + "RecognitionError.noResult). Each branch resumes once and none falls into another.",
      ],
      docAnchor: "exercise-1b-wrap-a-callback-api",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "a failure is never resumed",
          test: "test_failure_throwsTheRecognizersError",
          kind: .hung,
          fixtures: ["resume-only-on-success"],
          hint: "The failure path must resume too: when an error comes, resume(throwing: error)."
        ),
        Mistake(
          name: "a success is resumed twice",
          test: "test_success_returnsTheTranscript",
          kind: .crashed,
          fixtures: ["resumed-twice"],
          hint: "Each path through the completion must resume exactly once. After resuming, "
            + "nothing else may resume: one if / else if / else, one resume in each branch."
        ),
        Mistake(
          name: "every failure reported as one error",
          test: "test_failure_throwsTheRecognizersError",
          kind: .failedTest,
          saying: "expected the recognizer's own error",
          fixtures: ["one-error-for-all"],
          hint: "The caller must learn why recognition failed: throw the error the recognizer "
            + "gave, not one of your own."
        ),
        Mistake(
          name: "a failure returned as a transcript",
          test: "test_failure_throwsTheRecognizersError",
          kind: .failedTest,
          saying: "the recognition failed, yet it returned",
          fixtures: ["empty-on-failure"],
          hint: "A failed recognition has no transcript, not even an empty one: the caller must "
            + "get the error thrown."
        ),
        Mistake(
          name: "a transcript that came with an error returned",
          test: "test_failure_throwsTheRecognizersError",
          kind: .failedTest,
          saying: "yet it returned that partial",
          fixtures: ["partial-transcript-returned", "long-partial-returned"],
          hint: "A transcript that comes with an error is only what was heard before the failure. "
            + "Look at the error first: when there is one, throw it, whatever else came."
        ),
        Mistake(
          name: "an error and a partial transcript both resume",
          test: "test_failure_throwsTheRecognizersError",
          kind: .crashed,
          fixtures: ["two-ifs-resume-twice"],
          hint: "Two ifs that each resume both run when an error comes with a transcript. Make "
            + "them one if / else if / else, so exactly one branch resumes."
        ),
        Mistake(
          name: "neither a transcript nor an error: never resumed",
          test: "test_neitherTranscriptNorError_throwsNoResult",
          kind: .hung,
          fixtures: ["neither-never-resumed"],
          hint: "The recognizer may call back with nil and nil. That path must resume too: throw "
            + "RecognitionError.noResult."
        ),
        Mistake(
          name: "neither a transcript nor an error: the transcript forced",
          test: "test_neitherTranscriptNorError_throwsNoResult",
          kind: .crashed,
          fixtures: ["transcript-force-unwrapped"],
          hint: "No error does not mean a transcript: the recognizer may send neither. Unwrap "
            + "with if let, and throw RecognitionError.noResult when both are nil."
        ),
        Mistake(
          name: "neither a transcript nor an error: another answer",
          test: "test_neitherTranscriptNorError_throwsNoResult",
          kind: .failedTest,
          saying: "expected RecognitionError.noResult",
          fixtures: ["neither-as-no-speech"],
          hint: "A callback with neither says nothing about the clip: not that it holds no "
            + "speech. Throw RecognitionError.noResult, as the statement says."
        ),
        Mistake(
          name: "neither a transcript nor an error: an empty transcript returned",
          test: "test_neitherTranscriptNorError_throwsNoResult",
          kind: .failedTest,
          saying: "the recognition failed, yet it returned",
          fixtures: ["neither-as-an-empty-transcript"],
          hint: "A callback with neither gives no transcript, not even an empty one: the caller "
            + "must learn that nothing came. Throw RecognitionError.noResult."
        ),
        Mistake(
          name: "a clip of its own instead of the one given",
          test: "test_theGivenClip_isTheOneRecognized",
          saying: "the recognizer was asked for other clips",
          fixtures: ["hard-coded-clip"],
          hint: "transcribe(_:with:) is given a clip: that is the one to recognize."
        ),
        Mistake(
          name: "a transcript of its own instead of the recognizer's",
          test: "test_theGivenClip_isTheOneRecognized",
          saying: "the transcript returned is not the recognizer's",
          fixtures: ["hard-coded-transcript", "lowercased-transcript"],
          hint: "Return what the recognizer heard: the transcript in its result."
        ),
        Mistake(
          name: "a loop that never ends",
          test: "test_failure_throwsTheRecognizersError",
          kind: .busy,
          fixtures: ["busy-loop"],
          hint: "Nothing in your loop changes its condition, so it spins forever. No loop is "
            + "needed: the recognizer calls its completion once."
        ),
        Mistake(
          name: "a failure is tried again",
          test: "test_failure_throwsTheRecognizersError",
          kind: .failedTest,
          saying: "times for one failed recognition",
          fixtures: ["retry-on-failure"],
          hint: "transcribe(_:with:) asks the recognizer once and reports what it said. Whether "
            + "to try again is the caller's choice, not the wrapper's."
        ),
        Mistake(
          name: "a task left running after it returns (a timeout of its own)",
          test: "test_whenItReturns_noTaskItStartedIsStillRunning",
          kind: .failedTest,
          fixtures: ["unguarded-long-timeout"],
          hint: "This exercise adds no timeout. A task that sleeps and then resumes is a second "
            + "path to the same continuation: once the recognizer has answered, it resumes again "
            + "and stops the program."
        ),
        Mistake(
          name: "the answer kept for the caller without a lock (the two can miss each other)",
          test: "test_yourAnswer_survivesAnAnswerFromAnotherThread_justAsRecognizeReturns",
          fixtures: ["unlocked-mailbox"],
          hint: "The recognizer may answer on another thread at the very moment your caller "
            + "starts to wait. Anything the completion and the caller both touch needs a lock, "
            + "and \"look for the answer, else leave a note to be woken\" must be one locked "
            + "step; simpler still, call recognize inside the continuation's closure."
        ),
        Mistake(
          name: "a cancel and the answer at once both resume (a box without a lock)",
          test: "test_yourAnswer_survivesACancelAndTheAnswerAtOnce",
          fixtures: ["unlocked-cancel-box"],
          hint: "A cancel handler runs on the thread that cancels, while the recognizer answers "
            + "on its own: both can find the continuation before either clears it. Taking it "
            + "out must be one step behind a lock, or leave cancels to the recognizer's answer."
        ),
        Mistake(
          name: "calls waiting at once stop each other (a blocked thread, a shared continuation)",
          test: "test_whileSeveralWait_noneHoldsAThread",
          kind: .hung,
          fixtures: ["semaphore", "one-continuation-for-every-call"],
          hint: "Several calls wait at once. A semaphore or a lock that waits for the callback "
            + "blocks the thread your task runs on, and Swift tasks share a few such threads: "
            + "once all are blocked, nothing else runs; a continuation suspends the task and "
            + "leaves the thread free. And each call needs a continuation of its own: one kept "
            + "where the next call overwrites it is never resumed."
        ),
        .scenarioDiffers(
          fixtures: [
            "transcript-trimmed", "empty-transcript-as-no-speech", "same-clip-asked-once",
            "cancel-resumes-unguarded", "at-most-32-waiting", "at-most-128-waiting",
            "cancelled-before-as-no-speech",
            "language-code-lowercased", "transcript-line-breaks-dropped", "crlf-normalized",
            "long-clip-name-rejected", "transcript-cut-at-10000", "call-number-uint16",
            "language-code-crlf-normalized", "clip-name-end-nuls-trimmed",
            "language-code-cut-at-nul", "language-code-invisible-characters-dropped",
            "transcript-end-nuls-trimmed", "nfc-transcript", "nfd-clip-name", "nfkc-language-code",
            "failure-count-uint16",
          ]
        ),
        Mistake(
          name: "a rule of its own about failures (a circuit breaker)",
          test: "test_success_returnsTheTranscript",
          kind: .failedTest,
          saying: "a transcript with no error is returned",
          fixtures: ["circuit-breaker-nslock"],
          hint: "Each call asks the recognizer and gives what it said: earlier failures, in this "
            + "call or any other, change nothing. Whether to stop asking a recognizer that keeps "
            + "failing is the caller's choice."
        ),
        Mistake(
          name: "calls told apart by their clip's name alone",
          test: "test_yourAnswer_keepsTheStatement_withTwoRecognizersAskedForTheSameClips",
          fixtures: ["waiting-calls-filed-by-clip-name"],
          hint: "Two recognizers can be asked for clips of the same name at once, and answer "
            + "them otherwise. A call's answer is the one its own recognizer hands to its own "
            + "completion: the continuation the closure captured, nothing looked up by name."
        ),
      ]
    ),
    Exercise(
      id: "1c",
      title: "First callback or timeout",
      chapter: chapter01,
      section: "1.4",
      stubFile: "Ex1c_ReadBarcodeOnce.swift",
      testClass: "Ex1c_ReadBarcodeOnceTests",
      hints: [
        "Section 1.4's guarded wrapper, with a third caller and a clean-up: the two callbacks "
          + "and a timer race to resume one continuation, only the first may, and the winner "
          + "stops the loser: a callback cancels the timer, the timer stops the read with "
          + "cancelRead(). A plain var is a data race when two threads use it at once.",
        "Keep the continuation and the timer's Task behind one lock (NSLock, or Mutex from "
          + "Synchronization), in a small final class the completion and the timer capture. Call "
          + "readBarcode first and start the timer after it, so that a timeout that wins has a "
          + "read to stop; a callback inside readBarcode may have won by then.",
        "Under the lock, take the continuation out (nil for every later caller) and the timer "
          + "with it. The completion: guard let won = take() else { return }; resume; cancel "
          + "won's timer. After readBarcode, under the lock: start the timer Task only if the "
          + "continuation is still there. The timer: sleep on the clock; guard it wins the "
          + "take; reader.cancelRead(); resume throwing BarcodeReadTimeout(after: timeout). "
          + "Cancel and resume outside the lock: the reader may call back from inside "
          + "cancelRead().",
      ],
      docAnchor: "exercise-1c-first-callback-or-timeout",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "no guard: the second callback resumes again",
          test: "test_aFailureFirst_isThrown",
          kind: .crashed,
          fixtures: ["unguarded-double-callback"],
          hint: "The reader calls its completion twice. Let a flag decide which call resumes "
            + "the continuation: the first one only."
        ),
        Mistake(
          name: "shared state without a lock or an atomic (a data race the results hide)",
          test: "test_twoCallbacksAtOnceFromTwoThreads_resumeExactlyOnce",
          kind: .dataRace,
          fixtures: ["racy-counter", "mutex-with-a-racy-counter"],
          hint: Self.raceHint
        ),
        Mistake(
          name: "a flag checked in one step and set in another (both callbacks resume)",
          test: "test_twoCallbacksAtOnceFromTwoThreads_resumeExactlyOnce",
          kind: .crashed,
          fixtures: ["racy-flag", "check-then-set"],
          hint: "Both callbacks got past your guard: each checked the flag before the other set "
            + "it. Checking and setting must be one step, even behind a lock: "
            + "Atomic<Bool>.exchange(true, ordering:) does both, or one Mutex.withLock that "
            + "checks and sets."
        ),
        Mistake(
          name: "waits for a second callback that most readers never make",
          test: "test_aReaderThatCallsBackOnce_returnsItsResult",
          kind: .hung,
          fixtures: ["waits-for-second"],
          hint: "Most readers call back once. Resume on the first call, and make the flag ignore "
            + "any call after it; do not wait for a second one."
        ),
        Mistake(
          name: "a reader that never calls back is waited for forever",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          kind: .hung,
          fixtures: ["no-timeout", "task-group-race"],
          hint: "Something must resume the continuation when the reader stays silent: a Task "
            + "that sleeps on the clock you were given (clock.sleep(for: timeout)), then resumes "
            + "through the same guard. A task group cannot do it: cancelling a child does not "
            + "resume its continuation, and the group waits for every child."
        ),
        Mistake(
          name: "the timer sleeps for another length than the timeout",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          kind: .failedTest,
          fixtures: ["fixed-timeout-length", "hard-coded-timeout"],
          hint: "Use the timeout and the clock you are given, not a number of your own: "
            + "clock.sleep(for: timeout), then BarcodeReadTimeout(after: timeout)."
        ),
        Mistake(
          name: "the timer sleeps on a clock of its own",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          kind: .busy,
          fixtures: ["own-clock"],
          hint: "The tests move time on the clock they give you; a timer sleeping on another "
            + "clock never wakes while they wait for it."
        ),
        Mistake(
          name: "a failure first is skipped",
          test: "test_aFailureFirst_isThrown",
          kind: .failedTest,
          fixtures: ["waits-for-a-success"],
          hint: "The first callback decides, whatever it says: a failure that comes first is the "
            + "answer, and must be thrown."
        ),
        Mistake(
          name: "the timer resumes without the guard",
          test: "test_withTimeout_theReaderAnsweringTheCancelFromInsideIt_stillGivesTheTimeout",
          kind: .crashed,
          fixtures: ["unguarded-timer"],
          hint: "The timer is a third caller: when it resumes first, the guard must know, or a "
            + "late callback (the reader's answer to the cancel among them) resumes again. Send "
            + "the timeout through the same guard as the callbacks."
        ),
        Mistake(
          name: "the timeout leaves the read going",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          saying: "the timeout won with the read still going",
          fixtures: ["read-never-stopped"],
          hint: "When the timer wins, the reader is still reading: the winner stops the loser. "
            + "Call the reader's cancelRead() once the timer has won, before it resumes."
        ),
        Mistake(
          name: "the read is stopped only after the caller was resumed",
          test: "test_withTimeout_andNoCallback_throwsTheTimeoutError",
          saying: "cancelRead() came only once the call had been given the timeout",
          fixtures: ["cancel-after-the-resume"],
          hint: "Once resumed, the caller may go on at once, and start another read on the same "
            + "reader, which a late cancelRead() would stop. Stop the read first, then resume."
        ),
        Mistake(
          name: "the read is stopped under the lock, and the reader's answer waits for it",
          test: "test_withTimeout_theReaderAnsweringTheCancelFromInsideIt_stillGivesTheTimeout",
          kind: .hung,
          fixtures: ["cancel-under-the-lock"],
          hint: "A reader may answer cancelRead() at once, on the same thread, by calling your "
            + "completion, which wants the lock you still hold: it waits for ever. Decide under "
            + "the lock, act (cancel, resume) after it."
        ),
        Mistake(
          name: "the read is stopped when the reader has answered",
          test: "test_twoCallbacksInARow_returnTheFirst",
          saying: "so its read was over",
          fixtures: ["cancel-when-a-callback-wins"],
          hint: "A reader that called back has ended its read: there is nothing to stop. Only a "
            + "call that ends without the reader's result stops the read."
        ),
        Mistake(
          name: "the timer or a callback checks the flag in one step and sets it in another",
          test: "test_withTimeout_whenTheTimerAndACallbackMeet_onlyOneResumes",
          kind: .crashed,
          fixtures: ["timer-checks-then-sets"],
          hint: "The timer woke at the moment a callback came, on another thread, and both got "
            + "past your guard. Every caller, the timer too, must check the flag and set it in "
            + "one step."
        ),
        Mistake(
          name: "the timer goes on sleeping after the reader failed",
          test: "test_withTimeout_whenACallbackComesFirst_itWinsAndTheTimerStops",
          kind: .failedTest,
          saying: "the reader failed, yet a timer still sleeps",
          fixtures: ["timer-kept-on-failure"],
          hint: "A failure is a result too: once any result is in, whatever it says, the timer "
            + "has nothing left to do."
        ),
        Mistake(
          name: "the timer is made after a callback that came before readBarcode returned",
          test: "test_withTimeout_whenTheCallbackComesBeforeReadBarcodeReturns_noTimerIsLeft",
          kind: .failedTest,
          fixtures: ["timer-after-read", "detached-timer-after-read"],
          hint: "A reader may call back before readBarcode returns. If the timer does not exist "
            + "yet at that moment, the callback cannot stop it, and the timer made afterwards "
            + "sleeps for nothing."
        ),
        Mistake(
          name: "the timer goes on sleeping after the reader answered",
          test: "test_withTimeout_whenACallbackComesFirst_itWinsAndTheTimerStops",
          kind: .failedTest,
          fixtures: ["timer-left-running"],
          hint: "Once a result is in, the timer has nothing left to do: keep its Task and call "
            + "cancel() on it from the completion. Its sleep then throws, and it must return "
            + "without resuming."
        ),
        Mistake(
          name: "the timer is made after a look for a result, which a callback can slip past",
          test: "test_withTimeout_whenTheReaderCallsBackFromAnotherThread_noTimerIsLeft",
          kind: .failedTest,
          fixtures: ["timer-made-after-a-check"],
          hint: "Between your look for a result and the moment the timer is where the callback "
            + "can find it, a callback from another thread can come, find no timer, and leave. "
            + "Look and keep the timer in one locked step, the step the callback takes too."
        ),
        .scenarioDiffers(fixtures: [
          "elapsed-time-in-the-error", "caller-cancel-stops-the-timer", "one-read-error-for-all",
          "zero-timeout-means-no-limit", "barcode-value-trimmed", "cancelled-told-at-the-timeout",
          "timer-capped-at-a-minute", "zero-sleeps-a-resolution",
          "cancelled-reason-as-cancellation", "timeout-in-int64-nanoseconds",
          "timer-capped-at-a-day", "no-timer-when-already-cancelled",
          "timeout-truncated-to-nanoseconds", "value-cut-at-nul", "aim-identifier-stripped",
          "busy-reader-asked-again", "gs1-group-separators-dropped",
          "reader-timeout-reason-as-timeout", "cancel-read-without-a-read",
          "cancel-during-read-left-going", "zero-timeout-ignores-a-callback-inside-read",
        ]),
        Mistake(
          name: "state shared by every call, kept under each call's own lock",
          test: "test_manyReadsAtOnce_eachCalledBackTwiceFromAThreadOfItsOwn",
          kind: .dataRace,
          fixtures: ["global-loser-count-under-each-calls-mutex"],
          hint: "Each call's lock orders that call's callbacks, not another call's: a global or "
            + "static that every call touches races between calls. Keep each call's state in "
            + "that call's own object."
        ),
        Mistake(
          name: "the timeout skips the stop when a losing callback came",
          test: "test_withTimeout_whenTheTimerAndACallbackMeet_onlyOneResumes",
          saying: "a read ended with its timeout as the reader called back",
          fixtures: ["timeout-skips-the-stop-when-a-loser-answered"],
          hint: "What decides is how the call ends: with the timeout, it stops the read, even "
            + "if a callback that lost came meanwhile."
        ),
        Mistake(
          name: "a cancel handler stops a read that has answered",
          test: "test_yourAnswer_survivesACancelAndACallbackAtOnce",
          saying: "it returned the barcode, yet cancelRead() was called",
          fixtures: ["cancel-handler-stops-a-finished-read"],
          hint: "A cancel that comes once a callback has won changes nothing: the call returns "
            + "the reader's result, and its read is over. Stop the read only when the cancel "
            + "itself ends the call."
        ),
        Mistake(
          name: "a cancel that checks for the continuation, then takes it (two steps)",
          test: "test_yourAnswer_survivesACancelAndACallbackAtOnce",
          kind: .crashed,
          fixtures: ["cancel-checks-then-takes"],
          hint: "A cancel handler is one more caller racing the callbacks and the timer, and it "
            + "runs on the thread that cancels. Whoever resumes must take the continuation in "
            + "the same locked step that finds it; or let a cancel change nothing."
        ),
      ]
    ),
  ]

  /// For 1c's two races: a flag both threads get past, and a variable both threads write.
  static let raceHint =
    "Two threads used the same variable at the same time. Whatever the callbacks share must be "
    + "an atomic or sit behind a lock, and \"check, then set\" must be one step: "
    + "Atomic<Bool>.exchange does both."
}
