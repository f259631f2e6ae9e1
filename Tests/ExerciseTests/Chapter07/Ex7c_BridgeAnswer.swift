// Exercise 7c's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
@testable import GradedScenarios
import LessonSupport
import MiniCombine
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter07Exercises
#endif

/// The publisher's side of a scenario, and the log both sides write to.
final class ScenarioPublisher: Subscription, Sendable {
  private struct State {
    var log: [String] = []
    var asked = 0
    var sent = 0
    var requests = 0
    var cancelled = false
    var completed = false
    var failures = 0
  }
  private let state = Locked(State())
  let kind: BridgeScenario.Publisher
  let bridge: PrefetchingBridge<Int>
  /// The failure it sends, by its number.
  let failure: @Sendable (Int) -> any Error

  init(
    _ kind: BridgeScenario.Publisher,
    _ bridge: PrefetchingBridge<Int>,
    failure: @escaping @Sendable (Int) -> any Error = { ScenarioFailure(number: $0) }
  ) {
    self.kind = kind
    self.bridge = bridge
    self.failure = failure
  }

  var log: [String] { state.withLock { $0.log } }

  func note(_ line: String) { state.withLock { $0.log.append(line) } }

  func request(_ demand: Subscribers.Demand) {
    let requests = state.withLock { state in
      state.log.append("request \(demand)")
      state.requests += 1
      state.asked = state.asked.adding(demand)
      return state.requests
    }
    if kind == .sendsInsideRequest {
      let sent = state.withLock { $0.sent }
      if sent < 3 {
        for _ in 0..<min(demand.max ?? Int.max, 3 - sent) { sendIfAsked() }
      } else {
        complete(failing: false)
      }
    }
    if kind == .failsInsideTheSecondRequest, requests == 2 { complete(failing: true) }
  }

  func cancel() {
    state.withLock { state in
      state.log.append("subscription cancelled")
      state.cancelled = true
    }
    if kind == .finishesInsideCancel { complete(failing: false) }
    if kind == .sendsInsideCancel { sendIfAsked() }
  }

  /// Sends the next value if one was asked for, or the subscription was cancelled (a value
  /// already on its way meets the cancel).
  func sendIfAsked() {
    let value = state.withLock { state -> Int? in
      let broken = kind == .sendsAfterItsEnd
      guard !state.completed || broken,
        state.asked > state.sent || state.cancelled || broken
      else { return nil }
      state.sent += 1
      return state.sent
    }
    guard let value else { return }
    let more = bridge.receive(value)
    guard more != .none else { return }
    state.withLock { state in
      state.log.append("receive(_:) returned \(more)")
      state.asked = state.asked.adding(more)
    }
  }

  func complete(failing: Bool) {
    let failure = state.withLock { state -> Int?? in
      guard !state.completed || kind == .sendsAfterItsEnd else { return .none }
      state.completed = true
      guard failing else { return .some(nil) }
      state.failures += 1
      return .some(state.failures)
    }
    guard let failure else { return }
    bridge.receive(completion: failure.map { .failure(self.failure($0)) } ?? .finished)
  }
}

/// Runs `scenario` on the answer's `PrefetchingBridge`.
///
/// With `announcing` false (a test that only asks whether the exercise is started), it names
/// nothing for the grader: a crash or hang later in that test is not this scenario's.
func bridgeAnswer(
  _ scenario: BridgeScenario,
  announcing: Bool = true
) async throws -> BridgeOutcome {
  let bridge = PrefetchingBridge<Int>(prefetch: scenario.prefetch)
  let publisher = ScenarioPublisher(scenario.publisher, bridge, failure: scenario.error)
  let executor = RunsJobsAtOnce()
  let notImplemented = Locked(false)
  var pending: Task<Void, Never>?
  let waiting = Locked(false)
  // Set once the steps are over: a loop whose task is cancelled then goes away, with no next()
  // once more; that end is not the scenario's.
  let leaving = Locked(false)
  var seenSubscription = false
  for (index, step) in scenario.steps.enumerated() {
    // A step runs the loop's next() inside it, on RunsJobsAtOnce: a deadlock there is named.
    if announcing {
      ScenarioAnnouncer.announce(
        scenario,
        waitingFor: "step \(index + 1) (\(step)) to return; a next() may run inside it"
      )
    }
    func next() {
      guard !waiting.withLock({ $0 }) else { return }
      waiting.withLock { $0 = true }
      pending = Task(executorPreference: executor) {
        defer { waiting.withLock { $0 = false } }
        do {
          var value: Int?
          repeat {
            value = try await bridge.next()
            publisher.note("next() returned \(value.map(String.init) ?? "nil")")
          } while scenario.loop && value != nil
        } catch is NotImplemented {
          return notImplemented.withLock { $0 = true }
        } catch {
          publisher.note("next() threw \(spelledFailure(error))")
        }
        guard scenario.loop, !leaving.withLock({ $0 }) else { return }
        // Once more after the end, still inside the call that resumed the last next().
        do {
          let again = try await bridge.next()
          publisher.note("next() again returned \(again.map(String.init) ?? "nil")")
        } catch {
          publisher.note("next() again threw \(spelledFailure(error))")
        }
      }
    }
    switch step {
    case .next: next()
    case .nextsWithValues(let count):
      for _ in 0..<count where !notImplemented.withLock({ $0 }) {
        next()
        publisher.sendIfAsked()
      }
    case .values(let count):
      for _ in 0..<count { publisher.sendIfAsked() }
    case .nexts(let count):
      for _ in 0..<count where !notImplemented.withLock({ $0 }) { next() }
    case .valuesThenNexts(let count):
      for _ in 0..<count where !notImplemented.withLock({ $0 }) {
        publisher.sendIfAsked()
        next()
      }
    case .subscription:
      guard !seenSubscription else { continue }
      seenSubscription = true
      bridge.receive(subscription: publisher)
    case .value: publisher.sendIfAsked()
    case .finished: publisher.complete(failing: false)
    case .failure: publisher.complete(failing: true)
    case .cancelTheTask: if waiting.withLock({ $0 }), let pending { executor.cancel(pending) }
    case .cancel: bridge.cancel()
    }
    if notImplemented.withLock({ $0 }) { throw NotImplemented("7c") }
  }
  var log = publisher.log
  if waiting.withLock({ $0 }) {
    log.append("a next() still waits")
    leaving.withLock { $0 = true }
    if let pending { executor.cancel(pending) }  // the loop goes away; this is not logged
  }
  return BridgeOutcome(log: log)
}
