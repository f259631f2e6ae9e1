// Exercise 7b's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport
import MiniCombine
import XCTest

#if SOLUTIONS
import Solutions
#else
import Chapter07Exercises
#endif

/// Runs `scenario` on the answer's `relayLines`, in a real `Create`.
func relayAnswer(_ scenario: RelayScenario) async throws -> RelayOutcome {
  let (ended, end) = AsyncStream.makeStream(of: (closed: Int, error: (any Error)?).self)
  let run = RelayRun(scenario) { end.finish() }
  let publisher = Create<String, LineReadError> { emitter, context in
    do {
      let scripted = RelayContext(inner: context, run: run)
      // A cancel that came before this thread ran is already there when the answer starts.
      if scenario.cancelledBeforeStart { run.perform(.cancel) }
      if scenario.contextCancelledBeforeStart { run.perform(.contextSaysCancelled) }
      try relayLines(from: RelayReader(run: run), to: emitter, context: scripted)
      run.note(RelayRun.returned)
      end.yield((run.closed, nil))
    } catch is CancellationError {
      run.note(RelayRun.threw)
      end.yield((run.closed, nil))
    } catch {
      run.note("threw \(error)")
      end.yield((run.closed, error))
    }
    end.finish()
  }
  publisher.receive(subscriber: ScriptedRelaySubscriber(run))
  run.perform(.request(scenario.first))
  ScenarioAnnouncer.announce(scenario, waitingFor: "the producer to end (return or throw)")
  var closed = run.closed
  for await last in ended {
    if let error = last.error as? NotImplemented { throw error }
    closed = last.closed
  }
  return RelayOutcome(events: run.events, closed: closed)
}
