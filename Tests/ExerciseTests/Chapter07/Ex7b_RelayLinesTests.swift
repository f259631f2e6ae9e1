@testable import GradedScenarios
import ExerciseSupport
import Foundation
import LessonSupport
import MiniCombine
import TestTooling
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter07Exercises
#endif

// MARK: - Exercise 7b: relay a reader's lines, each only when wanted

final class Ex7b_RelayLinesTests: GradedTestCase {
  /// Runs `scenario` on the answer and checks its timeline against `expected`, written out by
  /// hand: each read and what it gave, each line and completion the subscriber got, each wait
  /// while paused, and how the producer ended.
  private func assertRun(
    _ scenario: RelayScenario,
    goes expected: [String],
    _ message: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async throws {
    let outcome = try await relayAnswer(scenario)
    XCTAssertEqual(
      outcome.events,
      expected,
      "\(message): the run went \(outcome.events.joined(separator: ", "))",
      file: file,
      line: line
    )
  }

  /// Each of `lines` read, then sent: `read "line 0"`, `got "line 0"`, and so on.
  private func readAndSent(_ lines: ClosedRange<Int>) -> [String] {
    lines.flatMap { ["read \"line \($0)\"", "got \"line \($0)\""] }
  }

  private let returned = RelayRun.returned
  private let threw = RelayRun.threw

  func test_everyLine_isRelayedInOrder_thenTheEnd() async throws {
    try await assertRun(
      RelayScenario(lines: 5, first: .unlimited, whenPaused: [], insideReceive: [:]),
      goes: readAndSent(0...4) + ["read the end", "finished", returned],
      "a reader of 5 lines, every line wanted: each line read, then sent, in order; then the "
        + "end read, .finished sent, and a return"
    )
    let texts = [
      "\u{FEFF}GET /", "", "  padded  ", "x", "x", "tab\there", "e\u{301}", "LF\n", "CRLF\r\n",
      "\u{4}", ".", String(repeating: "y", count: 10_000),
    ]
    try await assertRun(
      RelayScenario(
        lines: texts.count,
        first: .unlimited,
        whenPaused: [],
        insideReceive: [:],
        texts: texts
      ),
      goes: texts.map(RelayScenario.quoted).flatMap { ["read \($0)", "got \($0)"] }
        + ["read the end", "finished", returned],
      "a reader of \(texts.map(RelayScenario.quoted).joined(separator: ", ")), every line "
        + "wanted: each line sent as read, unchanged (an empty line is a line, not the end)"
    )
    try await assertRun(
      RelayScenario(lines: 0, first: .max(1), whenPaused: [], insideReceive: [:]),
      goes: ["read the end", "finished", returned],
      "a reader with no line, one line wanted: its first read is the end: .finished, and a "
        + "return"
    )
  }

  func test_lines_areReadOnlyWhenWanted_theEndToo() async throws {
    let scenario = RelayScenario(
      lines: 8,
      first: .max(3),
      whenPaused: [.request(.max(2)), .request(.max(3)), .request(.max(1))],
      insideReceive: [:]
    )
    let told = "a reader of 8 lines, 3 wanted, then 2, 3 and 1 more, each at a wait"
    let outcome = try await relayAnswer(scenario)
    XCTAssertFalse(
      outcome.events.contains(RelayRun.spun),
      "\(told): the producer read paused 100,000 times without waiting; a wait sleeps until a "
        + "line is wanted"
    )
    XCTAssertEqual(
      outcome.events,
      readAndSent(0...2) + ["waited while paused"] + readAndSent(3...4)
        + ["waited while paused"] + readAndSent(5...7)
        + ["waited while paused", "read the end", "finished", returned],
      "\(told): no line read while paused, and the end read only once a line is wanted again: "
        + "the run went \(outcome.events.joined(separator: ", "))"
    )
    try await assertRun(
      RelayScenario(
        lines: 2,
        first: .unlimited,
        whenPaused: [],
        insideReceive: [:],
        heldAtStart: true
      ),
      goes: [RelayRun.heldWait] + readAndSent(0...1) + ["read the end", "finished", returned],
      "a reader of 2 lines, and a context that says paused before the first read (a wrapper "
        + "that holds the producer back): the first read too waits first"
    )
  }

  func test_onACancel_nothingMoreIsRead_andCancellationErrorIsThrown() async throws {
    let waiting = try await relayAnswer(
      RelayScenario(lines: 100, first: .max(2), whenPaused: [], insideReceive: [:])
    )
    let scenario = "a reader of 100 lines, 2 wanted, then a cancel while the producer waits"
    XCTAssertFalse(
      waiting.events.contains("read \"line 3\""),
      "\(scenario): the producer read on after the cancel: \(waiting.events)"
    )
    XCTAssertFalse(
      waiting.events.contains("read \"line 2\""),
      "\(scenario): it read line 2 after waking up cancelled; expected nothing read once "
        + "cancelled, even the line it waited to read"
    )
    XCTAssertEqual(
      waiting.events,
      readAndSent(0...1) + ["waited while paused", threw],
      "\(scenario): expected CancellationError thrown"
    )
    try await assertRun(
      RelayScenario(lines: 100, first: .unlimited, whenPaused: [], insideReceive: [2: .cancel]),
      goes: readAndSent(0...2) + [threw],
      "a reader of 100 lines, every line wanted, and a cancel from inside receive(_:) of line "
        + "2, while more were wanted (no wait comes): nothing read after it, and "
        + "CancellationError thrown"
    )
    try await assertRun(
      RelayScenario(
        lines: 100,
        first: .max(1),
        cancelledBeforeStart: true,
        whenPaused: [],
        insideReceive: [:]
      ),
      goes: [threw],
      "a reader of 100 lines, cancelled before the producer's thread runs: nothing read, and "
        + "CancellationError thrown"
    )
    try await assertRun(
      RelayScenario(
        lines: 100,
        first: .unlimited,
        whenPaused: [],
        insideReceive: [:],
        heldAtStart: true,
        whenHeld: .cancel
      ),
      goes: [RelayRun.heldWait, threw],
      "a reader of 100 lines, a context that says paused before the first read, and a cancel "
        + "during that first wait: nothing read after waking up cancelled, and "
        + "CancellationError thrown"
    )
  }

  func test_readFailure_isSentAsTheFailure_andTheRunReturns() async throws {
    try await assertRun(
      RelayScenario(lines: 10, failsAt: 2, first: .unlimited, whenPaused: [], insideReceive: [:]),
      goes: readAndSent(0...1) + [
        "read failed", "failed with \(RelayScenario.failure)", returned,
      ],
      "a reader of 10 lines whose read 2 throws \(RelayScenario.failure): the failure sent "
        + "with that error, then a return"
    )
    var busy = RelayScenario(
      lines: 10,
      failsAt: 1,
      first: .unlimited,
      whenPaused: [],
      insideReceive: [:]
    )
    busy.failureReason = "resource busy, try again"
    try await assertRun(
      busy,
      goes: readAndSent(0...0) + ["read failed", "failed with \(busy.failure)", returned],
      "a reader of 10 lines whose read 1 throws \(busy.failure): the failure sent with that "
        + "error, whatever it says, then a return"
    )
  }

  /// A context that says cancelled while a read blocks, while the subscription still delivers
  /// (a wrapper's stop): what shows whether the line read then is sent. (A plain `Create` drops
  /// what comes after its cancel.)
  func test_theLineOfAReadThatACancelInterrupts_isNotSent() async throws {
    try await assertRun(
      RelayScenario(
        lines: 10,
        first: .unlimited,
        whenPaused: [],
        insideReceive: [:],
        duringRead: [2: .contextSaysCancelled]
      ),
      goes: readAndSent(0...1) + ["read \"line 2\"", threw],
      "a reader of 10 lines, every line wanted, and a context that says cancelled while read 2 "
        + "blocks (the subscription still delivers): line 2, read after the cancel, is not sent"
    )
    try await assertRun(
      RelayScenario(
        lines: 10,
        failsAt: 2,
        first: .unlimited,
        whenPaused: [],
        insideReceive: [:],
        duringRead: [2: .contextSaysCancelled]
      ),
      goes: readAndSent(0...1) + ["read failed", threw],
      "a reader whose read 2 throws, and a context that says cancelled while that read blocks "
        + "(the subscription still delivers): once cancelled, no failure is sent either"
    )
  }

  func test_theReader_isClosedOnce_howeverTheRunEnds() async throws {
    let ends: [(String, RelayScenario)] = [
      (
        "at the reader's end",
        RelayScenario(lines: 2, first: .unlimited, whenPaused: [], insideReceive: [:])
      ),
      (
        "at a failed read",
        RelayScenario(lines: 2, failsAt: 1, first: .unlimited, whenPaused: [], insideReceive: [:])
      ),
      (
        "at a cancel while waiting",
        RelayScenario(lines: 5, first: .max(1), whenPaused: [], insideReceive: [:])
      ),
      (
        "at a cancel before anything was read",
        RelayScenario(
          lines: 5,
          first: .max(1),
          cancelledBeforeStart: true,
          whenPaused: [],
          insideReceive: [:]
        )
      ),
    ]
    for (end, scenario) in ends {
      let outcome = try await relayAnswer(scenario)
      XCTAssertEqual(
        outcome.closed,
        1,
        "a run that ends \(end): by the time the producer returned or threw, the reader was "
          + "closed \(outcome.closed) times; expected once"
      )
    }
  }

  /// A context that says cancelled while the subscription still delivers: what a wrapper's
  /// cancel looks like (one that stops a producer before its subscriber goes), and what shows
  /// whether the producer sends anything once cancelled.
  func test_whenTheContextSaysCancelled_nothingMoreIsSent_notEvenTheEnd() async throws {
    try await assertRun(
      RelayScenario(
        lines: 5,
        first: .unlimited,
        whenPaused: [],
        insideReceive: [1: .contextSaysCancelled]
      ),
      goes: readAndSent(0...1) + [threw],
      "a reader of 5 lines, every line wanted, and a context that says cancelled from inside "
        + "receive(_:) of line 1 (the subscription still delivers): nothing more read or sent, "
        + "not even .finished"
    )
  }

  /// The grade: 302 generated runs (readers of 0 to 200 lines, now and then up to 20,000, and,
  /// when grading, two of 100,001 to 400,000; readers that never end; failed reads; demands of
  /// one, a few or every line; pauses; cancels before the producer starts, while it waits,
  /// while a read blocks and from inside receive(_:)), each compared with what the statement
  /// says happens.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      relayScenarios(count: 300, seed: 72)
        + onlyWhenGrading(relayScenariosOfLongRuns(count: 2, seed: 72)),
      model: relayModel,
      answer: relayAnswer,
      explain: explainRelay
    )
  }

  /// A cancel on a reader that never ends: the producer throws at once.
  ///
  /// One that keeps asking its context after the cancel is told so; one that reads on without
  /// asking never ends, and the grader names the wait. The cancels come inside receive(_:),
  /// while a read blocks and before the start, never only at a pause: a producer that never
  /// waits (a mistake an earlier test names) would otherwise never be cancelled, and hang here.
  func test_yourAnswer_stopsAtTheCancel_onAReaderThatNeverEnds() async throws {
    try await assertEveryScenario(
      [
        RelayScenario(lines: nil, first: .max(3), whenPaused: [], insideReceive: [2: .cancel]),
        RelayScenario(lines: nil, first: .unlimited, whenPaused: [], insideReceive: [5: .cancel]),
        RelayScenario(
          lines: nil,
          first: .unlimited,
          whenPaused: [],
          insideReceive: [:],
          duringRead: [4: .cancel]
        ),
        RelayScenario(
          lines: nil,
          first: .max(1),
          cancelledBeforeStart: true,
          whenPaused: [],
          insideReceive: [:]
        ),
      ],
      model: relayModel,
      answer: relayAnswer,
      explain: explainRelay
    )
  }
}
