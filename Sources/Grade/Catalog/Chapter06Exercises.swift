// Chapter06's graded exercises (byte accumulation): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter06 = ChapterInfo(
    name: "Chapter06",
    title: "Byte accumulation",
    docsPage: "Chapter06-ByteAccumulation.md"
  )

  static let chapter06Exercises: [Exercise] = [
    Exercise(
      id: "6.1",
      title: "The accumulator",
      chapter: chapter06,
      section: "6.3",
      stubFile: "Ex6_1_ByteAccumulator.swift",
      testClass: "Ex6_1_ByteAccumulatorTests",
      hints: [
        "Section 6.3's ByteAccumulator: storage allocated once, an offset, and where the "
          + "current batch starts (6.3's way) or, as the hints do, a count of its bytes.",
        "batchSize = max(size / 20, 1); bytes = [UInt8](repeating: 0, count: size); the batch "
          + "count starts at 0 with the first batch, and a flag, checked, says whether "
          + "checkCompleted() was called yet; isBatchCompleted is batchCount >= batchSize.",
        "checkCompleted(): defer { batchCount = 0; checked = true }; return checked && "
          + "batchCount == 0. progress: size > 0 "
          + "? Double(offset) / Double(size) : 1. data: Data(bytes[0..<offset]). append past the "
          + "storage: bytes.append(byte).",
      ],
      docAnchor: "exercise-61-the-accumulator",
      mistakes: [
        Mistake(
          name: "the description always in KB",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "1.6 MB",
          fixtures: ["description-always-in-kb"],
          hint: "ByteCountFormatter picks the unit from the count: bytes, KB, MB. Leave its "
            + "allowedUnits alone, and 1,572,864 bytes read as 1.6 MB."
        ),
        Mistake(
          name: "storage that copies share",
          test: "test_theAccumulatorIsAStruct_aCopyKeepsWhatItHad",
          saying: "expected [1, 2] in",
          fixtures: ["storage-shared-by-copies"],
          hint: "A struct holding a class instance (NSMutableData) copies the reference, not the "
            + "bytes: two copies then write into one storage. Keep the bytes in a value type, "
            + "such as [UInt8] or Data, which copies on write."
        ),
        Mistake(
          name: "a batch of 0 bytes for a small file",
          test: "test_aBatchIsATwentiethOfTheSize_butNeverNoBytes",
          saying: "a batch of 0 bytes is full before a byte comes",
          fixtures: ["batch-of-zero"],
          hint: "size / 20 is 0 below 20 bytes: take max(size / 20, 1)."
        ),
        Mistake(
          name: "a batch completed a byte late",
          test: "test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes",
          saying: "100 / 20 = 5 bytes a batch",
          fixtures: ["batch-one-too-many"],
          hint: "A batch is full when it holds batchSize bytes: >=, not >. Count the bytes in "
            + "the batch from 0 after each checkCompleted()."
        ),
        Mistake(
          name: "a full batch stops being full a byte later",
          test: "test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes",
          saying: "a full batch stays full",
          fixtures: ["batch-full-only-at-size"],
          hint: "isBatchCompleted is batchCount >= batchSize: a batch with more bytes than "
            + "batchSize (bytes past the size, say) is full too."
        ),
        Mistake(
          name: "checkCompleted() says true before any batch",
          test: "test_aBatchIsCompleted_exactlyWhenItHoldsBatchSizeBytes",
          saying: "the first check starts the first batch",
          fixtures: ["checked-completed-at-first"],
          hint: "The seed's loop starts with while !checkCompleted(): the first call must say "
            + "false, whatever the batch holds. Keep a flag that says whether it was called yet."
        ),
        Mistake(
          name: "the first batch starts at the first check",
          test: "test_checkCompleted_afterBytesThatCameBeforeTheFirstCheck",
          saying: "the first batch starts with the accumulator",
          fixtures: ["first-batch-from-the-first-check"],
          hint: "Bytes can come before the first checkCompleted(): they are the first batch's. "
            + "Count the batch from 0, and make the first call say false with a flag, not with a "
            + "count that starts at -1."
        ),
        Mistake(
          name: "a batch size rounded to the nearest byte",
          test: "test_aBatchIsATwentiethOfTheSize_butNeverNoBytes",
          saying: "rounded down",
          fixtures: ["batch-rounded-to-nearest"],
          hint: "A twentieth in whole bytes, rounded down, as 6.2 and section 6.3 take it: Int "
            + "division, max(size / 20, 1). 30 bytes are batches of 1."
        ),
        Mistake(
          name: "progress in whole percents",
          test: "test_progress_isTheExactFraction",
          saying: "not rounded",
          fixtures: ["progress-in-whole-percents"],
          hint: "progress is the fraction itself, Double(offset) / Double(size): rounding it to "
            + "percents is for whoever draws it."
        ),
        Mistake(
          name: "the last, short batch completed with the file",
          test: "test_theLastBatchOfAFile_isCompletedOnlyWhenFull",
          saying: "a complete file does not fill its last batch",
          fixtures: ["last-batch-completed-with-the-file"],
          hint: "isBatchCompleted looks at the current batch only: batchCount >= batchSize. A "
            + "file's last batch can be short; a loop finds the end when a round gets no byte."
        ),
        Mistake(
          name: "progress divided in Int",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "786,432 of 1,572,864 bytes",
          fixtures: ["progress-in-int"],
          hint: "offset / size in Int is 0 until the last byte. Divide Double(offset) by "
            + "Double(size)."
        ),
        Mistake(
          name: "data is the whole storage",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "data holds the bytes that came",
          fixtures: ["whole-storage"],
          hint: "The storage is allocated at the full size, zeros and all. data is only the "
            + "bytes that came: Data(bytes[0..<offset])."
        ),
        Mistake(
          name: "the description without ByteCountFormatter",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "the size from ByteCountFormatter",
          fixtures: ["raw-byte-count"],
          hint: "\"[small.bin] 786 KB\": the name in brackets, then "
            + "ByteCountFormatter().string(fromByteCount: Int64(offset))."
        ),
        Mistake(
          name: "a size of 0 is rejected",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "a size of 0 is a file with no bytes",
          fixtures: ["zero-size-throws"],
          hint: "An empty file is a file: only a negative size is InvalidSize (guard size >= 0)."
        ),
        Mistake(
          name: "an empty file's loop never ends",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "the second check finds the batch empty",
          fixtures: ["empty-file-never-completes"],
          hint: "checkCompleted() is true when the batch it ends had no bytes, whether or not "
            + "any byte ever came: for an empty file, the second check."
        ),
        Mistake(
          name: "an empty file's progress is 0 / 0",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "1.0, not 0 / 0",
          fixtures: ["empty-file-never-done"],
          hint: "0.0 / 0.0 is NaN, and a bar that shows it never completes. A size of 0 has "
            + "nothing to wait for: progress 1."
        ),
        Mistake(
          name: "progress stops at 1",
          test: "test_bytesPastTheSize_areKept",
          saying: "even past 1",
          fixtures: ["progress-capped-at-one"],
          hint: "progress is the bytes so far over the size, nothing more: a server that sent "
            + "more than it announced shows as more than 1.0, so leave out min(..., 1)."
        ),
        Mistake(
          name: "a byte past the size crashes",
          test: "test_bytesPastTheSize_areKept",
          kind: .crashed,
          fixtures: ["crash-past-size"],
          hint: "A server may send more than it announced. bytes[offset] past the end traps: "
            + "when offset reaches bytes.count, append instead."
        ),
        Mistake(
          name: "a byte past the size is not counted in a batch",
          test: "test_bytesPastTheSize_areKept",
          saying: "a byte past the size is in a batch too",
          fixtures: ["past-size-not-in-batch"],
          hint: "Count every byte that comes in its batch, past the size too, or the last batch "
            + "never fills."
        ),
        Mistake(
          name: "a class, as in the seed",
          test: "test_theAccumulatorIsAStruct_aCopyKeepsWhatItHad",
          saying: "a copy keeps what it had",
          fixtures: ["a-class"],
          hint: "Section 6.5: a class's stored properties are checked for exclusive access on "
            + "every access, several times a byte. Make it a struct, with mutating append and "
            + "checkCompleted()."
        ),
        Mistake(
          name: "a batch completed because the file is",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "isBatchCompleted was true",
          fixtures: ["completed-once-full"],
          hint: "isBatchCompleted is about the current batch only: true once it holds "
            + "batchSize bytes, however many bytes the file has in all."
        ),
        .scenarioDiffers(fixtures: [
          "storage-grown-byte-by-byte", "name-last-path-component", "batch-count-saturating-uint16",
          "bytes-past-size-capped-at-64-kib", "progress-nan-taken-for-1",
          "description-capped-at-the-size", "batch-size-from-the-storage",
          "storage-capped-at-1-mib", "storage-capped-at-128-mib", "sizes-past-a-gigabyte-rejected",
          "storage-reserved-only-from-64-kb", "storage-capped-at-2-gib",
          "sizes-past-4-gib-rejected", "data-shares-the-storage",
        ]),
        Mistake(
          name: "a small file's storage is not allocated by init",
          test: "test_yourAnswer_keepsTheStatement_withThousandsOfSmallAccumulators",
          fixtures: ["small-storage-grown", "storage-allocated-only-from-64-bytes"],
          hint: "The storage is allocated once, by init, whatever the size: a few bytes as well as "
            + "a gigabyte. Growing it byte by byte allocates again and again, and a size known up "
            + "front is there to avoid exactly that."
        ),
      ]
    ),
    Exercise(
      id: "6.2",
      title: "The batch loop",
      chapter: chapter06,
      section: "6.3",
      stubFile: "Ex6_2_CollectInBatches.swift",
      testClass: "Ex6_2_CollectInBatchesTests",
      hints: [
        "Section 6.3's batch loop, fixed, with a count of the bytes in the current batch "
          + "instead of an accumulator.",
        "for try await byte in bytes { data.append(byte); inBatch += 1; if inBatch == "
          + "batchSize { inBatch = 0; report, and return data if it says false } }; after the "
          + "loop, report once more only if inBatch > 0.",
        "try Task.checkCancellation() for each byte, before it counts, again after each report, "
          + "and once after the loop: a cancelled task's loop over a stream can just end, and that "
          + "is not the end of the body.",
      ],
      docAnchor: "exercise-62-the-batch-loop",
      mistakes: [
        Mistake(
          name: "the last batch reported twice (the seed's loop)",
          test: "test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce",
          saying: "no report for a batch with no bytes",
          fixtures: ["last-batch-twice"],
          hint: "After the loop, the batch may be empty: the body ended on a batch boundary, "
            + "and that batch was reported. Report after the loop only if inBatch > 0."
        ),
        Mistake(
          name: "the fraction divided in Int",
          test: "test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce",
          saying: "every fraction before the last was 0",
          fixtures: ["fraction-in-int-past-0", "fraction-in-int"],
          hint: "data.count / size in Int is 0 until the end, and traps when the size is 0 (a "
            + "server that said 0 bytes and sent some): Double(data.count) / Double(size), which "
            + "is past 1.0 there."
        ),
        Mistake(
          name: "a batch reported a byte late",
          test: "test_aSizeThatDividesIntoBatches_endsWithTheLastBatch_reportedOnce",
          saying: "the moment the first batch of 2,000",
          fixtures: ["batch-boundary-off-by-one"],
          hint: "Report when the batch holds exactly batchSize bytes: ==, not >."
        ),
        Mistake(
          name: "the bytes left over are never reported",
          test: "test_everyBatchOnce_thenTheBytesLeftOver_once",
          saying: "the last 3 bytes are reported once",
          fixtures: ["bytes-left-over-unreported"],
          hint: "After the loop, report the bytes that did not fill a batch: without that "
            + "report, progress never reaches 1.0."
        ),
        Mistake(
          name: "the last bytes judged by the size",
          test: "test_theLastBytesOfABodyShorterThanItsSize_areReportedOnce",
          saying: "its last 1,000 bytes are reported once",
          fixtures: ["leftover-by-size"],
          hint: "A body can end before its size. After the loop, report if the current batch "
            + "has bytes (inBatch > 0), whatever size % batchSize says."
        ),
        Mistake(
          name: "batches of 0 bytes for a tiny body",
          test: "test_aTinyBody_isABatchPerByte",
          saying: "never of 0",
          fixtures: ["batch-without-max"],
          hint: "size / 20 is 0 below 20 bytes: batchSize = max(size / 20, 1)."
        ),
        Mistake(
          name: "report's false is ignored",
          test: "test_whenReportReturnsFalse_itStops_andReturnsTheBytesSoFar",
          saying: "no report after the one that said stop",
          fixtures: ["stop-ignored"],
          hint: "report returns false for \"cancel all\": return the bytes so far at once."
        ),
        Mistake(
          name: "cancellation is never checked",
          test: "test_whenTheTaskIsCancelledInTheBytesLeftOver_theyAreNotReported",
          saying: "not an end of the body",
          fixtures: ["cancellation-ignored"],
          hint: "A cancelled task's bytes may go on, or just end, mid-batch: neither is the end "
            + "of the body. try Task.checkCancellation() for each byte, and after the loop."
        ),
        Mistake(
          name: "cancellation is not checked after the loop",
          test: "test_whenTheTaskIsCancelled_andItsBytesJustEnd_itStillThrows",
          saying: "not an end of the body",
          fixtures: ["cancel-not-checked-at-the-end"],
          hint: "A cancelled task's bytes may just end, mid-batch: that is not the end of the "
            + "body. try Task.checkCancellation() after the loop too."
        ),
        Mistake(
          name: "the bytes left over reported after a cancel",
          test: "test_whenTheTaskIsCancelled_andItsBytesJustEnd_itStillThrows",
          saying: "no report after the cancel, not even of",
          fixtures: ["leftover-reported-before-the-check"],
          hint: "The report of the bytes left over is a report too: check for cancellation "
            + "before it, not after."
        ),
        Mistake(
          name: "a batch reported after a cancel",
          test: "test_whenTheTaskIsCancelledMidBatch_andBytesStillCome_nothingIsReportedAfter",
          fixtures: ["batch-reported-after-a-cancel", "cancel-checked-only-at-the-end"],
          hint: "A cancel can come mid-batch, and bytes already on their way still come after "
            + "it. Check for cancellation for each byte, before it counts, not only after a "
            + "report."
        ),
        Mistake(
          name: "the cancel after the loop checked only when bytes are left over",
          test: "test_whenTheTaskIsCancelled_justAfterABatch_andItsBytesEnd_itStillThrows",
          saying: "not an end of the body",
          fixtures: ["cancel-checked-only-with-bytes-left-over"],
          hint: "A cancel can end the bytes right after a full batch, with none left over. The "
            + "check after the loop is about how the loop ended, whatever is in the batch."
        ),
        Mistake(
          name: "the bytes past the size dropped",
          test: "test_wholeBody_evenPastItsSize_isKeptAndReported",
          saying: "past the size too",
          fixtures: ["bytes-past-the-size-dropped"],
          hint: "The size is what the server said, not a promise: read every byte the body has "
            + "and report the ones past the size as any others, so the fraction can pass 1.0."
        ),
        Mistake(
          name: "an error of the body taken for a cancel, or for its end",
          test: "test_whenTheBodyFailsPartWay_itsErrorComesOutAsItIs",
          saying: "expected the body's error, as it is",
          fixtures: ["body-error-as-cancel", "body-error-as-end"],
          hint: "An error from the bytes is the download failing: let for try await throw it as "
            + "it is. Caught, a lost connection turns into a cancel, or into a short body that "
            + "looks whole."
        ),
        Mistake(
          name: "a size of 0 returns at once",
          test: "test_whenTheTaskIsCancelled_withAnEmptyBody_itStillThrows",
          saying: "no byte came",
          fixtures: ["size-0-returns-nothing"],
          hint: "A size of 0 is only what the server said: the body may still have bytes, and "
            + "the task may be cancelled. Run the same loop and the same checks, with batches of "
            + "max(0 / 20, 1) = 1 byte."
        ),
        .scenarioDiffers(fixtures: [
          "reads-on-after-a-cancel", "econnaborted-as-connection-lost",
          "cancel-checked-only-at-batch-ends", "capacity-from-the-size",
          "cancel-checked-before-the-stop", "cancel-checked-every-64-bytes",
          "body-url-error-cancelled-as-a-cancel", "connection-lost-returns-the-bytes-so-far",
          "fraction-in-float", "batch-capped-at-64-kib", "posix-error-as-url-error",
          "body-cancellation-error-as-end", "reports-capped-at-100", "batch-capped-at-1-mib",
          "reports-capped-at-10000", "reports-capped-at-65536", "epsilon-guarded-fraction",
        ]),
      ]
    ),
    Exercise(
      id: "6.3",
      title: "A part, and nothing else",
      chapter: chapter06,
      section: "6.2",
      stubFile: "Ex6_3_DownloadPart.swift",
      testClass: "Ex6_3_DownloadPartTests",
      hints: [
        "Section 6.2's URLRequest(url:offset:length:) and startDownload, with data(for:) "
          + "instead of HTTPDownload.",
        "last = offset + (length - 1), which cannot overflow; request.setValue(\"bytes=\\(offset)-\\(last)\", "
          + "forHTTPHeaderField: \"Range\"); let (data, response) = try await "
          + "session.data(for: request); the status from (response as? HTTPURLResponse).",
        "guard status == 206 else { throw PartError.status(status) }; expected = \"bytes "
          + "\\(offset)-\\(last)/\"; guard the Content-Range header hasPrefix(expected), "
          + "else throw .contentRange(expected: expected, received: header).",
      ],
      docAnchor: "exercise-63-a-part-and-nothing-else",
      mistakes: [
        Mistake(
          name: "the Range header asks for one byte more",
          test: "test_a100BytePart_andOthers_areExactlyTheBytesAskedFor",
          saying: "names the last byte",
          fixtures: ["range-one-byte-long"],
          hint: "bytes=1000-1099 is 100 bytes: both ends are included. The last byte is offset "
            + "+ (length - 1)."
        ),
        Mistake(
          name: "a 200 is accepted",
          test: "test_a200ToARangeRequest_isAStatusError",
          saying: "instead of throwing a PartError",
          fixtures: ["accepts-200"],
          hint: "200 is a success, but not for a range request: the server ignored Range and "
            + "sent the whole body. Only 206 is the part."
        ),
        Mistake(
          name: "a 200 of the right length is accepted",
          test: "test_aWholeBodyOfTheLengthAskedFor_isStillAStatusError",
          fixtures: ["200-of-the-right-length"],
          hint: "A whole body can happen to be as long as the part: its length says nothing of "
            + "which bytes it holds. Only a 206 is a part, whatever its length."
        ),
        Mistake(
          name: "the Content-Range's unit is not checked",
          test: "test_aContentRangeForOtherBytes_isAContentRangeError",
          saying: "instead of throwing a PartError",
          fixtures: ["content-range-unit-ignored"],
          hint: "\"items 1000-1099/5000\" has the right numbers in another unit. Compare the "
            + "whole start of the header, \"bytes first-last/\", not only the numbers."
        ),
        Mistake(
          name: "the Content-Range is not checked, or a missing one is accepted",
          test: "test_a206WithoutContentRange_isAContentRangeError",
          saying: "instead of throwing a PartError",
          fixtures: [
            "content-range-unchecked", "missing-content-range-accepted", "length-checked-not-range",
          ],
          hint: "Only the Content-Range says which bytes came: not the status, not the length. "
            + "It must be there and start with exactly \"bytes first-last/\"; a missing one "
            + "is .contentRange(expected: expected, received: nil)."
        ),
        Mistake(
          name: "the expected Content-Range is not exactly \"bytes first-last/\"",
          test: "test_a206WithoutContentRange_isAContentRangeError",
          saying: "both ends and the slash",
          fixtures: ["content-range-start-only", "content-range-without-slash"],
          hint: "\"bytes 1000-\" accepts any end, and \"bytes 1000-1099\" accepts "
            + "\"bytes 1000-10990\": expected is \"bytes \\(offset)-\\(last)/\", the slash "
            + "included."
        ),
        Mistake(
          name: "the session given is not used",
          test: "test_a206WithoutContentRange_isAContentRangeError",
          saying: "through the session it was given",
          fixtures: ["shared-session"],
          hint: "The caller chose the session (its configuration, its delegate, a test's "
            + "stub): send the request with session.data(for:), not URLSession.shared."
        ),
        Mistake(
          name: "a status other than 206 accepted with the Content-Range asked for",
          test: "test_anyStatusBut206_evenWithTheContentRangeAskedFor_isAStatusError",
          saying: "instead of throwing a PartError",
          fixtures: ["content-range-before-status", "only-200-and-3xx-as-status"],
          hint: "Check the status first, on its own: only 206 is a part. A 200 or a 203 with "
            + "the Content-Range asked for is still .status(code), whatever the header says."
        ),
        .scenarioDiffers(fixtures: [
          "session-from-the-given-configuration", "url-lowercased",
          "body-past-64-kib-over-the-length-rejected", "status-outside-200-599-as-0",
          "last-byte-overflows",
          "transport-error-as-status-error", "part-length-checked", "transport-error-retried-once",
          "query-dropped", "response-force-cast", "request-url-error-cancelled-as-a-cancel",
          "content-range-unit-in-any-case", "content-range-numbers-parsed",
          "transient-errors-retried-once", "timeout-as-status-408", "content-range-total-checked",
          "content-range-contains",
          "retry-after-honoured", "url-error-rebuilt-from-its-code",
        ]),
        Mistake(
          name: "calls for the same part share one request",
          test: "test_yourAnswer_keepsTheStatement_withTwoCallsForOnePartAtOnce",
          kind: .hung,
          fixtures: ["same-part-requests-shared"],
          hint: "Each call sends its own request with the session it is given, even when another "
            + "call asks for the same part at the same moment: a request shared between calls "
            + "goes through one caller's session, and its cancel or its failure reaches both."
        ),
      ]
    ),
  ]
}
