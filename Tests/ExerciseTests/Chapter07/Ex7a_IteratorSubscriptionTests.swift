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

// MARK: - Exercise 7a: a subscription that asks its source only for what is owed

/// A source of lines, a struct as many iterators are: each copy goes on from where it was made.
private struct LinesSource: IteratorProtocol {
  let lines: [String]
  private var index = 0

  init(_ lines: [String]) {
    self.lines = lines
  }

  mutating func next() -> String? {
    guard index < lines.count else { return nil }
    defer { index += 1 }
    return lines[index]
  }
}

/// A source of objects, each watched weakly: whether the subscription keeps any value it sent.
private struct ObjectsSource: IteratorProtocol {
  final class Value {}
  final class Watched {
    // Used from the test's thread only.
    var made: [Weak] = []
    var alive: Int { made.filter { $0.value != nil }.count }
  }
  struct Weak {
    weak var value: Value?
  }

  let watched = Watched()
  /// How many values it gives before its nil; nil for no end.
  var count: Int?

  mutating func next() -> Value? {
    if let count, watched.made.count >= count { return nil }
    let value = Value()
    watched.made.append(Weak(value: value))
    return value
  }
}

/// A subscriber of objects that keeps none of them, nor its subscription, unless it is to cancel
/// from inside its first `receive(_:)`.
private final class ForgetfulSubscriber: Subscriber {
  // Used from the test's thread only.
  private let cancelsAtTheFirst: Bool
  private var subscription: (any Subscription)?
  /// The source's values, to count those sent before still alive while one is received.
  var watched: ObjectsSource.Watched?
  private(set) var mostAliveBefore = 0
  private(set) var completions = 0

  init(cancelsAtTheFirst: Bool = false) {
    self.cancelsAtTheFirst = cancelsAtTheFirst
  }

  func receive(subscription: any Subscription) {
    if cancelsAtTheFirst { self.subscription = subscription }
  }

  func receive(_ input: ObjectsSource.Value) -> Subscribers.Demand {
    // The one received now is alive: any other is kept by the subscription.
    if let watched { mostAliveBefore = max(mostAliveBefore, watched.alive - 1) }
    subscription?.cancel()
    subscription = nil
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) { completions += 1 }
}

/// A source of `count` numbers from 0 that counts how often it was asked: fast over a million.
private struct CountingSource: IteratorProtocol {
  final class Asked {
    // Used from the test's thread only.
    var count = 0
  }

  let count: Int
  let asked = Asked()
  private var index = 0

  init(count: Int) {
    self.count = count
  }

  mutating func next() -> Int? {
    asked.count += 1
    guard index < count else { return nil }
    defer { index += 1 }
    return index
  }
}

/// A subscriber that counts what it gets, instead of keeping it: fast over a million values.
private final class CountingSubscriber: Subscriber {
  /// What the subscriber got, in a few numbers.
  struct Summary: Equatable, CustomStringConvertible {
    var count = 0
    /// Whether each value was the one after the last (the first: 0).
    var inOrder = true
    var finished = 0
    /// Values that came after a `.finished`.
    var afterFinished = 0

    var description: String {
      let values = "\(count) values\(inOrder ? "" : ", not in order")"
      let end =
        finished == 0 ? "no finished" : finished == 1 ? "finished" : "finished \(finished) times"
      let after = afterFinished == 0 ? "" : ", and \(afterFinished) values after finished"
      return "\(values), then \(end)\(after)"
    }
  }

  // Used from the test's thread only.
  private var expected = 0
  private let asksWithEachValue: Bool
  private var subscription: (any Subscription)?
  private(set) var summary = Summary()

  init(asksWithEachValue: Bool = false) {
    self.asksWithEachValue = asksWithEachValue
  }

  func receive(subscription: any Subscription) { self.subscription = subscription }

  func receive(_ input: Int) -> Subscribers.Demand {
    summary.count += 1
    if summary.finished > 0 { summary.afterFinished += 1 }
    if input != expected { summary.inOrder = false }
    expected = input + 1
    if asksWithEachValue { subscription?.request(.max(1)) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    summary.finished += 1
    subscription = nil
  }
}

final class Ex7a_IteratorSubscriptionTests: GradedTestCase {
  /// A scenario of the subscriber's own calls only, made by the test one at a time.
  private func run(
    first: Int = 0,
    count: Int?,
    returns: [Subscribers.Demand] = [],
    inside: [Int: [PullScenario.Call]] = [:],
    insideCompletion: PullScenario.Call? = nil
  ) throws -> PullRun {
    let run = try PullRun(
      PullScenario(
        first: first,
        count: count,
        calls: [],
        returns: returns,
        callsInsideReceive: inside,
        callInsideCompletion: insideCompletion
      )
    )
    XCTAssertFalse(
      run.events.contains(ScriptedPullSubscriber.handedOverAgain),
      "the subscriber got receive(subscription:) twice: the publisher hands the subscription "
        + "over, once, after init; the subscription must not do it too"
    )
    XCTAssert(
      run.kept,
      "the subscriber was freed as soon as only the subscription held it, before any request: "
        + "the subscription must keep it until the subscription is over"
    )
    return run
  }

  /// The events of a source asked for `values`, each sent: "source gave 0", "0", ...
  private func askedAndSent(_ values: ClosedRange<Int>) -> [String] {
    values.flatMap { ["source gave \($0)", "\($0)"] }
  }

  private static let theEnd = ["source gave nil", "finished"]

  func test_aRequestForN_asksForNValues_andNothingBeforeIt() throws {
    let endless = try run(count: nil)
    XCTAssertEqual(
      endless.events,
      [],
      "a source that never ends: nothing is asked or sent before the first request"
    )
    endless.perform(.request(.max(2)))
    XCTAssertEqual(
      sent(endless),
      ["0", "1"],
      "request(.max(2)) from a source that never ends: two values sent, no more"
    )
    XCTAssertEqual(
      endless.events,
      askedAndSent(0...1),
      "request(.max(2)) from a source that never ends: the source asked twice, once before each "
        + "value, never ahead of the demand"
    )
    endless.perform(.request(.none))
    XCTAssertEqual(
      endless.events,
      askedAndSent(0...1),
      "then request(.none) asks the source nothing"
    )
    endless.perform(.request(.max(3)))
    XCTAssertEqual(
      endless.events,
      askedAndSent(0...4),
      "then request(.max(3)): the source asked for three more, from where it was"
    )
  }

  /// What the subscriber got in `scenario`, without the source's events.
  private func sent(_ scenario: PullRun) -> [String] {
    scenario.events.filter { !$0.hasPrefix("source gave") }
  }

  func test_theSource_isAskedOnlyForAValueOwed_soItsEndComesAtALaterRequest() throws {
    let three = try run(count: 3)
    three.perform(.request(.max(3)))
    XCTAssertEqual(
      three.events,
      askedAndSent(0...2),
      "a source of three values, request(.max(3)): three values, and the source not asked "
        + "ahead for a fourth (the end is known only by asking, and nothing more is owed)"
    )
    three.perform(.request(.max(1)))
    XCTAssertEqual(
      three.events,
      askedAndSent(0...2) + Self.theEnd,
      "then request(.max(1)): the source asked once more; its nil is the end: finished at once"
    )
    three.perform(.request(.max(1)))
    three.perform(.request(.unlimited))
    XCTAssertEqual(
      three.events,
      askedAndSent(0...2) + Self.theEnd,
      "once the source has said nil, it is never asked again, and nothing is sent"
    )
    let empty = try run(count: 0)
    empty.perform(.request(.none))
    XCTAssertEqual(
      empty.events,
      [],
      "a source with no value, request(.none): no value is owed, so the source is not asked"
    )
    empty.perform(.request(.max(1)))
    XCTAssertEqual(empty.events, Self.theEnd, "then request(.max(1)): asked, nil, finished")
  }

  func test_requestsAddUp_withTheDemandStillDue() throws {
    // Asks for 3, and for 1 more from inside receive(_:) of the first, while 2 are still due.
    let scenario = try run(count: nil, inside: [0: [.request(.max(1))]])
    scenario.perform(.request(.max(3)))
    XCTAssertEqual(
      scenario.events,
      askedAndSent(0...3),
      "requests add up: 3 asked, then 1 more while 2 were still due make 4"
    )
  }

  func test_whatReceiveReturns_addsToTheDemand() throws {
    // The subscriber asks for 1, and for 2 more with the first value: three values in all.
    let scenario = try run(count: nil, returns: [.max(2)])
    scenario.perform(.request(.max(1)))
    XCTAssertEqual(
      scenario.events,
      askedAndSent(0...2),
      "receive(_:) returned .max(2) with the first value: what it returns adds to the demand"
    )
  }

  func test_demandSaturates_unlimitedPlusMoreIsStillUnlimited() throws {
    // Asks for everything, then, with the first, for Int.max more: Demand saturates, an Int traps.
    let scenario = try run(
      count: 4,
      returns: [.none, .max(Int.max)],
      inside: [0: [.request(.max(Int.max))]]
    )
    scenario.perform(.request(.unlimited))
    XCTAssertEqual(scenario.events, askedAndSent(0...3) + Self.theEnd)
  }

  func test_afterCancel_nothingIsAskedOrSent() throws {
    let outside = try run(count: 5)
    outside.perform(.request(.max(1)))
    outside.perform(.cancel)
    outside.perform(.request(.unlimited))
    XCTAssertEqual(
      outside.events,
      askedAndSent(0...0),
      "after cancel(), a request asks and sends nothing: no value, no completion"
    )
    // Cancels from inside receive(_:) of the third value, while the loop sends everything.
    let inside = try run(count: nil, inside: [2: [.cancel]])
    inside.perform(.request(.unlimited))
    XCTAssertEqual(
      inside.events,
      askedAndSent(0...2),
      "a cancel from inside receive(_:) of the third value stops the loop that is sending: "
        + "the source not asked again"
    )
    let atTheEnd = try run(count: 5, inside: [4: [.cancel]])
    atTheEnd.perform(.request(.unlimited))
    XCTAssertEqual(
      atTheEnd.events,
      askedAndSent(0...4),
      "a cancel from inside the last value's receive(_:) stops the loop that is sending too: "
        + "the source not asked for its end, no finished"
    )
  }

  func test_aRequestFromInsideReceive_addsToTheDemand_andTheLoopSendsIt() throws {
    // Each value asks for one more from inside receive(_:), as a for-await bridge does.
    let short = try run(
      count: 5,
      inside: Dictionary(uniqueKeysWithValues: (0..<5).map { ($0, [.request(.max(1))]) })
    )
    short.perform(.request(.max(1)))
    XCTAssertEqual(
      short.events,
      askedAndSent(0...4) + Self.theEnd,
      "a request(.max(1)) from inside each receive(_:): the source asked for each value after "
        + "that receive(_:) returned, every value in order, then finished once"
    )
    let length = 200_000
    ScenarioAnnouncer.announce(
      "a source of 200,000 values, request(.max(1)), and with each value one more asked for "
        + "from inside receive(_:)"
    )
    let counter = CountingSubscriber(asksWithEachValue: true)
    let source = CountingSource(count: length)
    let long = try IteratorSubscription(source: source, subscriber: counter)
    counter.receive(subscription: long)
    long.request(.max(1))
    XCTAssertEqual(
      counter.summary,
      CountingSubscriber.Summary(count: length, inOrder: true, finished: 1, afterFinished: 0),
      "a source of 200,000 values asked for one by one from inside receive(_:): the subscriber "
        + "got \(counter.summary)"
    )
  }

  func test_finishedOnce_andNothingAfterIt() throws {
    // A subscriber may ask again from inside receive(completion:): the source is over by then.
    let scenario = try run(count: 2, insideCompletion: .request(.max(1)))
    scenario.perform(.request(.unlimited))
    XCTAssertEqual(
      scenario.events,
      askedAndSent(0...1) + Self.theEnd,
      "a request from inside receive(completion:): expected finished once, and the source not "
        + "asked after its nil"
    )
  }

  func test_theSourceIsOneIterator_notCopiedAtEachRequest() throws {
    // A struct iterator: a copy made at each request would start from the first line again.
    let recorder = RecordingSubscriber<String, Never>()
    let subscription = try IteratorSubscription(
      source: LinesSource(["GET /", "Host: x", "Accept: */*"]),
      subscriber: recorder
    )
    recorder.receive(subscription: subscription)
    subscription.request(.max(1))
    subscription.request(.max(1))
    subscription.request(.max(2))
    XCTAssertEqual(
      recorder.log,
      ["GET /", "Host: x", "Accept: */*", "finished"],
      "a source of three lines (a struct iterator), asked for 1, 1, then 2: each line once, in "
        + "order, then finished"
    )
  }

  func test_theSubscriberAndTheSource_areLetGo_afterCancelOrFinished() throws {
    // The subscriber keeps its subscription: a subscription that keeps the subscriber after the
    // end keeps them both alive, each holding the other; and a source may hold a file open.
    for end in ["cancel()", "finished"] {
      let scenario = try run(count: 3)
      if end == "cancel()" {
        scenario.perform(.request(.max(1)))
        scenario.perform(.cancel)
      } else {
        scenario.perform(.request(.unlimited))
      }
      let held = [
        scenario.subscriberLetGo ? nil : "the subscriber",
        scenario.sourceLetGo ? nil : "the source",
      ].compactMap { $0 }
      XCTAssert(
        held.isEmpty,
        "after \(end), nothing more is asked or sent, yet the subscription still held "
          + "\(held.joined(separator: " and ")): expected both let go"
      )
      XCTAssert(
        !held.isEmpty || scenario.subscriptionFreed(),
        "after \(end), with its subscriber gone and the test letting go of it, the "
          + "subscription was still alive: it keeps itself alive; expected it freed"
      )
    }
  }

  func test_noValueSent_isKeptByTheSubscription() throws {
    // Each subscription is still held, as an app's cancellable holds it, when values are counted.
    let cases:
      [(told: String, count: Int?, cancelsInside: Bool, then: (any Subscription) -> Void)] =
        [
          ("two asked for, the subscription still running", nil, false, { _ in }),
          ("two asked for, then cancel()", nil, false, { $0.cancel() }),
          (
            "two asked for, and a cancel from inside the first one's receive(_:)", nil, true,
            { _ in }
          ),
          ("of 3 values, all asked for, and finished", 3, false, { $0.request(.unlimited) }),
        ]
    for (told, count, cancelsInside, then) in cases {
      var source = ObjectsSource()
      source.count = count
      let subscriber = ForgetfulSubscriber(cancelsAtTheFirst: cancelsInside)
      subscriber.watched = source.watched
      let subscription = try IteratorSubscription(source: source, subscriber: subscriber)
      subscriber.receive(subscription: subscription)
      subscription.request(.max(2))
      then(subscription)
      XCTAssertEqual(
        source.watched.alive,
        0,
        "a source of objects, \(told): \(source.watched.alive) of the values sent are still "
          + "alive; the subscription keeps no value it has sent, at any moment"
      )
      XCTAssertEqual(
        subscriber.mostAliveBefore,
        0,
        "a source of objects, \(told): while the subscriber received a value, "
          + "\(subscriber.mostAliveBefore) sent before it were still alive; the subscription keeps "
          + "no value it has sent, at any moment"
      )
      withExtendedLifetime(subscription) {}
    }
  }

  func test_aSubscriptionNobodyHolds_isFreed_evenBeforeItsEnd() throws {
    for asked in [false, true] {
      weak var watched: AnyObject?
      let subscriber = ForgetfulSubscriber()
      do {
        let subscription = try IteratorSubscription(source: ObjectsSource(), subscriber: subscriber)
        watched = subscription
        subscriber.receive(subscription: subscription)
        if asked { subscription.request(.max(1)) }
      }
      let told =
        "a subscription of a source that never ends, \(asked ? "one value asked for" : "never asked"), "
        + "by a subscriber that does not keep it"
      XCTAssertNil(
        watched,
        "\(told): once the test let go, it was still alive: it keeps itself alive; expected it freed"
      )
      XCTAssertEqual(
        subscriber.completions,
        0,
        "\(told): freed, it sent a completion; only the source's nil ends it with .finished"
      )
    }
  }

  /// One request for more than a million values: all are asked for and sent, then `.finished`.
  ///
  /// More than any round cap an answer might put on a loop (2^20 = 1,048,576, a million). The
  /// subscriber counts, rather than keeping each value, so that it stays fast; in plain
  /// `swift test` the reference shows it with 110,000.
  func test_unlimitedDemand_overMoreThanAMillionValues_sendsThemAll_thenFinished() throws {
    let length = largest(graded: 1_100_000, reference: 110_000)
    let requests: [(Subscribers.Demand, String)] = [
      (.unlimited, ".unlimited"), (.max(Int.max), ".max(Int.max)"),
      (.max(length + 1), ".max(\(length + 1))"),
    ]
    for (request, spelled) in requests {
      let counter = CountingSubscriber()
      let source = CountingSource(count: length)
      let subscription = try IteratorSubscription(source: source, subscriber: counter)
      counter.receive(subscription: subscription)
      subscription.request(request)
      XCTAssertEqual(
        [counter.summary.description, "asked \(source.asked.count) times"],
        [
          CountingSubscriber.Summary(count: length, inOrder: true, finished: 1).description,
          "asked \(length + 1) times",
        ],
        "a source of \(length) values, one request(\(spelled)) for them all: every value, in "
          + "order, then finished once, with no other request"
      )
    }
  }

  /// The grade: 603 generated scenarios (sources empty, short, long and endless; every kind of
  /// demand; calls from inside receive(_:) and receive(completion:); one more asked for with
  /// every value over 257, 65,538 and 65,539 values), each compared with what the statement says
  /// the source and the subscriber see.
  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      pullScenarios(count: 600, seed: 71) + pullScenariosAskingWithEveryValue(),
      model: pullModel,
      answer: pullAnswer,
      explain: explainPull
    )
  }

  /// Two subscriptions, each asked from inside the other's `receive(_:)`: whether a loop is
  /// already sending is each subscription's own.
  ///
  /// Named to run after the generated scenarios, which report any mistake one subscription makes
  /// alone.
  func test_yourAnswer_keepsTheStatement_whenTwoSubscribersAskEachOther() throws {
    let asked = Locked<(any Subscription)?>(nil)
    // A's subscriber asks B for one value with each of its own; B's asks A back.
    let b = RecordingSubscriber<String, Never> { _, _ in
      asked.withLock { $0 }?.request(.max(1))
      return .none
    }
    let bSubscription = try IteratorSubscription(
      source: LinesSource(["b1", "b2", "b3"]),
      subscriber: b
    )
    b.receive(subscription: bSubscription)
    let a = RecordingSubscriber<String, Never> { _, _ in
      bSubscription.request(.max(1))
      return .none
    }
    let aSubscription = try IteratorSubscription(
      source: LinesSource(["a1", "a2", "a3"]),
      subscriber: a
    )
    a.receive(subscription: aSubscription)
    asked.withLock { $0 = aSubscription }
    aSubscription.request(.max(1))
    XCTAssertEqual(
      [a.log, b.log],
      [["a1", "a2", "a3", "finished"], ["b1", "b2", "b3"]],
      "A's source gives a1, a2, a3 and B's b1, b2, b3; inside receive(_:), A's subscriber asks "
        + "B for one value, and B's asks A for one; then A is asked for one. B's loop is not "
        + "running when A's subscriber asks it: that request sends at once. Expected A to get "
        + "a1, a2, a3, then finished (B's third asked A for a fourth), and B b1, b2, b3"
    )
  }
}
