import ExerciseSupport
import Foundation
import LessonSupport
import MiniCombine
import XCTest

// Exercise 7b graded by its statement: generated readers (short, long, endless, failing), demands,
// pauses and cancels (before the producer starts, while it waits, while a read blocks, from inside
// receive(_:)), run in a real `Create` and compared with a model of the statement. Everything
// after the first request happens on the producer's own thread, called from the context, the
// reader and the subscriber, so each run goes the same way every time.

/// A relay's run, as the grade generates it.
struct RelayScenario: GradedScenario, Equatable {
  /// What the subscriber does.
  enum Action: Equatable, Sendable, CustomStringConvertible {
    case request(Subscribers.Demand)
    case cancel
    /// The context says cancelled from now on (a wrapper's stop), while the subscription still
    /// delivers what is sent.
    case contextSaysCancelled

    var description: String {
      switch self {
      case .request(let demand): "asks for \(demand.max.map(String.init) ?? "every line")"
      case .cancel: "cancels"
      case .contextSaysCancelled:
        "has the context say cancelled (a wrapper's stop), while the subscription still delivers"
      }
    }
  }

  /// How many lines the reader gives before its end; nil for one that never ends.
  var lines: Int?
  /// The read (0 for the first) that throws, if any; at most `lines`.
  var failsAt: Int?
  /// The subscriber's first request, which starts the producer.
  var first: Subscribers.Demand
  /// A cancel that comes before the producer's thread has done anything.
  var cancelledBeforeStart = false
  /// The context says cancelled before the producer's thread has done anything, while the
  /// subscription still delivers.
  var contextCancelledBeforeStart = false
  /// What the subscriber does each time the producer waits while paused, in turn; once these
  /// are used up, it cancels.
  var whenPaused: [Action]
  /// What it does from inside `receive(_:)` of line k.
  var insideReceive: [Int: Action]
  /// What it does while read k blocks (0 for the first read): the read then returns as planned.
  var duringRead: [Int: Action] = [:]
  /// The lines' text, in turn (line k is `texts[k % texts.count]`); nil for "line 0", "line 1"...
  var texts: [String]?
  /// The context says paused before the first read, until the producer waits once (a wrapper
  /// that holds it back).
  var heldAtStart = false
  /// What the subscriber does during that first wait, if anything.
  var whenHeld: Action?

  /// The text of line `index`.
  func text(of index: Int) -> String {
    guard let texts, !texts.isEmpty else { return "line \(index)" }
    return texts[index % texts.count]
  }

  /// A line as the timeline tells it: quoted, with its escapes.
  static func quoted(_ line: String) -> String {
    // Most lines are short and plain, "line 17": quoted at once, which costs less over the
    // 400,000 lines of a long run than escaping them.
    let plain =
      line.utf8.count <= 60
      && line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    // Combining marks escaped too: `==` calls "e\u{301}" and "\u{E9}" equal, and a line
    // changed from one to the other is not the line as read. A long line shows its ends and
    // its length.
    return plain ? "\"\(line)\"" : quotedScalars(line, marksToo: true)
  }

  /// The texts lines are made of when a scenario varies them: empty, blank, padded, repeated,
  /// one letter written two ways, a tab, a carriage return, a line feed and both, a byte order
  /// mark, a NUL, an emoji, and one of 1,500 characters.
  static let oddTexts = [
    "", " ", "  padded  ", "x", "x", "GET / HTTP/1.1", "e\u{301}", "\u{E9}", "tab\there", "CR\r",
    "LF\n", "CRLF\r\n", "\u{FEFF}id,name", "nul\u{0}", "\u{1F600} smile", "\u{4}", ".",
    String(repeating: "y", count: 1_500),
  ]

  static let failure = LineReadError("the disk went away")
  /// The reason the failing read gives; the grade varies it, so no rule can key on it.
  var failureReason = Self.failure.reason
  /// The error the failing read throws.
  var failure: LineReadError { LineReadError(failureReason) }

  var size: Int {
    whenPaused.count + insideReceive.count + duringRead.count + min(lines ?? 20, 1_000) / 10
  }

  var description: String {
    var parts: [String] = []
    switch lines {
    case nil:
      let shown = texts.map {
        " (" + $0.map(Self.quoted).joined(separator: ", ") + ", again and again)"
      }
      parts.append("a reader that never ends\(shown ?? "")")
    case 0: parts.append("a reader with no line (its first read is the end)")
    case let lines? where texts != nil:
      let shown = (texts ?? []).prefix(lines).map(Self.quoted).joined(separator: ", ")
      let more = lines > (texts ?? []).count ? ", then again from the first" : ""
      parts.append("a reader of \(lines) lines (\(shown)\(more)), then the end")
    case 1: parts.append("a reader of line 0, then the end")
    case let lines?:
      parts.append("a reader of \(lines) lines (line 0 to line \(lines - 1)), then the end")
    }
    if let failsAt { parts.append("its read \(failsAt) (from 0) throws \(failure)") }
    if heldAtStart {
      parts.append("the context says paused before the first read, until the producer waits once")
      if let whenHeld { parts.append("during that wait the subscriber \(whenHeld)") }
    }
    parts.append("the subscriber first \(Action.request(first))")
    if cancelledBeforeStart { parts.append("then cancels before the producer's thread runs") }
    if contextCancelledBeforeStart {
      parts.append(
        "the context says cancelled before the producer's thread runs (a wrapper's stop), while "
          + "the subscription still delivers"
      )
    }
    for (read, action) in duringRead.sorted(by: { $0.key < $1.key }) {
      parts.append("while read \(read) blocks it \(action)")
    }
    for (line, action) in insideReceive.sorted(by: { $0.key < $1.key }) {
      parts.append("on getting line \(line) (from 0) it \(action)")
    }
    if !cancelledBeforeStart, !contextCancelledBeforeStart {
      let turns = (whenPaused + [.cancel]).map(\.description)
      parts.append("each time the producer waits, it " + turns.joined(separator: ", then "))
    }
    return parts.joined(separator: "; ")
  }

  /// Whether the run ends whatever the answer does: a reader that never ends must fail. (A cancel
  /// inside a receive is reached only by an answer that sends that line, so shrinking to one
  /// would leave a run that only a right answer ends.)
  var isValid: Bool {
    if let lines, let failsAt, failsAt > lines { return false }
    return lines != nil || failsAt != nil
  }

  var smaller: [RelayScenario] {
    // A long run is only halved: each try reads every line again.
    if let lines, lines > 1_000 { return [with { $0.lines = lines / 2 }].filter(\.isValid) }
    var candidates: [RelayScenario] = []
    if let lines, lines > 0 {
      candidates.append(with { $0.lines = lines / 2 })
      candidates.append(with { $0.lines = lines - 1 })
    }
    if failsAt != nil { candidates.append(with { $0.failsAt = nil }) }
    if texts != nil { candidates.append(with { $0.texts = nil }) }
    if heldAtStart { candidates.append(with { $0.heldAtStart = false }) }
    if whenHeld != nil { candidates.append(with { $0.whenHeld = nil }) }
    if let failsAt, failsAt > 0 { candidates.append(with { $0.failsAt = failsAt - 1 }) }
    for actions in whenPaused.eachWithOneLeftOut {
      candidates.append(with { $0.whenPaused = actions })
    }
    for key in insideReceive.keys.sorted() {
      candidates.append(with { $0.insideReceive[key] = nil })
    }
    for key in duringRead.keys.sorted() {
      candidates.append(with { $0.duringRead[key] = nil })
    }
    if let number = first.max, number > 1 {
      candidates.append(with { $0.first = .max(number / 2) })
    }
    return candidates.filter(\.isValid)
  }

  private func with(_ change: (inout RelayScenario) -> Void) -> RelayScenario {
    var copy = self
    change(&copy)
    return copy
  }
}

/// What happened, in order ("read line 3", "got line 3", "waited while paused", "read the end",
/// "finished", "failed with ..."), how the producer ended, and how many times the reader was
/// closed by then.
struct RelayOutcome: Equatable {
  var events: [String]
  var closed = 1
}

/// The statement of exercise 7b, as a program.
func relayModel(_ scenario: RelayScenario) -> RelayOutcome {
  var events: [String] = []
  var demand = scenario.first
  var cancelled = scenario.cancelledBeforeStart || scenario.contextCancelledBeforeStart
  var turns = scenario.whenPaused[...]
  func perform(_ action: RelayScenario.Action) {
    switch action {
    case .request(let more): if !cancelled { demand += more }
    case .cancel, .contextSaysCancelled: cancelled = true
    }
  }
  var read = 0
  if scenario.heldAtStart, !cancelled {
    events.append(RelayRun.heldWait)
    if let action = scenario.whenHeld { perform(action) }
  }
  while true {
    if !cancelled, demand == .none {
      events.append("waited while paused")
      perform(turns.popFirst() ?? .cancel)
    }
    if cancelled {
      events.append(RelayRun.threw)
      break
    }
    if let action = scenario.duringRead[read] { perform(action) }
    let result = RelayReader.result(of: read, in: scenario)
    events.append(RelayReader.told(result))
    if cancelled {
      events.append(RelayRun.threw)
      break
    }
    switch result {
    case .success(let line?):
      demand -= 1
      events.append(RelayRun.got(line))
      if let action = scenario.insideReceive[read] { perform(action) }
      read += 1
      continue
    case .success(nil): events.append("finished")
    case .failure(let error): events.append("failed with \(error)")
    }
    events.append(RelayRun.returned)
    break
  }
  return RelayOutcome(events: events)
}

/// A scenario's reader: it notes each read on the run's timeline, and acts while a read blocks.
struct RelayReader: LineReader {
  let run: RelayRun

  /// What read `index` gives in `scenario`.
  static func result(of index: Int, in scenario: RelayScenario) -> Result<String?, LineReadError> {
    if index == scenario.failsAt { return .failure(scenario.failure) }
    if let lines = scenario.lines, index >= lines { return .success(nil) }
    return .success(scenario.text(of: index))
  }

  /// How a read is told on the timeline.
  static func told(_ result: Result<String?, LineReadError>) -> String {
    switch result {
    case .success(let line?): "read \(RelayScenario.quoted(line))"
    case .success(nil): "read the end"
    case .failure: "read failed"
    }
  }

  func readLine() throws(LineReadError) -> String? {
    let index = run.startRead()
    guard let index else { return nil }
    if let action = run.scenario.duringRead[index] { run.perform(action) }
    let result = Self.result(of: index, in: run.scenario)
    run.note(Self.told(result))
    return try result.get()
  }

  func close() { run.noteClosed() }
}

/// One run of the answer: its log, and the subscription the context and subscriber act on.
final class RelayRun: Sendable {
  static let returned = "returned"
  static let threw = "threw CancellationError"
  /// What the run notes for a producer that reads `paused` in a loop instead of waiting.
  static let spun = "read paused 100,000 times without waiting"

  let scenario: RelayScenario
  private struct State {
    var events: [String] = []
    var subscription: (any Subscription)?
    var turn = 0
    var reads = 0
    var closed = 0
    var pausedReadsInARow = 0
    var asksAfterTheCancel = 0
    var contextSaysCancelled = false
    var held = false
    var received = 0
  }
  private let state = Locked(State())

  /// Tells the test the run is over when the producer is parked, and will never end.
  private let parkedForGood: @Sendable () -> Void

  init(_ scenario: RelayScenario, parkedForGood: @escaping @Sendable () -> Void = {}) {
    self.scenario = scenario
    self.parkedForGood = parkedForGood
    state.withLock { $0.held = scenario.heldAtStart }
  }

  /// What the run notes when the subscriber gets `line`.
  static func got(_ line: String) -> String { "got \(RelayScenario.quoted(line))" }

  /// What the run notes for the wait that ends the hold at the start.
  static let heldWait = "waited while held at the start"

  /// Whether the context still holds the producer back before its first read.
  var isHeld: Bool { state.withLock { $0.held } }

  /// Ends the hold at the start, noting the wait, where the subscriber takes its `whenHeld`
  /// turn; false if there was no hold.
  func releaseHeld() -> Bool {
    let released = state.withLock { state in
      guard state.held else { return false }
      state.held = false
      state.pausedReadsInARow = 0
      state.events.append(Self.heldWait)
      return true
    }
    if released, let action = scenario.whenHeld { perform(action) }
    return released
  }

  /// The subscriber got `line`: noted, and which one it is, from 0.
  func received(_ line: String) -> Int {
    let event = Self.got(line)
    return state.withLock { state in
      state.events.append(event)
      defer { state.received += 1 }
      return state.received
    }
  }

  var events: [String] { state.withLock { $0.events } }
  var closed: Int { state.withLock { $0.closed } }

  func note(_ event: String) { state.withLock { $0.events.append(event) } }

  /// A read starts: its index, or nil (noted) when the reader was closed before it.
  func startRead() -> Int? {
    state.withLock { state in
      guard state.closed == 0 else {
        state.events.append("read after the reader was closed")
        return nil
      }
      defer { state.reads += 1 }
      return state.reads
    }
  }

  func noteClosed() { state.withLock { $0.closed += 1 } }

  /// Whether the context says cancelled while the subscription goes on (a wrapper's stop).
  var contextSaysCancelled: Bool { state.withLock { $0.contextSaysCancelled } }

  func keep(_ subscription: any Subscription) { state.withLock { $0.subscription = subscription } }

  func perform(_ action: RelayScenario.Action) {
    let subscription = state.withLock { $0.subscription }
    switch action {
    case .request(let demand): subscription?.request(demand)
    case .cancel: subscription?.cancel()
    case .contextSaysCancelled: state.withLock { $0.contextSaysCancelled = true }
    }
  }

  /// The producer waits while paused: the subscriber takes its next turn.
  func paused() {
    let turn = state.withLock { state in
      state.events.append("waited while paused")
      state.pausedReadsInARow = 0
      defer { state.turn += 1 }
      return state.turn
    }
    perform(turn < scenario.whenPaused.count ? scenario.whenPaused[turn] : .cancel)
  }

  /// How many times the producer may ask its context anything once it says cancelled, before
  /// the run is called endless: a producer that stops asks once or twice.
  static let asksAfterTheCancel = 10_000
  /// The producer is parked here once it has asked that many times: it never returns, and no
  /// longer keeps a core busy.
  private let parked = DispatchSemaphore(value: 0)

  /// The producer asked its context something while the subscription is over.
  ///
  /// It may read `cancelled`, `paused`, or wait. Past `asksAfterTheCancel` times the run is
  /// noted as one that does not stop, and the producer's thread is parked for good.
  func askedAfterTheCancel() {
    let endless = state.withLock { state in
      state.asksAfterTheCancel += 1
      guard state.asksAfterTheCancel == Self.asksAfterTheCancel else { return false }
      state.events.append(Self.kept(on: Self.asksAfterTheCancel))
      return true
    }
    guard endless else { return }
    parkedForGood()
    parked.wait()
  }

  /// What the run notes for a producer that went on asking its context after the cancel.
  static func kept(on asks: Int) -> String {
    "went on after the cancel (asked its context \(asks) times more, and kept going)"
  }

  /// A read of `paused` that said true; a loop that only reads it would spin forever, so after
  /// many in a row, the subscriber takes its turn as if the producer waited.
  func readPaused() {
    let spinning = state.withLock { state in
      state.pausedReadsInARow += 1
      return state.pausedReadsInARow >= 100_000
    }
    guard spinning else { return }
    note(Self.spun)
    if releaseHeld() { return }
    paused()
  }
}

/// The context the answer gets: the real one, with the subscriber's turns taken at each wait.
struct RelayContext: CreateContext {
  let inner: any CreateContext
  let run: RelayRun

  var paused: Bool {
    noteIfCancelled()
    let paused = run.isHeld || inner.paused
    if paused { run.readPaused() }
    return paused
  }

  var cancelled: Bool {
    let cancelled = inner.cancelled || run.contextSaysCancelled
    if cancelled { run.askedAfterTheCancel() }
    return cancelled
  }

  func waitIfPaused() {
    noteIfCancelled()
    // A wrapper that says cancelled ends its wait at once, as a cancel ends the real one.
    guard !run.contextSaysCancelled else { return }
    if run.releaseHeld() { return }
    if inner.paused { run.paused() }
    guard !run.contextSaysCancelled else { return }
    inner.waitIfPaused()
  }

  /// Counts an ask that comes once the subscription is over, or the context says it is.
  private func noteIfCancelled() {
    if inner.cancelled || run.contextSaysCancelled { run.askedAfterTheCancel() }
  }
}

/// The subscriber of a scenario: notes what it gets, and acts inside `receive(_:)`.
final class ScriptedRelaySubscriber: Subscriber, Sendable {
  let run: RelayRun

  init(_ run: RelayRun) {
    self.run = run
  }

  func receive(subscription: any Subscription) { run.keep(subscription) }

  func receive(_ input: String) -> Subscribers.Demand {
    if let action = run.scenario.insideReceive[run.received(input)] { run.perform(action) }
    return .none
  }

  func receive(completion: Subscribers.Completion<LineReadError>) {
    switch completion {
    case .finished: run.note("finished")
    case .failure(let error): run.note("failed with \(error)")
    }
  }
}

/// The scenarios exercise 7b is graded on: a fixed list, from fixed seeds.
func relayScenarios(count: Int, seed: UInt64) -> [RelayScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [RelayScenario] = []
  while scenarios.count < count {
    let scenario = makeRelayScenario(&numbers)
    if scenario.isValid { scenarios.append(scenario) }
  }
  return scenarios
}

private func makeRelayScenario(_ numbers: inout SeededNumbers) -> RelayScenario {
  // A reader of up to 20,000 lines, all wanted, now and then: a run cut short is seen.
  if numbers.chance(5) {
    return RelayScenario(
      lines: Int.random(in: 201...20_000, using: &numbers),
      first: .unlimited,
      whenPaused: [],
      insideReceive: [:]
    )
  }
  let lines: Int? = numbers.pick([0, 1, 2, 3, Int.random(in: 1...12, using: &numbers), 200, nil])
  let reach = lines ?? 12
  func demand() -> Subscribers.Demand {
    numbers.pick([.max(1), .max(1), .max(2), .max(Int.random(in: 1...6, using: &numbers))])
  }
  func action() -> RelayScenario.Action {
    numbers.chance(15)
      ? (numbers.chance(40) ? .contextSaysCancelled : .cancel)
      : .request(numbers.chance(5) ? .unlimited : demand())
  }
  // A reader that never ends fails, now and then one that ends does.
  let failsAt =
    lines == nil || numbers.chance(20) ? Int.random(in: 0...reach, using: &numbers) : nil
  var inside: [Int: RelayScenario.Action] = [:]
  if numbers.chance(40) {
    for _ in 0..<Int.random(in: 1...2, using: &numbers) {
      inside[Int.random(in: 0...max(reach - 1, 0), using: &numbers)] = action()
    }
  }
  var during: [Int: RelayScenario.Action] = [:]
  if numbers.chance(25) { during[Int.random(in: 0...reach, using: &numbers)] = action() }
  let texts: [String]? =
    numbers.chance(40)
    ? (0..<Int.random(in: 1...6, using: &numbers)).map { _ in
      numbers.pick(RelayScenario.oddTexts)
    } : nil
  let reason = numbers.pick([
    "the disk went away", "resource busy, try again", "", "end of file", "timed out",
  ])
  let cancelledBeforeStart = numbers.chance(10)
  let contextCancelledBeforeStart = numbers.chance(6)
  let held = !cancelledBeforeStart && !contextCancelledBeforeStart && numbers.chance(12)
  return RelayScenario(
    lines: lines,
    failsAt: failsAt,
    first: numbers.chance(10) ? .unlimited : demand(),
    cancelledBeforeStart: cancelledBeforeStart,
    contextCancelledBeforeStart: contextCancelledBeforeStart,
    whenPaused: (0..<Int.random(in: 0...5, using: &numbers)).map { _ in action() },
    insideReceive: inside,
    duringRead: during,
    texts: texts,
    heldAtStart: held,
    whenHeld: held && numbers.chance(40) ? action() : nil,
    failureReason: reason
  )
}

/// Runs 7b is graded on besides `relayScenarios`', from a seed of their own, when grading:
/// readers of 100,001 to 400,000 lines, all wanted.
func relayScenariosOfLongRuns(count: Int, seed: UInt64) -> [RelayScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return (0..<count).map { _ in
    RelayScenario(
      lines: numbers.logUniform(100_001...400_000),
      first: .unlimited,
      whenPaused: [],
      insideReceive: [:]
    )
  }
}

/// The failure message: the scenario, then what happened and what the statement says.
func explainRelay(
  _ scenario: RelayScenario,
  _ got: RelayOutcome,
  _ expected: RelayOutcome
) -> String {
  guard got.events == expected.events else {
    // The first event that differs, with a little before it.
    let same = zip(got.events, expected.events).prefix { $0 == $1 }.count
    let from = max(0, same - 3)
    func shown(_ events: [String]) -> String {
      let part = events[from...].prefix(8)
      let more = events.count > from + 8 ? ", ..." : ""
      return (from > 0 ? "..., " : "")
        + (part.isEmpty ? "nothing more" : part.joined(separator: ", ")) + more
    }
    return "\(scenario): the run went \(shown(got.events)); the statement gives "
      + "\(shown(expected.events))"
  }
  let times = got.closed == 0 ? "never" : got.closed == 1 ? "once" : "\(got.closed) times"
  return "\(scenario): the run went as the statement says, but by its end the reader was "
    + "closed \(times); the statement gives once"
}
