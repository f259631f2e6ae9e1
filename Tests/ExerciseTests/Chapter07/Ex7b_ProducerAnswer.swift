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

/// Runs `scenario` on the answer's `produceNumbers`, in a real `Create`.
func producerAnswer(_ scenario: ProducerScenario) async throws -> ProducerOutcome {
  let (ended, end) = AsyncStream.makeStream(of: (any Error)?.self)
  let run = ProducerRun(scenario) { end.finish() }
  let publisher = Create<Int, Never> { emitter, context in
    do {
      let scripted = ScriptedContext(inner: context, run: run)
      // A cancel that came before this thread ran is already there when the answer starts.
      if scenario.cancelledBeforeStart { run.perform(.cancel) }
      if scenario.contextCancelledBeforeStart { run.perform(.contextSaysCancelled) }
      try produceNumbers(upTo: scenario.limit, to: emitter, context: scripted) { number in
        run.note("made \(number)")
      }
      run.note(ProducerRun.returned)
      end.yield(nil)
    } catch is CancellationError {
      run.note(ProducerRun.threw)
      end.yield(nil)
    } catch {
      run.note("threw \(error)")
      end.yield(error)
    }
    end.finish()
  }
  publisher.receive(subscriber: ScriptedProducerSubscriber(run))
  run.perform(.request(scenario.first))
  ScenarioAnnouncer.announce(scenario, waitingFor: "the producer to end (return or throw)")
  for await error in ended {
    if let error = error as? NotImplemented { throw error }
  }
  var events = run.events
  // After a cancel that came once the last number was made, either ending is right.
  if let last = events.last, last == ProducerRun.returned || last == ProducerRun.threw,
    producerModel(scenario).events.last == ProducerRun.endedAfterTheLast
  {
    events[events.count - 1] = ProducerRun.endedAfterTheLast
  }
  return ProducerOutcome(events: events)
}
