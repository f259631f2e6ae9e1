// Exercise 7a's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
@testable import GradedScenarios
import MiniCombine
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter07Exercises
#endif

/// A scenario's source and subscriber on the answer's `IteratorSubscription`, which holds them
/// both from the start: what happens is in `log`, and whether it let go of them is seen weakly.
final class PullRun {
  let scenario: PullScenario
  let log = PullLog()
  /// Held until `subscriptionFreed()`: the subscriber's calls from outside go through it, also
  /// once the subscriber is gone.
  private var subscription: (any Subscription)?
  private weak var watchedSubscription: AnyObject?
  private weak var subscriber: ScriptedPullSubscriber?
  private weak var sourceToken: ScriptedSource.Token?
  /// Whether the subscription kept the subscriber alive once nothing else held it.
  let kept: Bool

  init(_ scenario: PullScenario) throws {
    ScenarioAnnouncer.announce(scenario)
    self.scenario = scenario
    var subscriber: ScriptedPullSubscriber? = ScriptedPullSubscriber(scenario, log: log)
    var source: ScriptedSource? = ScriptedSource(scenario, log: log)
    self.subscriber = subscriber
    sourceToken = source?.token
    let subscription = try IteratorSubscription(source: source!, subscriber: subscriber!)
    self.subscription = subscription
    watchedSubscription = subscription
    source = nil
    subscriber?.receive(subscription: subscription)
    // From here the subscriber lives only as long as the subscription holds it, as in an app.
    subscriber = nil
    kept = self.subscriber != nil
  }

  /// The calls `perform` made, for the announcement: a crash in one names it.
  private var outsideCalls: [String] = []

  /// Makes `call` as the subscriber, from outside `receive(_:)`.
  func perform(_ call: PullScenario.Call) {
    // A hand test's calls are not in its scenario's description: say them, so that a crash in
    // one names it. (A generated scenario's calls are in its description.)
    if scenario.calls.isEmpty, isGrading {
      outsideCalls.append(call.description)
      ScenarioAnnouncer.announce(
        "\(scenario); then the test calls \(outsideCalls.joined(separator: ", then "))"
      )
    }
    switch call {
    case .request(let demand): subscription?.request(demand)
    case .cancel: subscription?.cancel()
    }
  }

  var events: [String] { log.events }
  var subscriberLetGo: Bool { subscriber == nil }
  var sourceLetGo: Bool { sourceToken == nil }

  /// Lets go of the subscription, and says whether it was freed: once it is over and its
  /// subscriber gone, nothing may keep it alive (itself included).
  func subscriptionFreed() -> Bool {
    subscription = nil
    return watchedSubscription == nil
  }

  deinit {
    subscription?.cancel()  // whatever the answer does, the pair is freed after the run
  }
}

/// Runs `scenario` on the answer's `IteratorSubscription`.
func pullAnswer(_ scenario: PullScenario) throws -> PullOutcome {
  let run = try PullRun(scenario)
  for call in scenario.calls { run.perform(call) }
  var outcome = PullOutcome(events: run.events, kept: run.kept)
  if pullModel(scenario).letGo != nil {
    outcome.letGo = run.subscriberLetGo
    outcome.sourceLetGo = run.sourceLetGo
    outcome.subscriptionFreed = run.subscriptionFreed()
  }
  return outcome
}
