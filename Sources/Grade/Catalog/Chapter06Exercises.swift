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
      id: "6a",
      title: "The chunk accumulator",
      chapter: chapter06,
      section: "6.3",
      stubFile: "Ex6a_ChunkAccumulator.swift",
      testClass: "Ex6a_ChunkAccumulatorTests",
      hints: [
        "Keep a count of the bytes so far. Batches end at multiples of batchSize, so a chunk has "
          + "reached the end of one when the count before it and the count after it are in "
          + "different batches: compare count / batchSize before and after.",
        "init: batchSize = max(size / 20, 1); bytes = Data(count: size), zeroed storage allocated "
          + "once. append: the part that fits, n = min(chunk.count, bytes.count - count), goes in "
          + "place with bytes.replaceSubrange(count..<count + n, with: chunk.prefix(n)); the rest, "
          + "chunk.dropFirst(n), is appended. prefix and dropFirst respect a slice's own indices.",
        "finish(): remember the count at which a report was last due, an Int? that is nil until "
          + "one is: append sets it when it returns true; finish() returns reportedAt != count, "
          + "then sets it to count. progress: size > 0 ? Double(count) / Double(size) : 1. data: "
          + "bytes.subdata(in: 0..<count), a copy of the bytes that came.",
      ],
      docAnchor: "exercise-6a-the-chunk-accumulator",
      mistakes: [
        Mistake(
          name: "a batch of 0 bytes for a small file",
          test: "test_aBatchIsATwentiethOfTheSize_butNeverNoBytes",
          saying: "a batch of 0 bytes would end before a byte comes",
          fixtures: ["batch-of-zero"],
          hint: "size / 20 is 0 below 20 bytes: take max(size / 20, 1)."
        ),
        Mistake(
          name: "a batch size rounded to the nearest byte",
          test: "test_aBatchIsATwentiethOfTheSize_butNeverNoBytes",
          saying: "rounded down",
          fixtures: ["batch-rounded-to-nearest"],
          hint: "A twentieth in whole bytes, rounded down, as 6b and section 6.3 take it: Int "
            + "division, max(size / 20, 1). 30 bytes are batches of 1."
        ),
        Mistake(
          name: "batch ends that depend on how the chunks are cut",
          test: "test_append_saysAReportIsDue_atEveryBatchEnd_howeverTheChunksAreCut",
          saying: "however the chunks are cut",
          fixtures: [
            "batches-from-the-last-report", "batch-end-only-when-landed-on",
            "next-batch-end-moved-by-one-batch",
          ],
          hint: "A batch ends at bytes batchSize, 2 × batchSize, 3 × batchSize, ..., wherever the "
            + "chunks end: not batchSize bytes after the last report, not only where a chunk ends "
            + "exactly on one, and a chunk may pass several. Compare which batch the count is in "
            + "before and after the chunk."
        ),
        Mistake(
          name: "the last bytes reported twice, or never",
          test: "test_finish_reportsBytesNoAppendReported_once",
          saying: "finish()",
          fixtures: ["finish-always-true", "finish-not-remembered"],
          hint: "finish() says whether any bytes came since the last report was due: after a "
            + "chunk that ended a batch, none did (the seed's loop reports that batch twice). Keep "
            + "the count at the last report, and set it in finish() too, so a second finish says "
            + "false."
        ),
        Mistake(
          name: "an empty body is never reported",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "an empty file is reported once",
          fixtures: ["finish-by-remainder", "finish-never-for-an-empty-body"],
          hint: "No report at all is not the same as a report at byte 0: until one is due, there "
            + "is none (an Int? that is nil), and an empty body's finish() reports its progress "
            + "once."
        ),
        Mistake(
          name: "progress divided in Int",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "786,432 of 1,572,864 bytes",
          fixtures: ["progress-in-int"],
          hint: "count / size in Int is 0 until the last byte. Divide Double(count) by "
            + "Double(size)."
        ),
        Mistake(
          name: "progress in whole percents",
          test: "test_progress_isTheExactFraction",
          saying: "not rounded",
          fixtures: ["progress-in-whole-percents"],
          hint: "progress is the fraction itself, Double(count) / Double(size): rounding it to "
            + "percents is for whoever draws it."
        ),
        Mistake(
          name: "an empty file's progress is 0 / 0",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "1.0, not 0 / 0",
          fixtures: ["progress-nan-for-an-empty-file"],
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
          name: "bytes past the size dropped",
          test: "test_bytesPastTheSize_areKept",
          saying: "keep every byte",
          fixtures: ["past-the-size-dropped-from-chunks", "straddling-chunk-rest-dropped"],
          hint: "A server may send more than it announced, and a chunk may run past the size: the "
            + "part that fits goes into the storage, the rest is appended after it."
        ),
        Mistake(
          name: "a slice indexed from 0",
          test: "test_aChunkMayBeASliceOfALargerData",
          kind: .crashed,
          fixtures: ["slice-indexed-from-zero"],
          hint: "A Data slice keeps its parent's indices: received[3..<7] starts at index 3, and "
            + "chunk[0] traps. Take its bytes with prefix, dropFirst or a for-in loop, or index "
            + "from chunk.startIndex."
        ),
        Mistake(
          name: "data is the whole storage",
          test: "test_aChunkMayBeASliceOfALargerData",
          saying: "data was",
          fixtures: ["whole-storage"],
          hint: "The storage is allocated at the full size, zeros and all. data is only the "
            + "bytes that came: bytes.subdata(in: 0..<count)."
        ),
        Mistake(
          name: "the description of the size, not of the bytes so far",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "of the bytes that came so far",
          fixtures: ["description-of-the-size", "raw-byte-count"],
          hint: "\"[small.bin] 786 KB\": the name in brackets, then "
            + "ByteCountFormatter().string(fromByteCount: Int64(count)), the bytes that came."
        ),
        Mistake(
          name: "the description always in KB",
          test: "test_progress_data_andDescription_ofWhatHasCome",
          saying: "1.6 MB",
          fixtures: ["description-always-in-kb"],
          hint: "ByteCountFormatter picks the unit from the count: bytes, KB, MB. Leave its "
            + "allowedUnits alone, and 1,572,864 bytes read as 1.6 MB."
        ),
        Mistake(
          name: "a size of 0 is rejected",
          test: "test_anEmptyFile_isDone_andANegativeSizeThrows",
          saying: "a size of 0 is a file with no bytes",
          fixtures: ["zero-size-throws"],
          hint: "An empty file is a file: only a negative size is InvalidSize (guard size >= 0)."
        ),
        Mistake(
          name: "a class",
          test: "test_theAccumulatorIsAStruct_aCopyKeepsWhatItHad",
          saying: "a copy keeps what it had",
          fixtures: ["a-class"],
          hint: "Section 6.5: a class's stored properties are checked for exclusive access on "
            + "every access. Make it a struct, with mutating append and finish()."
        ),
        .scenarioDiffers(fixtures: [
          "storage-grown-chunk-by-chunk", "name-last-path-component", "storage-capped-at-1-mib",
          "storage-reserved-only-from-64-kb", "storage-capped-at-2-gib",
          "sizes-past-4-gib-rejected", "data-shares-the-storage", "data-is-the-storage-itself",
          "data-without-a-copy", "copy-forgets-the-last-report", "finish-without-copy-on-write",
          "storage-trimmed-by-finish", "data-pointing-into-the-storage",
        ]),
        Mistake(
          name: "storage that is never freed",
          test: "test_yourAnswer_keepsTheStatement_whenLetGo_freeingItsStorage",
          saying: "the storage goes with the last copy",
          fixtures: ["storage-never-freed", "grown-storage-never-freed"],
          hint: "Storage of your own (an allocation, or a class that holds one) must go when the "
            + "last copy of the accumulator goes: a deinit that frees it. A Data or an Array does "
            + "that by itself."
        ),
        Mistake(
          name: "a small file's storage is not allocated by init",
          test: "test_yourAnswer_keepsTheStatement_withThousandsOfSmallAccumulators",
          fixtures: ["small-storage-grown", "no-storage-below-20-bytes"],
          hint: "The storage is allocated once, by init, whatever the size: a few bytes as well as "
            + "a gigabyte. Growing it chunk by chunk allocates again and again, and a size known up "
            + "front is there to avoid exactly that."
        ),
      ]
    ),
    Exercise(
      id: "6b",
      title: "The batch loop",
      chapter: chapter06,
      section: "6.3",
      stubFile: "Ex6b_CollectInBatches.swift",
      testClass: "Ex6b_CollectInBatchesTests",
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
      docAnchor: "exercise-6b-the-batch-loop",
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
      id: "6c",
      title: "A part, and nothing else",
      chapter: chapter06,
      section: "6.2",
      stubFile: "Ex6c_DownloadPart.swift",
      testClass: "Ex6c_DownloadPartTests",
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
      docAnchor: "exercise-6c-a-part-and-nothing-else",
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
