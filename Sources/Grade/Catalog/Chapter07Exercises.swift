// Chapter07's graded exercises (custom publishers): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter07 = ChapterInfo(
    name: "Chapter07",
    title: "Custom publishers",
    docsPage: "Chapter07-CustomPublishers.md"
  )

  static let chapter07Exercises: [Exercise] = [
    Exercise(
      id: "7a",
      title: "Pull only what is owed",
      chapter: chapter07,
      section: "7.1",
      stubFile: "Ex7a_IteratorSubscription.swift",
      testClass: "Ex7a_IteratorSubscriptionTests",
      hints: [
        "Section 7.1's demand loop, with one change: the loop's guard is only the demand and the "
          + "subscriber, and each turn first asks the source; its nil, not a count, ends it.",
        "State: source (Source?, nil once over), subscriber (S?, nil once over), demand (a "
          + "Subscribers.Demand, starting at .none), and sending (a Bool). request adds to the "
          + "demand first, then returns if sending is true.",
        "while demand > 0, let subscriber { guard let value = source?.next() else { "
          + "self.subscriber = nil; source = nil; subscriber.receive(completion: .finished); "
          + "return }; demand -= 1; demand += subscriber.receive(value) }. cancel(): subscriber "
          + "= nil; source = nil.",
      ],
      docAnchor: "exercise-7a-pull-only-what-is-owed",
      mistakes: [
        Mistake(
          name: "more values than were asked for",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "two values sent, no more",
          fixtures: ["demand-ignored"],
          hint: "Count the demand down with each value, and stop at zero: while demand > 0."
        ),
        Mistake(
          name: "the subscriber held weakly",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "the subscriber was freed as soon as only the subscription held it",
          fixtures: ["subscriber-held-weakly"],
          hint: "Nothing else may hold the subscriber: an app often keeps only the subscription "
            + "(or nothing at all). Hold it strongly, and break the cycle by letting go at the "
            + "end, not by holding it weakly."
        ),
        Mistake(
          name: "the subscription hands itself over",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "the subscription must not do it too",
          fixtures: ["hands-itself-over-in-init"],
          hint: "receive(subscription:) is the publisher's call: it makes the subscription, "
            + "then hands it over. A subscription that calls it too hands itself over twice, and "
            + "a subscriber that asks at once is sent values before init has even returned."
        ),
        Mistake(
          name: "the source asked before the first request",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "nothing is asked or sent before the first request",
          fixtures: ["asked-in-init"],
          hint: "The source may be costly, or never end: in init, only keep it. Ask it in "
            + "request(_:), for a value owed."
        ),
        Mistake(
          name: "the source asked ahead of the demand",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "never ahead of the demand",
          fixtures: ["asks-ahead-for-the-end", "value-read-before-the-demand-check"],
          hint: "A value asked for and not sent is a value read ahead: a line of a file read "
            + "before anyone wants it. Ask only when the demand is above zero, even if that "
            + "means the end comes only with a later request."
        ),
        Mistake(
          name: "the source copied at each request",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "from where it was",
          fixtures: ["source-copied-at-each-request"],
          hint: "An iterator may be a struct: var iterator = self.source makes a copy, and what "
            + "the copy reads is lost to the stored one. Call next() on the stored property "
            + "itself (source?.next())."
        ),
        Mistake(
          name: "the source asked again after its nil",
          test: "test_theSource_isAskedOnlyForAValueOwed_soItsEndComesAtALaterRequest",
          saying: "it is never asked again",
          fixtures: ["asked-after-nil"],
          hint: "An iterator that has returned nil may trap or go on if asked again. Once it has "
            + "said nil, let go of it (source = nil) and of the subscriber, before you finish."
        ),
        Mistake(
          name: "a request for .none asks the source",
          test: "test_aRequestForN_asksForNValues_andNothingBeforeIt",
          saying: "then request(.none) asks the source nothing",
          fixtures: ["none-asks-the-source"],
          hint: "Check the demand before each ask, not after: a request for .none owes nothing, "
            + "so it asks nothing."
        ),
        Mistake(
          name: "a request from inside receive(_:) starts a loop of its own",
          test: "test_aRequestFromInsideReceive_addsToTheDemand_andTheLoopSendsIt",
          kind: .crashed,
          fixtures: ["request-recurses"],
          hint: "A request from inside receive(_:) is a call inside your own loop: if it asks "
            + "and sends, it nests, once per value, until the stack overflows. Keep a flag: "
            + "while it is set, request only adds to the demand, and the loop already running "
            + "asks for it."
        ),
        Mistake(
          name: "asked or sent after cancel()",
          test: "test_afterCancel_nothingIsAskedOrSent",
          saying: "after cancel(), a request asks and sends nothing",
          fixtures: ["cancel-ignored"],
          hint: "cancel() must stop everything: let go of the subscriber and the source "
            + "(both nil), so that nothing can be asked or sent."
        ),
        Mistake(
          name: "the subscription keeps itself alive before its end",
          test: "test_aSubscriptionNobodyHolds_isFreed_evenBeforeItsEnd",
          saying: "it keeps itself alive",
          fixtures: ["keeps-itself-until-the-end", "keeps-itself-until-asked"],
          hint: "Whoever holds the subscription decides how long it lives: an app that lets go "
            + "of it before the end wants it gone, and the source with it. Keep no reference to "
            + "yourself."
        ),
        Mistake(
          name: ".finished sent when freed before the end",
          test: "test_aSubscriptionNobodyHolds_isFreed_evenBeforeItsEnd",
          saying: "only the source's nil ends it",
          fixtures: ["finished-from-deinit"],
          hint: "A subscription freed before its end was let go of: its subscriber is gone or "
            + "does not care. The end is the source's to say, with its nil; send nothing from "
            + "deinit."
        ),
        Mistake(
          name: "a request after the end taken for an error",
          test: "test_afterCancel_nothingIsAskedOrSent",
          kind: .crashed,
          fixtures: ["request-after-the-end-traps"],
          hint: "A subscriber may ask again after the end: it may not have seen the completion "
            + "yet, or not care. That is no error: do nothing."
        ),
        Mistake(
          name: "the loop does not see a cancel from inside receive(_:)",
          test: "test_afterCancel_nothingIsAskedOrSent",
          saying: "stops the loop that is sending",
          fixtures: ["cancel-unseen-by-the-loop", "asks-before-the-cancel-check"],
          hint: "A subscriber may cancel from inside receive(_:), while your loop runs: read "
            + "self.subscriber again before each value (while ..., let subscriber), before you "
            + "ask the source, not a copy taken before the loop."
        ),
        Mistake(
          name: "the demand kept in an Int",
          test: "test_demandSaturates_unlimitedPlusMoreIsStillUnlimited",
          kind: .crashed,
          fixtures: ["demand-in-an-int", "demand-in-an-int-and-a-flag"],
          hint: ".unlimited has no number, and Int.max + 1 traps. Keep a Subscribers.Demand: "
            + "its + and - saturate, and .unlimited stays unlimited."
        ),
        Mistake(
          name: "finished again after a request from inside receive(completion:)",
          test: "test_finishedOnce_andNothingAfterIt",
          fixtures: ["finished-again-from-inside-the-completion"],
          hint: "The subscriber may call request from inside receive(completion:). Let go of it "
            + "and of the source before sending the completion, so that request finds nobody "
            + "to ask or send to."
        ),
        Mistake(
          name: "a request replaces the demand",
          test: "test_requestsAddUp_withTheDemandStillDue",
          fixtures: ["demand-replaced"],
          hint: "Demands add up: demand += more. A request made while values are still due "
            + "adds to them."
        ),
        Mistake(
          name: "what receive(_:) returns is dropped",
          test: "test_whatReceiveReturns_addsToTheDemand",
          fixtures: ["returned-demand-dropped"],
          hint: "receive(_:) returns how many more the subscriber wants: demand += "
            + "subscriber.receive(value)."
        ),
        Mistake(
          name: "the subscriber or the source kept after the end",
          test: "test_theSubscriberAndTheSource_areLetGo_afterCancelOrFinished",
          saying: "expected both let go",
          fixtures: ["cancel-keeps-the-subscriber", "end-keeps-the-source"],
          hint: "The subscriber holds its subscription: if the subscription also keeps the "
            + "subscriber after cancel() or .finished, neither is ever freed; and the source may "
            + "hold a file open. Set both to nil."
        ),
        Mistake(
          name: "the subscription keeps itself alive",
          test: "test_theSubscriberAndTheSource_areLetGo_afterCancelOrFinished",
          saying: "it keeps itself alive",
          fixtures: ["keeps-itself-while-sending"],
          hint: "A subscription that holds a reference to itself is never freed unless every "
            + "way out clears it, an early return included. The loop needs none: whoever "
            + "calls request(_:) holds the subscription while the call runs."
        ),
        Mistake(
          name: "a value kept after it was sent",
          test: "test_noValueSent_isKeptByTheSubscription",
          fixtures: [
            "keeps-the-last-value", "keeps-the-current-value-while-running",
            "keeps-every-value-sent", "keeps-the-value-after-a-cancel-inside",
            "keeps-the-last-value-while-receiving",
          ],
          hint: "A value is the subscriber's once sent: keep it in a local constant for the send, "
            + "not in a stored property, which keeps it alive as long as the subscription."
        ),
        Mistake(
          name: "a request for everything cut short",
          test: "test_unlimitedDemand_overMoreThanAMillionValues_sendsThemAll_thenFinished",
          fixtures: ["request-capped-at-a-million"],
          hint: "A subscriber that asked for .unlimited, or for a million, may never ask again: "
            + "what the demand allows is what it waits for, however many values that is."
        ),
        .scenarioDiffers(fixtures: [
          "returned-demand-added-when-run-out", "nested-requests-replaced",
          "returned-demand-dropped-after-65536",
        ]),
        Mistake(
          name: "subscriptions share whether a loop is sending",
          test: "test_yourAnswer_keepsTheStatement_whenTwoSubscribersAskEachOther",
          fixtures: ["sending-flag-shared"],
          hint: "Whether a loop is already sending is one subscription's own: a subscriber may "
            + "ask another subscription from inside receive(_:), and that subscription's loop is "
            + "not running. Keep the flag in the subscription, next to its demand."
        ),
      ]
    ),
    Exercise(
      id: "7b",
      title: "Relay a reader's lines",
      chapter: chapter07,
      section: "7.5",
      stubFile: "Ex7b_RelayLines.swift",
      testClass: "Ex7b_RelayLinesTests",
      hints: [
        "Section 7.5's generator, with a reader in place of the counter: each turn of the loop "
          + "waits while paused, checks whether it is over, and only then reads.",
        "defer { reader.close() } closes it once, whichever way the function leaves. In the "
          + "loop: context.waitIfPaused(); guard !context.cancelled else { throw "
          + "CancellationError() }; then the read.",
        "Keep what the read gave (a line, nil or an error) in a Result, check cancelled once "
          + "more, then switch: a line is sent, nil sends .finished, an error sends "
          + ".failure(error); the last two return.",
      ],
      docAnchor: "exercise-7b-relay-a-readers-lines",
      mistakes: [
        Mistake(
          name: "never finished",
          test: "test_everyLine_isRelayedInOrder_thenTheEnd",
          saying: ".finished sent",
          fixtures: ["never-finished"],
          hint: "A subscriber learns of the end only from a completion: when readLine() returns "
            + "nil, send .finished before you return."
        ),
        Mistake(
          name: "a line changed or dropped",
          test: "test_everyLine_isRelayedInOrder_thenTheEnd",
          saying: "each line sent as read, unchanged",
          fixtures: [
            "empty-line-taken-as-the-end", "empty-lines-skipped", "lines-trimmed",
            "repeated-line-skipped", "lines-normalized", "trailing-line-feed-dropped",
            "crlf-stripped", "lines-cut-at-1024", "byte-order-mark-stripped", "lines-cut-at-4096",
            "end-of-transmission-line-as-the-end",
          ],
          hint: "Only nil is the end. Whatever else readLine() gives is a line, an empty one "
            + "too: send it as it came, each time."
        ),
        Mistake(
          name: "the first read made before any wait",
          test: "test_lines_areReadOnlyWhenWanted_theEndToo",
          saying: "the first read too waits first",
          fixtures: ["no-wait-before-the-first-read", "first-line-before-any-check"],
          hint: "The context is what says whether a line is wanted, at the first read as at "
            + "every other: wait while paused before each read, the first included."
        ),
        Mistake(
          name: "a loop that spins on paused",
          test: "test_lines_areReadOnlyWhenWanted_theEndToo",
          saying: "read paused 100,000 times without waiting",
          fixtures: ["spins-while-paused"],
          hint: "A loop that reads paused until it turns false keeps a core busy while it "
            + "waits. waitIfPaused() sleeps until a request or a cancel wakes it."
        ),
        Mistake(
          name: "lines read while paused",
          test: "test_lines_areReadOnlyWhenWanted_theEndToo",
          saying: "no line read while paused",
          fixtures: ["never-waits", "reads-before-the-wait", "peeks-for-the-end"],
          hint: "A line read while nobody wants it is read ahead, and sending it drops it. Call "
            + "context.waitIfPaused() before every read, the read that finds the end included."
        ),
        Mistake(
          name: "the producer reads on after a cancel",
          test: "test_onACancel_nothingMoreIsRead_andCancellationErrorIsThrown",
          saying: "read on after the cancel",
          fixtures: ["producer-never-stops", "drains-the-reader-after-a-cancel"],
          hint: "waitIfPaused() returns for a cancel as well as for a request. Once cancelled, "
            + "read nothing more: check context.cancelled after each wait."
        ),
        Mistake(
          name: "cancelled checked only before the wait",
          test: "test_onACancel_nothingMoreIsRead_andCancellationErrorIsThrown",
          saying: "after waking up cancelled",
          fixtures: ["cancel-checked-before-the-wait", "first-wait-before-the-loop"],
          hint: "A cancel is what wakes the wait as often as a request: check cancelled after "
            + "waitIfPaused() returns, just before the read."
        ),
        Mistake(
          name: "a cancel ends the run without CancellationError",
          test: "test_onACancel_nothingMoreIsRead_andCancellationErrorIsThrown",
          saying: "expected CancellationError thrown",
          fixtures: ["returns-when-cancelled", "finished-when-woken-cancelled"],
          hint: "A return says the reader was done; a cancel is another ending. Throw "
            + "CancellationError(), and send no completion."
        ),
        Mistake(
          name: "cancelled read only after a pause",
          test: "test_onACancel_nothingMoreIsRead_andCancellationErrorIsThrown",
          saying: "while more were wanted",
          fixtures: ["cancel-checked-only-when-paused"],
          hint: "A subscriber may cancel while it still wants lines (from inside receive(_:)), "
            + "and then no wait comes: check cancelled before every read, not only after a "
            + "pause."
        ),
        Mistake(
          name: "a failed read not sent as the failure",
          test: "test_readFailure_isSentAsTheFailure_andTheRunReturns",
          fixtures: [
            "failure-thrown", "failure-sent-as-finished", "failure-skipped", "try-again-retried",
          ],
          hint: "A read that throws ends the reader's lines: send "
            + "subscriber.receive(completion: .failure(error)) with its error, then return."
        ),
        Mistake(
          name: "a line sent after a cancel that came during its read",
          test: "test_theLineOfAReadThatACancelInterrupts_isNotSent",
          saying: "is not sent",
          fixtures: ["no-check-after-the-read"],
          hint: "A read can block for a long time, and the cancel can come meanwhile: check "
            + "cancelled again after the read, before you send what it gave."
        ),
        Mistake(
          name: "a failure sent after a cancel that came during its read",
          test: "test_theLineOfAReadThatACancelInterrupts_isNotSent",
          saying: "no failure is sent either",
          fixtures: ["failure-sent-after-a-cancel"],
          hint: "Check cancelled after the read whatever the read gave: a line, the end or an "
            + "error. Keep what it gave, check, then act on it."
        ),
        Mistake(
          name: "the reader not closed once",
          test: "test_theReader_isClosedOnce_howeverTheRunEnds",
          fixtures: ["never-closed", "closed-only-at-the-end", "closed-twice-on-a-failure"],
          hint: "Every way out must close the reader, and only once: a defer { reader.close() } "
            + "at the top does both."
        ),
        Mistake(
          name: ".finished sent by a cancelled producer",
          test: "test_whenTheContextSaysCancelled_nothingMoreIsSent_notEvenTheEnd",
          fixtures: ["finished-before-the-cancellation-error"],
          hint: "Once cancelled, send nothing, a completion included: the subscriber asked to "
            + "hear no more. Throw CancellationError() and nothing else."
        ),
        .scenarioDiffers(fixtures: ["lines-capped-at-ten-thousand", "lines-capped-at-100000"]),
      ]
    ),
    Exercise(
      id: "7c",
      title: "A publisher read ahead, with failures",
      chapter: chapter07,
      section: "7.6",
      stubFile: "Ex7c_PrefetchingBridge.swift",
      testClass: "Ex7c_PrefetchingBridgeTests",
      hints: [
        "Section 7.6's ValuesBridge, with withCheckedThrowingContinuation, an array of the "
          + "values that came early, and a place for a failure. What is asked for and what is "
          + "kept always add up to prefetch.",
        "State behind an NSLock: subscription, buffer ([Input]), waiting (a "
          + "CheckedContinuation<Input?, any Error>?), failure, ended, cancelled. "
          + "receive(subscription:) asks for .max(prefetch) after unlocking. receive(_:): a "
          + "waiting next() gets the value and you return .max(1); otherwise append it and "
          + "return .none.",
        "next(): under the lock, take buffer.removeFirst() (and the subscription, to ask for "
          + ".max(1) after unlocking), else throw a kept failure once, else return nil if ended "
          + "or cancelled, else keep the continuation. receive(completion:): once, set ended, "
          + "drop the subscription, end a waiting next() or keep the failure. cancel(): under "
          + "the lock set cancelled, take the subscription and the waiting continuation, empty "
          + "the buffer and the failure; unlocked, cancel, then resume with nil. next() runs "
          + "inside withTaskCancellationHandler { } onCancel: { cancel() }.",
      ],
      docAnchor: "exercise-7c-a-publisher-read-ahead-with-failures",
      checksDataRaces: true,
      mistakes: [
        Mistake(
          name: "the subscription asked for another number than prefetch",
          test: "test_theSubscription_isAskedForPrefetchValuesAtOnce",
          fixtures: ["prefetch-capped-at-64", "unlimited-for-a-large-prefetch"],
          hint: "The subscription is asked for exactly prefetch values, whatever prefetch is: "
            + "request(.max(prefetch)), with no cap and no switch to .unlimited."
        ),
        Mistake(
          name: "the subscription asked for one value, not prefetch",
          test: "test_aFailure_comesAfterTheKeptValues_isThrownOnce_thenNextReturnsNil",
          saying: "asks its subscription for",
          fixtures: ["asks-one-at-subscription"],
          hint: "Reading ahead starts at once: when the subscription comes, ask it for prefetch "
            + "values, before any next()."
        ),
        Mistake(
          name: "the demand returned for a value handed over",
          test: "test_aNextBeforeTheSubscription_waits_andGetsTheFirstValue",
          saying: "receive(_:) returns .max(1)",
          fixtures: ["returns-none-when-handed", "returns-prefetch-when-handed"],
          hint: "A value handed to a waiting next() leaves one less asked for ahead: return "
            + ".max(1) from receive(_:), and nothing else asks for it."
        ),
        Mistake(
          name: "a next() that waits asks too",
          test: "test_aValueWhileANextWaits_goesToIt_andAsksForOneMoreByItsDemand",
          saying: "no request(_:) too",
          fixtures: ["asks-when-a-next-waits-too"],
          hint: "A next() that finds nothing kept waits without asking: prefetch values are "
            + "already asked for, and the value it gets asks for one more by the demand "
            + "receive(_:) returns."
        ),
        Mistake(
          name: "more than one asked for per value taken",
          test: "test_valuesWhileNoNextWaits_areKeptInOrder_andEachTakenAsksForOneMore",
          saying: "each value taken from those kept asks for one more",
          fixtures: ["asks-prefetch-per-value"],
          hint: "Taking one value from those kept frees one place: request(.max(1)), not "
            + "prefetch."
        ),
        Mistake(
          name: "the kept values in the wrong order",
          test: "test_aPublisherThatSendsInsideRequest_getsItsValuesToo",
          saying: "the values kept, oldest first",
          fixtures: ["lifo"],
          hint: "Values are kept in the order they came, and next() takes the oldest: append, "
            + "and remove from the front."
        ),
        Mistake(
          name: "the value asked for while holding the lock",
          test: "test_aPublisherThatSendsInsideRequest_getsItsValuesToo",
          kind: .hung,
          fixtures: ["asks-under-lock"],
          hint: "A publisher may send from inside request(_:), and receive(_:) takes your lock: "
            + "decide under the lock, then call request(.max(1)) after unlocking."
        ),
        Mistake(
          name: "the values asked for in receive(subscription:) while holding the lock",
          test: "test_aNextBeforeTheSubscription_waits_andGetsTheFirstValue",
          kind: .hung,
          fixtures: ["subscription-asked-inside-the-lock"],
          hint: "A publisher may send from inside request(_:), and receive(_:) takes the lock: "
            + "keep the subscription under the lock, and ask for prefetch values after unlocking."
        ),
        Mistake(
          name: "a value taken after the end still asks, or the subscription kept after it",
          test: "test_cancel_endsAWaitingNext_dropsWhatIsKept_andNothingComesAfter",
          saying: "after the failure, nothing to cancel",
          fixtures: ["asks-after-the-end"],
          hint: "Once the publisher has completed it sends nothing more: let go of the "
            + "subscription then, so that taking a kept value asks for nothing and cancel() "
            + "cancels nothing."
        ),
        Mistake(
          name: "the end returned before the kept values",
          test: "test_theEnd_comesAfterTheKeptValues_andNothingIsAskedAfterIt",
          saying: "the kept values first, then the end",
          fixtures: ["end-before-kept-values"],
          hint: ".finished says that nothing more will come, not that what came is gone: next() "
            + "returns the kept values first, and nil once none is left."
        ),
        Mistake(
          name: "a failure thrown before the kept values",
          test: "test_aFailure_comesAfterTheKeptValues_isThrownOnce_thenNextReturnsNil",
          saying: "next() threw it first",
          fixtures: ["failure-before-kept-values"],
          hint: "The values that came before the failure are delivered first: in next(), look "
            + "at the kept values before the kept failure."
        ),
        Mistake(
          name: "a failure lost while no next() waits",
          test: "test_aFailure_comesAfterTheKeptValues_isThrownOnce_thenNextReturnsNil",
          saying: "a failure kept is thrown by the next() after the kept values",
          fixtures: ["failure-lost-while-none-waits"],
          hint: "A failure can come while no next() waits. Keep it, and let the next() that "
            + "finds nothing else kept throw it."
        ),
        Mistake(
          name: "the failure returned as the end",
          test: "test_aFailure_comesAfterTheKeptValues_isThrownOnce_thenNextReturnsNil",
          saying: "a failure while a next() waits is thrown by it",
          fixtures: ["failure-swallowed"],
          hint: "A .failure is not a finish: resume the waiting next() with "
            + "resume(throwing: error)."
        ),
        Mistake(
          name: "the failure thrown again and again",
          test: "test_aFailure_comesAfterTheKeptValues_isThrownOnce_thenNextReturnsNil",
          saying: "the failure is thrown once, then next() returns nil",
          fixtures: ["failure-thrown-forever"],
          hint: "A failure ends the stream, once: after throwing it, forget it, and let next() "
            + "return nil."
        ),
        Mistake(
          name: "what was kept delivered after cancel()",
          test: "test_cancel_endsAWaitingNext_dropsWhatIsKept_andNothingComesAfter",
          saying: "cancel() drops the values kept",
          fixtures: ["cancel-keeps-buffer"],
          hint: "After cancel(), next() returns nil: the loop asked to stop, so empty the values "
            + "kept."
        ),
        Mistake(
          name: "a kept failure thrown after cancel()",
          test: "test_cancel_endsAWaitingNext_dropsWhatIsKept_andNothingComesAfter",
          saying: "a failure that was kept is not thrown",
          fixtures: ["cancel-keeps-failure"],
          hint: "After cancel(), next() returns nil: forget a failure kept for a later next()."
        ),
        Mistake(
          name: "a value delivered after cancel()",
          test: "test_cancel_endsAWaitingNext_dropsWhatIsKept_andNothingComesAfter",
          saying: "nothing after cancel(): not a value already on its way",
          fixtures: ["value-after-cancel-kept"],
          hint: "A value can still be on its way when you cancel. After cancel(), drop what "
            + "comes rather than keeping it."
        ),
        Mistake(
          name: "a cancelled task waits forever",
          test: "test_aTaskCancelledInNext_cancelsTheSubscription_andNextReturnsNil",
          kind: .hung,
          fixtures: ["task-cancel-ignored"],
          hint: "Nothing tells a continuation that its task was cancelled: wrap next() in "
            + "withTaskCancellationHandler { ... } onCancel: { cancel() }."
        ),
        Mistake(
          name: "the subscription is not cancelled",
          test: "test_aTaskCancelledInNext_cancelsTheSubscription_andNextReturnsNil",
          saying: "cancelling the task cancels the subscription",
          fixtures: ["subscription-not-cancelled"],
          hint: "Ending next() is half of it: the publisher must stop too. cancel() calls "
            + "subscription.cancel()."
        ),
        Mistake(
          name: "a task's cancel ends one next(), not the bridge",
          test: "test_aTaskCancelledInNext_cancelsTheSubscription_andNextReturnsNil",
          saying: "after a task's cancel",
          fixtures: ["task-cancel-not-final"],
          hint: "A cancelled task cancels the subscription: the bridge is over for good. Call "
            + "cancel() from onCancel, so that later next() calls return nil."
        ),
        Mistake(
          name: "a subscription that comes after the end is kept",
          test: "test_theEnd_thenASubscription_isCancelled",
          fixtures: ["late-subscription-kept"],
          hint: "Once the bridge is over, nobody will take a value: cancel a subscription that "
            + "comes late, so that its publisher can stop, and ask it for nothing."
        ),
        Mistake(
          name: "the waiting next() ended before the subscription is cancelled",
          test: "test_whileCancelRuns_theSubscriptionIsCancelledBeforeTheWaitingNextEnds",
          saying: "expected the subscription cancelled",
          fixtures: ["next-ended-before-the-cancel"],
          hint: "A resumed next() can run at once, and the loop around it with it, while the "
            + "publisher still thinks someone listens. Stop the publisher first: cancel the "
            + "subscription, then resume the waiting next() with nil."
        ),
        Mistake(
          name: "the subscription cancelled while holding the lock",
          test: "test_whenTheSubscriptionsCancelSendsTheEnd_cancelDoesNotHang",
          kind: .hung,
          fixtures: ["cancelled-inside-the-lock"],
          hint: "A subscription's cancel() may call back into the bridge, which takes the "
            + "lock: take the subscription out under the lock, and cancel it after unlocking."
        ),
        Mistake(
          name: "the lock held while handing a value or the end over",
          test: "test_whileTheCallerRunsInsideTheResume_anotherThreadsCancelReturns",
          saying: "did not return",
          fixtures: [
            "value-handed-over-inside-the-lock", "recursive-lock-resumes-inside",
            "completion-resumes-inside-a-recursive-lock", "completion-resumed-inside-the-lock",
          ],
          hint: "A resumed next() can run at once, inside resume(), on the thread that resumed "
            + "it (an executor that runs its jobs at once does that); if that thread still holds "
            + "the lock, every other thread waits for the caller's loop. Take what you need under "
            + "the lock, unlock, then resume, ask or cancel."
        ),
        Mistake(
          name: "the lock held while asking for one more",
          test: "test_withAPublisherWhoseRequestWaitsForItsOwnThreadsSend_valuesGetThrough",
          saying: "is the bridge's lock still held while it asks?",
          fixtures: ["asks-inside-a-recursive-lock"],
          hint: "A publisher may send the value you ask for from a thread of its own, and wait "
            + "for it inside request(_:). If your lock is still held while you ask, that thread "
            + "waits for your lock and you wait for it. Take the value under the lock, unlock, "
            + "then ask."
        ),
        Mistake(
          name: "the subscription let go only after the completion's resume",
          test: "test_withinTheEndsResume_aCancel_findsNoSubscriptionToCancel",
          saying: "the subscription was cancelled after its end",
          fixtures: ["subscription-let-go-after-the-end-resumes"],
          hint: "The caller of next() may run inside the resume that ends it, and call cancel() "
            + "there. Let the subscription go in the same locked step that notes the end, before "
            + "you resume, so that cancel() finds nothing to cancel."
        ),
        Mistake(
          name: "what is kept dropped only after the subscription is cancelled",
          test: "test_withValuesKept_aNextFromInsideTheSubscriptionsCancel_getsNil",
          saying: "cancel() drops what is kept before it cancels the subscription",
          fixtures: ["cancel-drops-kept-after-cancelling"],
          hint: "The subscription's cancel() may lead to a next() (another task of the loop, "
            + "say). Mark the bridge over and drop what is kept in one locked step, then cancel "
            + "the subscription."
        ),
        Mistake(
          name: "a value handed over, then dropped because the task was cancelled",
          test: "test_withAValueHandedOver_aTaskCancel_stillLetsNextReturnIt",
          saying: "a value handed to a waiting next() is its",
          fixtures: ["cancelled-task-drops-the-handed-value"],
          hint: "Once receive(_:) has handed a value to the waiting next(), that value is the "
            + "next()'s answer: a cancel that comes before the caller runs again does not take it "
            + "back. Return what the continuation gave."
        ),
        Mistake(
          name: "the demand for a handed value decided after the resume",
          test: "test_withinTheValuesResume_aCancel_leavesMaxOneReturned",
          saying: "whatever its caller then does",
          fixtures: ["handed-demand-decided-after-resuming"],
          hint: "The resumed next()'s caller may run inside resume() and cancel the bridge. "
            + "Decide the demand under the lock, when you hand the value over: a value handed to "
            + "a waiting next() returns .max(1)."
        ),
        Mistake(
          name: "a continuation resumed twice",
          test: "test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario",
          kind: .crashed,
          fixtures: ["resumed-twice", "task-cancel-keeps-the-continuation", "ring-grows-wrapped"],
          hint: "A crash in a generated run is most often a continuation resumed twice: whatever "
            + "resumes the waiting one (a value, the end, a failure, a cancel, a task's cancel) "
            + "takes it out of the state in the same withLock, so that nothing else can find it. "
            + "Otherwise it is a trap of your own code (an index out of range, a nil unwrapped, "
            + "in the values kept, say): the run named says which steps lead there."
        ),
        Mistake(
          name: "a failure leaves the waiting continuation set",
          test: "test_aFailure_thenACancel_resumeTheWaitingNextOnce",
          kind: .crashed,
          fixtures: ["failure-not-cleared"],
          hint: "A continuation is resumed once. Whatever resumes it (a value, the end, a "
            + "failure, a cancel) takes it out of the state, so nothing can resume it again."
        ),
        Mistake(
          name: "the state is shared without a lock",
          test: "test_cancelAndTheEndFromTwoThreadsAtOnce_resumeTheWaitingNextOnce",
          kind: .dataRace,
          fixtures: ["unlocked-state"],
          hint: "cancel() may come from any thread while a value or the end comes from another: "
            + "read and write the state only while holding one lock."
        ),
        Mistake(
          name: "next() looks and waits in two locked sections",
          test: "test_twoThreads_aCancelAndANextAtOnce_theNextEnds",
          saying: "next() calls still wait after",
          fixtures: ["wait-kept-in-a-second-lock"],
          hint: "Between two withLocks, a value, the end or a cancel can come from another "
            + "thread and find no next() waiting: it is kept or ends nothing, and this next() "
            + "then waits for good. Look for what is kept and store the continuation in one "
            + "withLock."
        ),
        Mistake(
          name: "the subscription kept in another withLock than the one that checks for the end",
          test: "test_twoThreads_theSubscriptionAndACancelAtOnce_theSubscriptionIsCancelledOnce",
          fixtures: [
            "end-checked-apart-from-keeping-the-subscription", "subscription-kept-without-the-lock",
          ],
          hint: "Between two withLocks, cancel() can run on another thread, find no "
            + "subscription to cancel, and end the bridge; the subscription kept after it is "
            + "never cancelled. Decide whether it is late and keep it in the same withLock."
        ),
        Mistake(
          name: "a failure missed by a next() that meets it from another thread",
          test: "test_twoThreads_withAFailure_aNextAtOnce_theNextThrowsIt",
          fixtures: ["failure-checked-apart-from-the-wait"],
          hint: "Between two withLocks, a failure can come from another thread, find no next() "
            + "waiting and be kept, while this next() has already looked for a kept one: it then "
            + "sees only the end. Whatever next() decides, it decides in one withLock."
        ),
        Mistake(
          name: "a failure kept after a cancel that met it from another thread",
          test: "test_twoThreads_withAFailure_aCancelAtOnce_nothingComesAfterTheCancel",
          saying: "nothing is delivered, not a failure kept for later",
          fixtures: ["failure-kept-in-a-second-lock"],
          hint: "Between the withLock that marks the end and one that keeps the failure, "
            + "cancel() (or a next()) can run on another thread and find the bridge over with "
            + "nothing kept. What the end changes, it changes in one withLock."
        ),
        Mistake(
          name: "the kept failure shared without the lock",
          test: "test_twoThreads_withAFailure_aCancelAtOnce_nothingComesAfterTheCancel",
          kind: .dataRace,
          fixtures: ["kept-failure-unlocked"],
          hint: "A failure is kept on the publisher's thread and read or dropped on others (a "
            + "next(), a cancel()): it is state like the rest, read and written only while "
            + "holding the lock."
        ),
        Mistake(
          name: "a continuation resumed by a failure and again by a cancel at once",
          test: "test_twoThreads_withAFailure_aCancelAtOnce_nothingComesAfterTheCancel",
          kind: .crashed,
          fixtures: ["waiting-cleared-after-the-failure-resumes"],
          hint: "Once a failure has taken the waiting continuation out to resume it, nobody else "
            + "may find it: a cancel() on another thread, between your withLocks, resumes it "
            + "again. Take it out of the state in the same withLock that finds it."
        ),
        Mistake(
          name: "a value or a completion taken after the publisher's end",
          test: "test_afterTheEnd_aValueOrASecondCompletion_isDropped",
          saying: "a value or another completion from the publisher is dropped",
          fixtures: ["value-after-the-end-kept", "completion-after-the-end-taken"],
          hint: "A broken publisher may go on after its end. Once the completion has come, drop "
            + "whatever comes after it, as after cancel(): a value is not kept, and a second "
            + "completion changes nothing."
        ),
        Mistake(
          name: "a value kept in another withLock than the one that checks for the end",
          test: "test_twoThreads_aValueAndACancelAtOnce_nothingIsDeliveredAfter",
          fixtures: ["value-kept-apart-from-the-end-check", "value-kept-in-a-second-lock"],
          hint: "Between two withLocks, cancel() can run on another thread, drop what is kept and "
            + "end the bridge; a value kept after it is then delivered after the cancel. Decide "
            + "whether the bridge is over, and keep the value, in the same withLock."
        ),
        Mistake(
          name: "a continuation resumed by a task's cancel and by cancel() at once",
          test: "test_twoThreads_aTaskCancelAndACancelAtOnce_theNextEndsOnce",
          kind: .crashed,
          fixtures: [
            "resumed-twice", "task-cancel-keeps-the-continuation",
            "cancel-clears-the-wait-after-resuming",
          ],
          hint: "A task's cancel and cancel() may both find the waiting continuation. Whatever "
            + "resumes it takes it out of the state in the same withLock that finds it, so that "
            + "the other finds nothing; call cancel() from onCancel."
        ),
        Mistake(
          name: "the subscription kept apart from the end, met by a task's cancel",
          test:
            "test_twoThreads_aTaskCancelAndTheSubscriptionAtOnce_theSubscriptionIsCancelledOnce",
          fixtures: ["end-checked-apart-from-keeping-the-subscription"],
          hint: "Between two withLocks, a task's cancel can end the bridge on another thread and "
            + "find no subscription to cancel; the subscription kept after it is never cancelled. "
            + "Decide whether it is late and keep it in the same withLock."
        ),
        Mistake(
          name: "the subscription kept after asking it",
          test: "test_twoThreads_theSubscriptionSendingInsideRequestAndANextAtOnce_theLoopGoesOn",
          saying: "after the subscription and a next()",
          fixtures: ["subscription-kept-after-asking"],
          hint: "A publisher may send from inside the first request, and a next() on another "
            + "thread may take that value at once: keep the subscription before you ask it (in the "
            + "withLock that checks for the end), so that the next() finds it to ask for one more."
        ),
        Mistake(
          name: "a task's cancel noted in two locked sections",
          test: "test_twoThreads_aTaskCancelAndACancelAtOnce_theNextEndsOnce",
          saying: "expected nil, and cancelled once",
          fixtures: ["task-cancel-noted-in-a-second-lock"],
          hint: "A task's cancel and cancel() may come at once: whatever they take (the "
            + "subscription, the waiting next()) and the note that the bridge is over are changed "
            + "in one withLock, so that only one of them cancels the subscription. Call cancel() "
            + "from onCancel."
        ),
        .scenarioDiffers(
          fixtures: [
            "cancellation-failure-ends-quietly", "econnaborted-ends-quietly",
            "compaction-drops-one-after-8192-taken", "kept-values-bounded-by-prefetch",
            "late-failure-dropped-after-65536-values",
            "unlimited-after-65536-values", "kept-values-capped-at-1024",
          ],
          kind: .failedTest
        ),
      ]
    ),
  ]
}
