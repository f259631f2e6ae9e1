import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 3b graded by its statement: generated scripts of start(), beats, stop() (from the
// main actor, twice, from inside close(), from inside the cancelled wait's handler, from the beat
// task just as a wait ends), a cancel of the beat task that is not a stop (cancelTask(), or the
// task start() returned cancelled by its owner, while it waits or just as a wait ends), start()
// after stop(), and connections whose send fails at any beat with any error and whose close()
// looks at the heartbeat or calls start(), on a manual clock the test moves, with intervals of
// zero and from 1 attosecond to a billion years, time passing before start(), up to 1,000 beats in
// a life, and sends that take time on the clock (from half an interval to three and a half).

/// One heartbeat's life, as the grade generates it.
struct HeartbeatScenario: GradedScenario {
  enum Stop: String, Equatable, Sendable {
    case fromTheMainActor = "stop()"
    case twice = "stop() twice"
    case fromTheCancelledWait =
      "stop(), whose cancel calls stop() again from the wait's cancellation handler"
    case asAWaitEnds = "stop() from the beat task, as its wait is over"
  }

  /// A cancel of the beat task that is not a stop: while the task waits, or from the beat task
  /// itself just as a wait is over (before its sleep returns).
  enum Cancel: String, Equatable, Sendable {
    case cancelTask = "cancelTask()"
    case byItsOwner = "the task start() returned is cancelled by its owner"
    case cancelTaskAsAWaitEnds = "cancelTask() from the beat task, as its wait is over"
    case byItsOwnerAsAWaitEnds =
      "the task start() returned is cancelled by its owner, as its wait is over"

    var callsCancelTask: Bool { self == .cancelTask || self == .cancelTaskAsAWaitEnds }
    var asAWaitEnds: Bool { self == .cancelTaskAsAWaitEnds || self == .byItsOwnerAsAWaitEnds }
  }

  /// What the connection's failing send throws.
  enum SendError: Equatable, Sendable {
    case connectionClosed
    case cancellation
    /// A `URLError` with the code at this index of `everyURLErrorCode`.
    case url(Int)
    /// A `POSIXError` with the code of this name: "EAGAIN", "EPIPE" or "ECONNRESET".
    case posix(String)

    var rawValue: String {
      switch self {
      case .connectionClosed: "ConnectionClosed()"
      case .cancellation: "CancellationError()"
      case .url(let index): spelledURLError(everyURLErrorCode[index].code)
      case .posix(let name): "POSIXError(.\(name))"
      }
    }

    var error: any Error {
      switch self {
      case .connectionClosed: ConnectionClosed()
      case .cancellation: CancellationError()
      case .url(let index): URLError(everyURLErrorCode[index].code)
      case .posix(let name):
        POSIXError(["EAGAIN": .EAGAIN, "EPIPE": .EPIPE][name] ?? .ECONNRESET)
      }
    }
  }

  enum Step: Equatable, Sendable, CustomStringConvertible {
    /// This many intervals pass on the clock before anything else: no task waits yet.
    case idle(Int)
    case start
    /// Lets this many beats come due, one interval at a time, while the task waits.
    case beats(Int)
    case stop(Stop)
    case cancel(Cancel)

    var description: String {
      switch self {
      case .idle(let count): count == 1 ? "1 interval passes" : "\(count) intervals pass"
      case .start: "start()"
      case .beats(let count): count == 1 ? "1 interval passes" : "\(count) intervals pass"
      case .stop(let stop): stop.rawValue
      case .cancel(let cancel): cancel.rawValue
      }
    }
  }

  var interval: Duration
  var steps: [Step]
  /// The beat whose send throws, if any, and what it throws.
  var sendFailsAt: Int?
  var sendError = SendError.connectionClosed
  /// The connection's close() calls stop() again.
  var closeCallsStop: Bool
  /// Each send that does not throw takes this long on the clock; when each beat comes is then
  /// left free, and only the beats sent are compared.
  var sendTakes: Duration? = nil
  /// Each send waits until the test lets it go, one beat at a time.
  ///
  /// For lives with an interval of zero, or sends that take an interval or more, where a beat may
  /// be sent with no wait before it; the test moves the clock to the end of any wait too. Stopped
  /// only from the main actor, never cancelled otherwise.
  var sendsHeld = false
  /// The connection's close() calls start() on the heartbeat, and the life logs what it gave.
  var closeCallsStart = false

  var size: Int {
    steps.reduce(0) { total, step in
      if case .beats(let count) = step { return total + count }
      return total + 1
    }
  }

  var description: String {
    var text = "a Heartbeat every \(spelled(interval))"
    if let sendFailsAt {
      text += " whose connection's send throws \(sendError.rawValue) at beat \(sendFailsAt)"
    }
    if closeCallsStop {
      text += (sendFailsAt == nil ? " whose" : " and whose") + " connection's close() calls stop()"
    }
    if closeCallsStart {
      text += (sendFailsAt == nil && !closeCallsStop ? " whose" : " and whose")
      text += " connection's close() calls start()"
    }
    if let sendTakes {
      text += (sendFailsAt == nil && !closeCallsStop && !closeCallsStart ? " whose" : " and whose")
      text += " connection's send takes \(spelled(sendTakes)) (when each beat comes left free)"
    }
    return text + ": " + steps.map(\.description).joined(separator: ", then ")
  }

  var smaller: [HeartbeatScenario] {
    candidatesASizeSmaller.filter(\.isPossible)
  }

  /// A start() only while no beat task lives: before any, or after a stop().
  var isPossible: Bool {
    var live = false
    var stopped = false
    for step in steps {
      switch step {
      case .start:
        if live { return false }
        live = !stopped
      case .stop: stopped = true
      default: break
      }
    }
    return true
  }

  private var candidatesASizeSmaller: [HeartbeatScenario] {
    var candidates: [HeartbeatScenario] = steps.eachWithOneLeftOut.map { with(steps: $0) }
    for (index, step) in steps.enumerated() {
      if case .beats(let count) = step, count > 0 {
        var fewer = steps
        fewer[index] = .beats(count - 1)
        candidates.append(with(steps: fewer))
      }
      if case .stop(let stop) = step, stop != .fromTheMainActor {
        var plainer = steps
        plainer[index] = .stop(.fromTheMainActor)
        candidates.append(with(steps: plainer))
      }
    }
    if sendFailsAt != nil {
      var copy = self
      copy.sendFailsAt = nil
      candidates.append(copy)
      if sendError != .connectionClosed {
        copy = self
        copy.sendError = .connectionClosed
        candidates.append(copy)
      }
    }
    if closeCallsStop {
      var copy = self
      copy.closeCallsStop = false
      candidates.append(copy)
    }
    if sendTakes != nil {
      var copy = self
      copy.sendTakes = nil
      candidates.append(copy)
    }
    if closeCallsStart {
      var copy = self
      copy.closeCallsStart = false
      candidates.append(copy)
    }
    if interval != .seconds(1) {
      var copy = self
      copy.interval = .seconds(1)
      candidates.append(copy)
    }
    return candidates
  }

  private func with(steps: [Step]) -> HeartbeatScenario {
    var copy = self
    copy.steps = steps
    return copy
  }
}

extension HeartbeatScenario: Equatable {}

/// What happened, in order: "start()", "send(0) at 1 s", "stop()", "close()", ...
struct HeartbeatOutcome: Equatable, CustomStringConvertible {
  var log: [String]

  /// A long log (over 160 entries) by its first entries and its end.
  var description: String {
    guard log.count > 160 else { return log.joined(separator: ", ") }
    return (log.prefix(3) + ["... (\(log.count - 11) more)"] + log.suffix(8)).joined(
      separator: ", "
    )
  }
}

/// The statement of exercise 3b, as a program.
func heartbeatModel(_ scenario: HeartbeatScenario) -> HeartbeatOutcome {
  var log: [String] = []
  var started = false
  var stopped = false
  var failed = false
  var cancelled = false
  var nextBeat = 0
  var startedAt = Duration.zero  // the first wait starts when start() is called
  for step in scenario.steps {
    switch step {
    case .idle(let count):
      if !started { startedAt += scenario.interval * count }
    case .start:
      log.append(stopped ? "start() threw HeartbeatStopped" : "start()")
      if !stopped { started = true }
    case .beats(let count):
      for _ in 0..<count where started && !stopped && !failed && !cancelled {
        // A send that takes time leaves free when the next beat comes: no time is compared.
        let time =
          scenario.sendTakes == nil
          ? " at " + spelled(startedAt + scenario.interval * (nextBeat + 1)) : ""
        failed = nextBeat == scenario.sendFailsAt
        log.append("send(\(nextBeat))\(time)" + (failed ? ", which throws" : ""))
        nextBeat += 1
      }
    case .cancel(let how):
      // A cancel ends the beats as a stop does, but closes nothing.
      log.append(how.rawValue)
      if how.callsCancelTask { log.append("then task is nil") }
      if started {
        cancelled = !stopped
        log.append("the beat task has ended")
      }
    case .stop(let how):
      for _ in 0..<(how == .twice ? 2 : 1) {
        log.append("stop()")
        if !stopped {
          log.append("close()")
          // A start() once stop() has been called throws, from inside close() too.
          if scenario.closeCallsStart {
            log.append("start() from inside close() threw HeartbeatStopped")
          }
        }
        stopped = true
        log.append("then task is nil")
        if started { log.append("the beat task has ended") }
      }
    }
  }
  return HeartbeatOutcome(log: log)
}

/// The connection of a scenario: logs each send with the clock's time, and each close, in the
/// scenario's log; a send after the close throws, as does the one the scenario fails.
///
/// A send that takes time moves the clock on by that time before it returns, and is logged
/// without a time. A held send waits until the test lets it go, and is logged only then; close()
/// or a cancel of its task while it waits makes it throw, unlogged: that beat never went out.
final class LoggingConnection: HeartbeatConnection {
  let log = Locked<[String]>([])
  private let clock: ManualClock
  private let failsAt: Int?
  private let closed = Locked(false)
  private let onClose = Locked<(@Sendable () -> Void)?>(nil)
  private let lookAtTheOwner = Locked<(@Sendable () -> String?)?>(nil)
  private let failure: any Error & Sendable
  private let takes: Duration?
  /// Sends still allowed once the beat task is cancelled, and the signal that they are used up.
  private let runaway = Locked<(left: Int, signal: OneShotSignal<Bool>)?>(nil)
  private let holding: Bool
  /// The held send's signal to go (true) or to throw (false), and the signal that fires when the
  /// next send is held.
  private let held = Locked<(go: OneShotSignal<Bool>?, next: OneShotSignal<Bool>)>(
    (nil, OneShotSignal())
  )

  init(
    clock: ManualClock,
    failsAt: Int?,
    failure: any Error & Sendable,
    takes: Duration? = nil,
    holdsSends: Bool = false
  ) {
    self.clock = clock
    self.failsAt = failsAt
    self.failure = failure
    self.takes = takes
    self.holding = holdsSends
  }

  /// Returns once a send is held, waiting for the test to let it go.
  func waitForAHeldSend() async {
    let next = held.withLock { $0.go == nil ? $0.next : nil }
    if let next { _ = await next.wait() }
  }

  /// Lets the held send go out; false when none is held.
  func letTheHeldSendGo() -> Bool {
    let go = held.withLock { held in
      defer { held.go = nil }
      return held.go
    }
    go?.fire(true)
    return go != nil
  }

  /// Holds a send until the test lets it go (true), or until close() or a cancel (false); not
  /// at all once closed (true: the send then logs itself as after close()).
  private func heldUntilLetGo() async -> Bool {
    let go = OneShotSignal<Bool>()
    let isHeld = held.withLock { held -> OneShotSignal<Bool>? in
      guard !closed.withLock({ $0 }) else { return nil }
      held.go = go
      defer { held.next = OneShotSignal() }
      return held.next
    }
    guard let isHeld else { return true }
    isHeld.fire(true)
    let wentOut = await withTaskCancellationHandler {
      await go.wait()
    } onCancel: {
      go.fire(false)
    }
    held.withLock { held in
      if held.go === go { held.go = nil }
    }
    return wentOut
  }

  /// Fires the returned signal at the third send from now; every send after it throws.
  func watchForRunawaySends() -> OneShotSignal<Bool> {
    let signal = OneShotSignal<Bool>()
    runaway.withLock { $0 = (3, signal) }
    return signal
  }

  func note(_ entry: String) {
    log.withLock { $0.append(entry) }
  }

  /// Runs `body` inside the first close(), after it is logged: a connection that tells its owner.
  func whileClosing(_ body: @escaping @Sendable () -> Void) {
    onClose.withLock { $0 = body }
  }

  /// Runs `look` inside each close(): what it returns, if anything, is logged with the close.
  func whenClosed(lookAt look: @escaping @Sendable () -> String?) {
    lookAtTheOwner.withLock { $0 = look }
  }

  func send(_ beat: Int) async throws {
    if holding, await !heldUntilLetGo() {
      throw closed.withLock({ $0 }) ? ConnectionClosed() : CancellationError()
    }
    let time =
      takes == nil
      ? " at " + spelled(clock.now.offset - ManualClock.Instant(offset: .zero).offset) : ""
    if closed.withLock({ $0 }) {
      note("send(\(beat))\(time) after close()")
      throw ConnectionClosed()
    }
    note("send(\(beat))\(time)" + (beat == failsAt ? ", which throws" : ""))
    if beat == failsAt { throw failure }
    if let takes { clock.advance(by: takes) }  // the send took this long
    let usedUp = runaway.withLock { runaway -> OneShotSignal<Bool>? in
      guard let watch = runaway else { return nil }
      runaway = (watch.left - 1, watch.signal)
      return watch.left <= 1 ? watch.signal : nil
    }
    if let usedUp {
      usedUp.fire(true)
      throw ConnectionClosed()
    }
  }

  func close() {
    let first = closed.withLock { closed in
      defer { closed = true }
      return !closed
    }
    let heldSend = held.withLock { held in
      defer { held.go = nil }
      return held.go
    }
    heldSend?.fire(false)  // a send held when the connection closes never goes out
    note("close()" + (lookAtTheOwner.withLock { $0 }?().map { ", " + $0 } ?? ""))
    // Only the first: an answer that closes again from inside close() shows as a second
    // close, not as endless recursion.
    if first { onClose.withLock { $0 }?() }
  }
}

/// The lives exercise 3b is graded on: a fixed list, from a fixed seed.
func heartbeatScenarios(count: Int, seed: UInt64) -> [HeartbeatScenario] {
  // From seeds of their own, so that the lives above stay as they were: intervals past an hour,
  // time passing before start(), over a hundred beats, and sends failing with a POSIXError.
  var more = SeededNumbers(seed: seed &+ 2)
  let later = drawnLives(count: count / 8, seed: seed &+ 3).map { life in
    var life = life
    if more.chance(40) {
      life.interval = more.pick([.seconds(7_200), .seconds(90_000), .seconds(604_800)])
    }
    if more.chance(40) { life.steps.insert(.idle(Int.random(in: 1...3, using: &more)), at: 0) }
    if more.chance(30), let index = life.steps.firstIndex(where: { $0 == .start }),
      index + 1 < life.steps.count, case .beats = life.steps[index + 1]
    {
      life.steps[index + 1] = .beats(Int.random(in: 101...150, using: &more))
    }
    if life.sendFailsAt != nil, more.chance(50) {
      life.sendError = .posix(more.pick(["EAGAIN", "EPIPE", "ECONNRESET"]))
    }
    return life
  }
  // From seeds of their own again: sends that take from half to nine tenths of an interval on the
  // clock.
  var slow = SeededNumbers(seed: seed &+ 4)
  let slowSends = drawnLives(count: count / 16, seed: seed &+ 5).map { life in
    var life = life
    if life.interval < .milliseconds(1) {
      life.interval = slow.pick([.milliseconds(1), .seconds(1)])
    }
    life.sendTakes = slow.pick([life.interval / 2, life.interval * 3 / 4, life.interval * 9 / 10])
    return life
  }
  // From seeds of their own again: intervals from 1 attosecond to a billion years, most with a
  // part of a nanosecond, and lives of 257 to 1,000 beats (past what a byte holds).
  var wide = SeededNumbers(seed: seed &+ 6)
  let wider = drawnLives(count: count / 16, seed: seed &+ 7).map { life in
    var life = life
    life.interval = wide.chapter03Interval(upToYears: 1e9)
    return life
  }
  var long = SeededNumbers(seed: seed &+ 8)
  func longer(_ life: HeartbeatScenario, beats: ClosedRange<Int>) -> HeartbeatScenario {
    var life = life
    if let index = life.steps.firstIndex(of: .start), index + 1 < life.steps.count,
      case .beats = life.steps[index + 1]
    {
      life.steps[index + 1] = .beats(long.logUniform(beats))
      life.sendFailsAt = nil
      life.sendTakes = nil
    }
    return life
  }
  let longLives = drawnLives(count: count / 40, seed: seed &+ 9).map {
    longer($0, beats: 257...1_000)
  }
  // From seeds of their own again: sends that take one to three and a half intervals, held until
  // the test lets each go, so that a beat may be sent with no wait before it.
  var held = SeededNumbers(seed: seed &+ 10)
  let heldLives = heldSends(drawnLives(count: count / 16, seed: seed &+ 11), using: &held).map {
    life in
    var life = life
    if life.interval < .milliseconds(1) {
      life.interval = held.pick([.milliseconds(1), .seconds(1)])
    }
    life.sendTakes = held.pick([
      life.interval, life.interval * 3 / 2, life.interval * 5 / 2, life.interval * 7 / 2,
    ])
    return life
  }
  // From seeds of their own again: a connection whose close() calls start().
  let startingLives = drawnLives(count: count / 16, seed: seed &+ 12).map { life in
    var life = life
    life.closeCallsStart = true
    return life
  }
  return drawnLives(count: count, seed: seed) + later + slowSends + wider + longLives + heldLives
    + startingLives
}

/// Lives with an interval of zero, graded after the others: each send held until the test lets
/// it go, so that the beats may come with no wait at all.
func heartbeatZeroIntervalScenarios(count: Int, seed: UInt64) -> [HeartbeatScenario] {
  var numbers = SeededNumbers(seed: seed &+ 13)
  return heldSends(drawnLives(count: count, seed: seed &+ 14), using: &numbers).map { life in
    var life = life
    life.interval = .zero
    return life
  }
}

/// The lives with their sends held, stopped from the main actor only (a stop as a wait ends, or
/// from the cancelled wait's handler, needs a wait) and never cancelled otherwise.
private func heldSends(
  _ lives: [HeartbeatScenario],
  using numbers: inout SeededNumbers
) -> [HeartbeatScenario] {
  lives.map { life in
    var life = life
    life.sendsHeld = true
    life.steps = life.steps.compactMap { step in
      switch step {
      case .cancel: nil
      case .stop: .stop(numbers.pick([.fromTheMainActor, .twice]))
      default: step
      }
    }
    return life
  }
}

private func drawnLives(count: Int, seed: UInt64) -> [HeartbeatScenario] {
  var numbers = SeededNumbers(seed: seed)
  let stops: [HeartbeatScenario.Stop] = [
    .fromTheMainActor, .twice, .fromTheCancelledWait, .asAWaitEnds,
  ]
  // Every URLError code in turn, so that each one fails a send in some life.
  var nextCode = 0
  // A stream of its own, so that the other choices stay what they were for this seed.
  var asTheWaitEnds = SeededNumbers(seed: seed &+ 1)
  return (0..<count).map { _ in
    var steps: [HeartbeatScenario.Step] = []
    if numbers.chance(10) { steps.append(.stop(numbers.pick(stops))) }
    if numbers.chance(92) { steps.append(.start) }
    let beats =
      numbers.chance(15)
      ? Int.random(in: 10...40, using: &numbers) : Int.random(in: 0...5, using: &numbers)
    steps.append(.beats(beats))
    if numbers.chance(20) {
      steps.append(.cancel(numbers.pick([.cancelTask, .byItsOwner])))
      if asTheWaitEnds.chance(50) {
        steps[steps.count - 1] = .cancel(
          asTheWaitEnds.pick([.cancelTaskAsAWaitEnds, .byItsOwnerAsAWaitEnds])
        )
      }
      steps.append(.beats(Int.random(in: 1...3, using: &numbers)))
    }
    steps.append(.stop(numbers.pick(stops)))
    if numbers.chance(40) { steps.append(.beats(Int.random(in: 1...3, using: &numbers))) }
    if numbers.chance(30) { steps.append(.start) }
    if numbers.chance(25) { steps.append(.stop(numbers.pick(stops))) }
    let failsAt = numbers.chance(30) ? Int.random(in: 0...max(0, beats), using: &numbers) : nil
    return HeartbeatScenario(
      interval: numbers.pick([
        .nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(3_600),
      ]),
      steps: steps,
      sendFailsAt: failsAt,
      sendError: failsAt == nil || numbers.chance(25)
        ? numbers.pick([.connectionClosed, .cancellation])
        : .url(nextURLErrorCode(&nextCode)),
      closeCallsStop: numbers.chance(25)
    )
  }
}
