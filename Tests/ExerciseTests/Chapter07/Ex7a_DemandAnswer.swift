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

/// Runs `scenario` on the answer's `NumbersSubscription`.
func demandAnswer(_ scenario: DemandScenario) throws -> DemandOutcome {
  var subscriber: ScriptedNumbersSubscriber? = ScriptedNumbersSubscriber(scenario)
  weak let watched = subscriber
  let log = subscriber?.log
  let subscription = try NumbersSubscription(range: scenario.range, subscriber: subscriber!)
  subscriber?.receive(subscription: subscription)
  // From here the subscriber lives only as long as the subscription holds it, as in an app.
  subscriber = nil
  let kept = watched != nil
  for call in scenario.calls { watched?.perform(call) }
  var outcome = DemandOutcome(received: log?.received ?? [], kept: kept)
  if demandModel(scenario).letGo != nil { outcome.letGo = watched == nil }
  watched?.perform(.cancel)  // whatever the answer does, the pair is freed after the scenario
  withExtendedLifetime(subscription) {}
  return outcome
}
