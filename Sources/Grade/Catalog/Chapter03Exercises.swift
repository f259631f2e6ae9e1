// Chapter03's graded exercises (cancellation): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter03 = ChapterInfo(
    name: "Chapter03",
    title: "Cancellation",
    docsPage: "Chapter03-Cancellation.md"
  )

  static let chapter03Exercises: [Exercise] = [
    Exercise(
      id: "3a",
      title: "A relay that stops with its consumer",
      chapter: chapter03,
      section: "3.2",
      stubFile: "Ex3a_EventStream.swift",
      testClass: "Ex3a_EventStreamTests",
      hints: [
        "Section 3.2's fixed service, with another source: a producer Task that relays what the "
          + "upstream gives, finishes the stream when the upstream ends, and stops the moment its "
          + "consumer goes away. The upstream's waits are its own; the looks for a cancel are "
          + "yours.",
        "AsyncThrowingStream.makeStream(of: String.self); a Task with for try await number in "
          + "upstream, then yield(try make(number)); then finish(), or finish(throwing:) in a "
          + "catch. continuation.onTermination cancels that Task. An upstream with a number "
          + "ready gives it after a cancel too: look before you make.",
        "In the Task: do { for try await number in upstream { try Task.checkCancellation(); "
          + "continuation.yield(try make(number)) }; continuation.finish() } catch { "
          + "continuation.finish(throwing: error) }. Then continuation.onTermination = { _ in "
          + "producer.cancel() }; return (events, producer).",
      ],
      docAnchor: "exercise-3a-a-relay-that-stops-with-its-consumer",
      mistakes: [
        Mistake(
          name: "the producer is not cancelled when its consumer goes away",
          test: "test_aConsumerCancelledBeforeItReads_nothingIsMade",
          saying: "is not cancelled",
          fixtures: ["producer-not-cancelled"],
          hint: "The consumer's task was cancelled, and the producer never heard of it. The "
            + "stream tells you through continuation.onTermination: cancel the producer's Task "
            + "there."
        ),
        Mistake(
          name: "a number that comes after the cancel still makes an event",
          test: "test_aConsumerGoneJustAsAWaitEnds_noEventIsMade",
          fixtures: ["no-check-after-a-number", "checked-before-each-ask-only"],
          hint: "An upstream whose wait was already over when the cancel came gives its number "
            + "all the same. Look after each number, before you make its event: try "
            + "Task.checkCancellation()."
        ),
        Mistake(
          name: "make's error is swallowed",
          test: "test_aFailingMake_endsTheStreamWithItsError",
          fixtures: ["error-swallowed"],
          hint: "finish() ends the stream as if every event were made; finish(throwing: error) "
            + "hands the error to the consumer."
        ),
        Mistake(
          name: "the upstream's error is swallowed",
          test: "test_aFailingUpstream_endsTheStreamWithItsError",
          fixtures: ["upstream-error-swallowed-by-try"],
          hint: "try? turns the upstream's error into nil, which looks like its end. Use for try "
            + "await, and let the error reach the catch that finishes the stream with it."
        ),
        Mistake(
          name: "the stream is never finished",
          test: "test_anEmptyUpstream_finishesAtOnce_withNothingMade",
          kind: .hung,
          fixtures: ["never-finishes"],
          hint: "After the last event the consumer's loop waits for more, forever: call "
            + "continuation.finish() when the upstream has ended."
        ),
        Mistake(
          name: "a consumer that reads late loses events",
          test: "test_anUpstreamWithNumbersReady_stopsAtTheOwnersCancel",
          saying: "kept until it reads",
          fixtures: ["keeps-the-newest-event"],
          hint: "A consumer may be busy while events are made: what does your stream's buffer "
            + "keep until it reads? Every event must reach it."
        ),
        Mistake(
          name: "a cancelled producer goes on asking the upstream",
          test: "test_anUpstreamWithNumbersReady_stopsAtTheOwnersCancel",
          saying: "the upstream was asked",
          fixtures: ["walks-the-rest-after-a-cancel"],
          hint: "An upstream with its numbers ready never looks at a cancel: it gives the next "
            + "one as soon as you ask. Once cancelled, stop: leave the loop instead of skipping a "
            + "number and asking again."
        ),
        Mistake(
          name: "a producer cancelled by its owner leaves the stream open",
          test: "test_anUpstreamWithNumbersReady_stopsAtTheOwnersCancel",
          kind: .hung,
          fixtures: ["cancelled-producer-never-finishes", "make-cancel-returns-at-the-loop-top"],
          hint: "The producer Task is returned, so its owner can cancel it while the consumer "
            + "still reads. Every way out of the producer must finish the stream, a cancel too."
        ),
        .scenarioDiffers(fixtures: [
          "newest-three-kept", "newest-hundred-kept", "capped-at-1000-events",
          "newest-ten-thousand-kept", "make-cancellation-ends-quietly", "quiet-after-any-cancel",
          "make-urlerror-cancelled-ends-quietly", "cancelled-before-start-returns",
          "posix-ecanceled-ends-quietly", "empty-events-skipped", "events-trimmed",
          "nothing-made-for-a-cancelled-caller", "repeated-event-skipped",
          "underlying-error-thrown", "carriage-returns-stripped",
          "decoding-failure-skips-the-event",
          "events-cut-at-1000-characters", "make-cached-by-number", "minus-one-means-no-reading",
          "numbers-out-of-order-dropped", "peer-closed-ends-quietly",
        ]),
        Mistake(
          name: "streams hold each other up",
          test: "test_manyStreamsAtOnce_eachRelaysAsItsUpstreamGives",
          kind: .hung,
          fixtures: ["one-producer-at-a-time", "relays-take-turns", "at-most-64-relays-at-once"],
          hint: "Each call makes a stream of its own, and many may be read at once, each relaying "
            + "as its own upstream gives. Anything kept outside the call (a global, a static: a "
            + "producer, a gate, a count) is one for all of them: keep each producer with its own "
            + "stream, with no turns and no cap."
        ),
        Mistake(
          name: "make is not given the number the upstream gave",
          test: "test_manyStreamsAtOnce_eachRelaysAsItsUpstreamGives",
          saying: "as its own upstream gave it",
          fixtures: ["make-given-its-position-not-the-number"],
          hint: "make(number) takes the number as the upstream gave it: any Int, in any order, "
            + "repeated or not. Not a count of your own."
        ),
      ]
    ),
    Exercise(
      id: "3b",
      title: "An idempotent stop",
      chapter: chapter03,
      section: "3.2",
      stubFile: "Ex3b_Heartbeat.swift",
      testClass: "Ex3b_HeartbeatTests",
      hints: [
        "Section 3.2's service adopts TaskCancellable: start() keeps its Task in `task`, and "
          + "stop() ends it with cancelTask(). The heartbeat is @MainActor, so stop() runs from "
          + "its first line to its last with nothing else in between: one flag, looked at and "
          + "set at the top, decides which call is the first.",
        "Keep a `stopped` flag. start(): throw HeartbeatStopped() if it is set; make the Task, "
          + "store it in `task`, return it. stop(): return if it is set; set it before anything "
          + "else, since the cancel and close() may call stop() again; then cancelTask() and "
          + "connection.close().",
        "stop(): guard !stopped else { return }; stopped = true; cancelTask(); "
          + "connection.close(). The Task: while true { try await clock.sleep(for: interval); "
          + "try Task.checkCancellation(); try await connection.send(beat); beat += 1 }, in a do "
          + "whose catch returns.",
      ],
      docAnchor: "exercise-3b-an-idempotent-stop",
      mistakes: [
        Mistake(
          name: "stop() is not idempotent",
          test: "test_stopAndStopAgain_closesOnce",
          saying: "stop() twice closed the connection",
          fixtures: ["stop-not-idempotent"],
          hint: "Only the first stop() cancels and closes: remember that the heartbeat was "
            + "stopped, and have every later call return at once."
        ),
        Mistake(
          name: "the task is never kept in `task`",
          test: "test_aStartedHeartbeat_keepsItsTaskInTask_andStopLetsGoOfIt",
          saying: "expected the task start() returned",
          fixtures: ["task-never-stored"],
          hint: "cancelTask() cancels the task in `task`, and finds nil there unless start() "
            + "stored the Task it made: self.task = task, before returning it."
        ),
        Mistake(
          name: "stop() does not cancel the task",
          test: "test_aStartedHeartbeat_keepsItsTaskInTask_andStopLetsGoOfIt",
          saying: "is not cancelled",
          fixtures: ["task-not-cancelled"],
          hint: "Closing the connection does not stop the task that sends on it: call "
            + "cancelTask() in stop()."
        ),
        Mistake(
          name: "beats sent after stop (try? swallows the cancel)",
          test: "test_beatsUntilStop_thenTheConnectionIsClosedOnce",
          saying: "were sent after close()",
          fixtures: ["beats-after-stop"],
          hint: "A cancelled sleep throws; try? turns that into nil and the task sends again, "
            + "on a closed connection. Use try, and let the error end the loop."
        ),
        Mistake(
          name: "no look for cancellation after a wait that returned",
          test: "test_stopJustAsAWaitEnds_noBeatIsSent",
          fixtures: ["beat-after-wait-ended"],
          hint: "A wait that was already over when stop() came returns normally, and the task "
            + "goes on to send. Look again before each send: try Task.checkCancellation() right "
            + "after the sleep."
        ),
        Mistake(
          name: "start() after stop() starts the beats",
          test: "test_stopBeforeStart_startThrows_andNothingIsSent",
          fixtures: ["starts-after-stop"],
          hint: "A stopped heartbeat stays stopped: have start() look at the flag stop() sets, "
            + "and throw HeartbeatStopped() before it makes a Task."
        ),
        Mistake(
          name: "a stop() called while a stop() runs closes again",
          test: "test_stopFromInsideACancellationHandler_closesOnce",
          fixtures: ["check-then-close", "cancel-before-marking"],
          hint: "The cancel ran the wait's cancellation handler, which called stop() again before "
            + "the first stop() had marked the heartbeat stopped. Mark it stopped right after "
            + "the check, before cancelTask() and close()."
        ),
        Mistake(
          name: "the close is decided and marked in two steps",
          test: "test_stopFromInsideClose_closesOnce",
          fixtures: ["closed-marked-after-closing"],
          hint: "close() called stop() again before the first stop() had marked the connection "
            + "closed. Decide whether to close with the same flag, set before close() is called."
        ),
        Mistake(
          name: "the wait is not `every:` long",
          test: "test_beatsComeEveryInterval_forTwoIntervals",
          saying: "expected one wait of `every:`",
          fixtures: ["heartbeat-ignores-every"],
          hint: "Each wait before a beat is as long as the `every:` argument says, on the clock "
            + "given: pass interval to clock.sleep(for:)."
        ),
        Mistake(
          name: "stop() leaves the close to the task",
          test: "test_stopWhileASendIsInFlight_closesBeforeItReturns",
          fixtures: ["close-left-to-the-task"],
          hint: "A cancel does not end a send in flight: the task may go on for as long as the "
            + "send takes. stop() itself must close the connection before it returns."
        ),
        .scenarioDiffers(fixtures: [
          "failing-send-ignored", "timeout-skips-a-beat", "cancel-only-cuts-the-wait",
          "offline-skips-a-beat", "checks-stopped-not-cancelled", "close-before-cancel",
          "beats-capped-at-100", "posix-eagain-skipped", "schedule-from-init",
          "beat-number-from-elapsed-time", "beat-number-wraps-at-256", "interval-capped-at-30-days",
          "interval-in-whole-nanoseconds", "beat-numbers-skip-missed-slots",
          "stopped-marked-after-close",
        ]),
        Mistake(
          name: "an interval of zero taken for no beats at all",
          test: "test_yourAnswer_keepsTheStatement_withAnIntervalOfZero",
          fixtures: ["zero-interval-no-beats"],
          hint: "An interval of zero is an interval like any other: the beats come one after "
            + "another with no time between them, each sent once the one before it is, until "
            + "stop()."
        ),
        Mistake(
          name: "heartbeats share their beat task",
          test: "test_yourAnswer_keepsTheStatement_withTwoHeartbeatsAtOnce",
          fixtures: ["one-heartbeat-at-a-time"],
          hint: "Each Heartbeat has a connection and beats of its own, and several may beat at "
            + "once. A task kept in a static is one for all of them: keep it in the instance's "
            + "task, as TaskCancellable asks."
        ),
      ]
    ),
    Exercise(
      id: "3c",
      title: "A thermometer that lets go",
      chapter: chapter03,
      section: "3.6",
      stubFile: "Ex3c_Thermometer.swift",
      testClass: "Ex3c_ThermometerTests",
      hints: [
        "Section 3.6: a running task holds everything its closure captured, and a stream's "
          + "continuation holds its onTermination closure. In readings(), two closures use self "
          + "without saying so: find each, and what it uses self for.",
        "The task calls read() and uses clock and interval, all through self; onTermination "
          + "calls self.stopReading(), and self keeps the continuation that keeps that closure. "
          + "Let the task capture source, clock and interval, and onTermination capture the task.",
        "let task = Task { [source, interval, clock] in do { while true { "
          + "continuation.yield(try await source.read()); try await clock.sleep(for: interval) } "
          + "} catch { continuation.finish(throwing: error) } }; continuation.onTermination = "
          + "{ _ in task.cancel() }. Then return stream.",
      ],
      docAnchor: "exercise-3c-a-thermometer-that-lets-go",
      mistakes: [
        Mistake(
          name: "the reading task is not cancelled when the consumer goes away",
          test: "test_theConsumerGoesAway_theReadingTaskStops",
          fixtures: ["reading-task-not-cancelled"],
          hint: "When the consumer goes away, the stream calls continuation.onTermination: cancel "
            + "the reading task there (capture the task, not self)."
        ),
        Mistake(
          name: "a closure that captured self keeps the thermometer alive",
          test: "test_theOwnerLetsGo_whileTheConsumerWaits_theThermometerIsFreed_andTheStreamEnds",
          saying: "something still holds it",
          fixtures: [
            "cycle-left-in-place", "on-termination-holds-self", "task-holds-self",
            "weak-self-unwrapped-in-the-loop",
          ],
          hint: "Find the closure that holds self: the task's (a guard let self at the top of its "
            + "loop holds self through every await in it) or onTermination's (self keeps the "
            + "continuation, which keeps that closure: a cycle). Capture what they use instead."
        ),
        Mistake(
          name: "a freed thermometer leaves its task running",
          test: "test_theOwnerLetsGo_whileTheConsumerWaits_theThermometerIsFreed_andTheStreamEnds",
          saying: "expected the task to stop",
          fixtures: ["deinit-leaves-the-task"],
          hint: "Nothing told the task that the thermometer has gone. In deinit, finish the "
            + "stored continuation: the consumer's loop ends, and onTermination cancels the task."
        ),
        Mistake(
          name: "a method called on self? holds self while it runs",
          test: "test_theOwnerLetsGo_whileTheSourceIsRead_theThermometerIsFreed",
          fixtures: ["weak-self-method-call"],
          hint: "[weak self] is not enough: self?.method() holds self until the method returns, "
            + "so through its awaits. Call the source itself, captured by the task."
        ),
        Mistake(
          name: "the wait is not `every:` long",
          test: "test_readingsComeAtOnce_thenEveryInterval_forTwoIntervals",
          fixtures: ["thermometer-ignores-every"],
          hint: "Each wait between two reads is as long as the `every:` argument says, on the "
            + "clock given: pass interval to clock.sleep(for:)."
        ),
        Mistake(
          name: "deinit cancels the task and leaves the stream to it",
          test: "test_theOwnerLetsGo_whileTheConsumerWaits_theThermometerIsFreed_andTheStreamEnds",
          saying: "it threw",
          fixtures: ["deinit-cancels-the-task"],
          hint: "A cancelled task ends the stream with its CancellationError, and only at its next "
            + "look for cancellation, which a read may never take. The consumer must not wait for "
            + "the task: finish the stream in deinit."
        ),
        Mistake(
          name: "thermometers share their readings' state",
          test: "test_twoThermometersAtOnce_eachEndsWhenItsOwnOwnerLetsGo",
          fixtures: ["one-slot-for-every-thermometer"],
          hint: "Two thermometers may read at the same time. Each keeps its own task and "
            + "continuation in its own instance (nothing static or global), so letting go of one "
            + "ends only its readings."
        ),
        .scenarioDiffers(fixtures: [
          "first-read-with-try", "read-cancellation-ends-quietly", "only-changes-yielded",
          "readings-capped-at-100", "rounded-to-a-tenth", "reading-wait-capped-at-an-hour",
          "url-cancel-ends-quietly", "nonfinite-readings-dropped",
          "readings-clamped-at-absolute-zero", "interval-capped-at-a-week", "buffer-newest-200",
          "buffer-newest-16", "sleep-with-tolerance", "nan-made-plain",
          "interval-capped-at-100-million-years", "readings-capped-at-10000",
        ]),
      ]
    ),
  ]
}
