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

// MARK: - Exercise 7a: the demand bookkeeping of a subscription

/// A subscriber that asks for one more value from inside its first receive(completion:).
private final class AsksAgainWhenFinished: Subscriber {
  // Used from the test's thread only.
  private var subscription: (any Subscription)?
  private(set) var log: [String] = []

  func receive(subscription: any Subscription) { self.subscription = subscription }

  func receive(_ input: Int) -> Subscribers.Demand {
    log.append("\(input)")
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    log.append("finished")
    if log.filter({ $0 == "finished" }).count == 1 { subscription?.request(.max(1)) }
  }
}

/// A subscriber that counts what it gets, instead of keeping it: fast over a million numbers.
private final class CountingSubscriber: Subscriber {
  /// What the subscriber got, in a few numbers.
  struct Summary: Equatable, CustomStringConvertible {
    var count = 0
    /// Whether each number was the one after the last (the first: the range's lower bound).
    var inOrder = true
    var finished = 0
    /// Numbers that came after a `.finished`.
    var afterFinished = 0

    var description: String {
      let numbers = "\(count) numbers\(inOrder ? "" : ", not in order")"
      let end =
        finished == 0 ? "no finished" : finished == 1 ? "finished" : "finished \(finished) times"
      let after = afterFinished == 0 ? "" : ", and \(afterFinished) numbers after finished"
      return "\(numbers), then \(end)\(after)"
    }
  }

  // Used from the test's thread only.
  private var expected: Int?
  private(set) var summary = Summary()

  init(first: Int) {
    expected = first
  }

  func receive(subscription: any Subscription) {}

  func receive(_ input: Int) -> Subscribers.Demand {
    summary.count += 1
    if summary.finished > 0 { summary.afterFinished += 1 }
    if input != expected { summary.inOrder = false }
    expected = input == Int.max ? nil : input + 1
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) { summary.finished += 1 }
}

final class Ex7a_NumbersSubscriptionTests: GradedTestCase {
  private typealias Recorder = RecordingSubscriber<Int, Never>

  /// Subscribes `recorder` to the numbers in `range`, and returns the subscription.
  private func subscribe(_ range: Range<Int>, _ recorder: Recorder) throws -> any Subscription {
    let subscription = try NumbersSubscription(range: range, subscriber: recorder)
    recorder.receive(subscription: subscription)
    return subscription
  }

  func test_aRequestFromInsideReceive_addsToTheDemand_andTheLoopSendsIt() throws {
    // Each number asks for one more from inside receive(_:), as a for-await bridge does.
    let short = Recorder { _, recorder in
      recorder.subscription.request(.max(1))
      return .none
    }
    try subscribe(0..<5, short).request(.max(1))
    XCTAssertEqual(
      short.log,
      ["0", "1", "2", "3", "4", "finished"],
      "a request(.max(1)) from inside each receive(_:): every number, in order, then finished once"
    )
    let long = Recorder { _, recorder in
      recorder.subscription.request(.max(1))
      return .none
    }
    try subscribe(0..<200_000, long).request(.max(1))
    XCTAssertEqual(long.log.count, 200_001, "200,000 numbers asked for one by one, and finished")
    XCTAssertEqual(long.log.last, "finished")
    // The request made inside the last receive(_:) must not finish before that call returns.
    let early = Locked(false)
    let nested = Recorder { _, recorder in
      recorder.subscription.request(.max(1))
      if recorder.log.last == "finished" { early.withLock { $0 = true } }
      return .none
    }
    try subscribe(0..<3, nested).request(.max(1))
    XCTAssertFalse(
      early.withLock { $0 },
      "finished came while receive(_:) was still running; expected it only once that call had "
        + "returned"
    )
  }

  func test_aRequestForN_sendsN_andNothingBeforeIt() throws {
    let recorder = Recorder()
    let subscription = try subscribe(0..<10, recorder)
    XCTAssertEqual(recorder.log, [], "nothing is sent before the first request")
    subscription.request(.max(2))
    XCTAssertEqual(recorder.log, ["0", "1"], "request(.max(2)): two numbers, no more")
    subscription.request(.none)
    XCTAssertEqual(recorder.log, ["0", "1"], "request(.none) asks for nothing")
    subscription.request(.max(3))
    XCTAssertEqual(recorder.log, ["0", "1", "2", "3", "4"], "then request(.max(3)): three more")
  }

  func test_requestsAddUp_withTheDemandStillDue() throws {
    // Asks for 3, and for 1 more from inside receive(_:) at the 0, while 2 are still due.
    let recorder = Recorder { value, recorder in
      if value == 0 { recorder.subscription.request(.max(1)) }
      return .none
    }
    try subscribe(0..<10, recorder).request(.max(3))
    XCTAssertEqual(
      recorder.log,
      ["0", "1", "2", "3"],
      "requests add up: 3 asked, then 1 more while 2 were still due make 4"
    )
  }

  func test_whatReceiveReturns_addsToTheDemand() throws {
    // The subscriber asks for 1, and for 2 more with the 0: three numbers in all.
    let recorder = Recorder { value, _ in value == 0 ? .max(2) : .none }
    try subscribe(0..<10, recorder).request(.max(1))
    XCTAssertEqual(
      recorder.log,
      ["0", "1", "2"],
      "receive(_:) returned .max(2) with the 0: what it returns adds to the demand"
    )
  }

  func test_demandSaturates_unlimitedPlusMoreIsStillUnlimited() throws {
    // Asks for everything, then, with the 0, for Int.max more: Demand saturates, an Int traps.
    let recorder = Recorder { value, recorder in
      if value == 0 { recorder.subscription.request(.max(Int.max)) }
      return value == 1 ? .max(Int.max) : .none
    }
    try subscribe(0..<4, recorder).request(.unlimited)
    XCTAssertEqual(recorder.log, ["0", "1", "2", "3", "finished"])
  }

  func test_finishesOnce_rightAfterTheLastNumber() throws {
    let recorder = Recorder()
    let subscription = try subscribe(0..<3, recorder)
    subscription.request(.max(3))
    XCTAssertEqual(
      recorder.log,
      ["0", "1", "2", "finished"],
      "finished comes right after the last number, without another request"
    )
    subscription.request(.max(1))
    subscription.request(.unlimited)
    XCTAssertEqual(
      recorder.log,
      ["0", "1", "2", "finished"],
      "once finished, a request sends nothing: not even finished again"
    )
    let empty = Recorder()
    let emptySubscription = try subscribe(5..<5, empty)
    XCTAssertEqual(empty.log, [], "nothing before the first request, not even finished")
    emptySubscription.request(.none)
    XCTAssertEqual(
      empty.log,
      ["finished"],
      "an empty range finishes at the first request, whatever it asks for (.none too)"
    )
    let zero = Recorder()
    try subscribe(0..<0, zero).request(.max(1))
    XCTAssertEqual(
      zero.log,
      ["finished"],
      "the empty range 0..<0 got \(zero.log) at its first request; expected finished, as 5..<5"
    )
    // A subscriber may ask again from inside receive(completion:): the range is over by then.
    let asksAgain = AsksAgainWhenFinished()
    let again = try NumbersSubscription(range: 0..<2, subscriber: asksAgain)
    asksAgain.receive(subscription: again)
    again.request(.max(2))
    XCTAssertEqual(
      asksAgain.log,
      ["0", "1", "finished"],
      "a request from inside receive(completion:) got \(asksAgain.log); expected finished once: "
        + "nothing after it"
    )
  }

  func test_afterCancel_nothingIsSent() throws {
    let recorder = Recorder()
    let subscription = try subscribe(0..<5, recorder)
    subscription.request(.max(1))
    subscription.cancel()
    subscription.request(.unlimited)
    XCTAssertEqual(
      recorder.log,
      ["0"],
      "after cancel(), a request sends nothing: no number, no completion"
    )
    // Cancels from inside receive(_:), at the 2, while the loop is sending everything.
    let inside = Recorder { value, recorder in
      if value == 2 { recorder.subscription.cancel() }
      return .none
    }
    try subscribe(0..<5, inside).request(.unlimited)
    XCTAssertEqual(
      inside.log,
      ["0", "1", "2"],
      "a cancel from inside receive(_:) stops the loop that is sending: nothing after the 2"
    )
    let atTheEnd = Recorder { value, recorder in
      if value == 4 { recorder.subscription.cancel() }
      return .none
    }
    try subscribe(0..<5, atTheEnd).request(.unlimited)
    XCTAssertEqual(
      atTheEnd.log,
      ["0", "1", "2", "3", "4"],
      "a cancel from inside the last receive(_:): no finished after it"
    )
  }

  func test_rangeNotFromZero_sendsItsOwnNumbers() throws {
    let recorder = Recorder()
    let subscription = try subscribe(5..<8, recorder)
    subscription.request(.max(2))
    XCTAssertEqual(recorder.log, ["5", "6"], "the range 5..<8, two asked for: expected 5 and 6")
    subscription.request(.max(1))
    XCTAssertEqual(
      recorder.log,
      ["5", "6", "7", "finished"],
      "the range 5..<8, three asked for in all: expected 5, 6, 7, then finished"
    )
  }

  func test_theSubscriber_isLetGo_afterCancelOrFinished() throws {
    // The subscriber keeps its subscription: a subscription that keeps the subscriber after
    // the end keeps them both alive, each holding the other.
    for end in ["cancel()", "finished"] {
      weak var released: Recorder?
      do {
        let recorder = Recorder()
        released = recorder
        let subscription = try subscribe(0..<3, recorder)
        if end == "cancel()" {
          subscription.request(.max(1))
          subscription.cancel()
        } else {
          subscription.request(.unlimited)
        }
      }
      XCTAssertNil(
        released,
        "after \(end), nothing more is sent, yet the subscription still held the subscriber: "
          + "expected it let go, so that the two do not keep each other alive"
      )
    }
  }

  /// One request for more than a million numbers: all are sent, then `.finished`.
  ///
  /// More than any round cap an answer might put on a loop (2^20 = 1,048,576, a million): every
  /// number is sent, in order, and `.finished` right after the last. The subscriber counts,
  /// rather than keeping each number, so that it stays fast; in plain `swift test` the reference
  /// shows it with 110,000.
  func test_unlimitedDemand_overMoreThanAMillionNumbers_sendsThemAll_thenFinished() throws {
    let length = largest(graded: 1_100_000, reference: 110_000)
    let cases: [(range: Range<Int>, bounds: String, request: Subscribers.Demand, spelled: String)] =
      [
        (0..<length, "0..<\(length)", .unlimited, ".unlimited"),
        (
          (Int.max - length)..<Int.max, "(Int.max - \(length))..<Int.max", .max(Int.max),
          ".max(Int.max)"
        ),
        (-7..<(length - 7), "-7..<\(length - 7)", .max(length), ".max(\(length))"),
      ]
    for (range, bounds, request, spelled) in cases {
      let counter = CountingSubscriber(first: range.lowerBound)
      let subscription = try NumbersSubscription(range: range, subscriber: counter)
      counter.receive(subscription: subscription)
      subscription.request(request)
      XCTAssertEqual(
        counter.summary,
        CountingSubscriber.Summary(count: length, inOrder: true, finished: 1, afterFinished: 0),
        "the numbers in \(bounds) (\(length) of them), one request(\(spelled)) for them all: "
          + "the subscriber got \(counter.summary); the statement gives every number, in "
          + "order, then finished once, with no other request"
      )
    }
  }

  /// The grade: 603 generated scenarios (ranges anywhere in Int, empty ones, ones that end at
  /// Int.max; every kind of demand; calls from inside receive(_:) and receive(completion:); one
  /// more asked for with every number over 258, 65,538 and 65,539 numbers, the last ending at
  /// Int.max), each compared with what the statement says the subscriber gets.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      demandScenarios(count: 600, seed: 71) + demandScenariosAskingWithEveryNumber(),
      model: demandModel,
      answer: demandAnswer,
      explain: explainDemand
    )
  }
  /// Two subscriptions, each asked from inside the other's `receive(_:)`: whether a loop is
  /// already sending is each subscription's own.
  ///
  /// Named to run after the generated scenarios, which report any mistake one subscription makes
  /// alone.
  func test_yourAnswer_keepsTheStatement_whenTwoSubscribersAskEachOther() throws {
    let asked = Locked<(any Subscription)?>(nil)
    // A's subscriber asks B for one number with each of its own; B's asks A back.
    let b = Recorder { _, _ in
      asked.withLock { $0 }?.request(.max(1))
      return .none
    }
    let bSubscription = try subscribe(100..<103, b)
    let a = Recorder { _, _ in
      bSubscription.request(.max(1))
      return .none
    }
    let aSubscription = try subscribe(0..<3, a)
    asked.withLock { $0 = aSubscription }
    aSubscription.request(.max(1))
    XCTAssertEqual(
      [a.log, b.log],
      [["0", "1", "2", "finished"], ["100", "101", "102", "finished"]],
      "A over 0..<3 and B over 100..<103; inside receive(_:), A's subscriber asks B for one "
        + "number, and B's asks A for one; then A is asked for one. B's loop is not running when "
        + "A's subscriber asks it: that request sends at once. Expected A to send 0, 1, 2 and B "
        + "100, 101, 102, each then finished"
    )
  }

}
