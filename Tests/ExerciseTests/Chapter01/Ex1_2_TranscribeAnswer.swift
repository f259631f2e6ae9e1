// Exercise 1.2's scenarios run on the answer: the part of them that calls it (the
// rest, in GradedScenarios, is not compiled again when the answer changes).
import ExerciseSupport
import Foundation
@testable import GradedScenarios
import LessonSupport

#if SOLUTIONS
import Solutions
#else
import Chapter01Exercises
#endif

/// Runs `scenario` on the answer's `transcribe`.
func transcribeAnswer(_ scenario: TranscribeScenario) async throws -> TranscribeOutcome {
  let inARow = try await callsInARow(scenario.callsInARowBefore)
  let recognizer = DrivenRecognizer(scenario)
  let tasks = scenario.calls.map { call in
    Task {
      if call.cancelledBeforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
      defer { recognizer.ended(call.clip) }
      return try await transcribe(AudioClip(name: call.clip), with: recognizer)
    }
  }
  ScenarioAnnouncer.announce(scenario, waitingFor: "every call to ask the recognizer")
  await recognizer.everyCallMoved()
  ScenarioAnnouncer.announce(scenario)  // the wait is over: a crash from here is the scenario's
  for (call, task) in zip(scenario.calls, tasks) where call.cancelledWhileWaiting { task.cancel() }
  for index in scenario.laterOrder { recognizer.answerLater(scenario.calls[index].clip) }
  var results: [String] = []
  for (call, task) in zip(scenario.calls, tasks) {
    var result = await task.result
    if case .failure(let error as NotImplemented) = result { throw error }
    if call.cancelledWhileWaiting || call.cancelledBeforeTheCall,
      case .failure(is CancellationError) = result
    {
      result = call.answer.map(Transcript.init(text:)).mapError { $0 as any Error }  // left free
    }
    results.append(reflectedVisibly(call.clip) + " " + transcriptEnding(result))
  }
  let asked = recognizer.askedCounts
  return TranscribeOutcome(
    results: inARow + results,
    askedOtherThanOnce: recognizer.callsFor.keys.sorted().compactMap { clip in
      let (times, calls) = (asked[clip] ?? 0, recognizer.callsFor[clip] ?? 0)
      // A caller cancelled before the call may not ask at all: left free.
      let mayNotAsk = scenario.calls.filter { $0.clip == clip && $0.cancelledBeforeTheCall }.count
      return (calls - mayNotAsk...calls).contains(times)
        ? nil : "recognize asked for \(reflectedVisibly(clip)) \(times) times for \(calls) calls"
    }
  )
}

/// Makes `count` calls one after the other, each answered inside `recognize` with a transcript of
/// its clip's name, and says what they gave (see `callsInARowEnding`).
private func callsInARow(_ count: Int) async throws -> [String] {
  guard count > 0 else { return [] }
  let recognizer = EchoRecognizer()
  for number in 1...count {
    let clip = "in a row \(number)"
    let result: Result<Transcript, any Error>
    do {
      result = .success(try await transcribe(AudioClip(name: clip), with: recognizer))
    } catch let error as NotImplemented {
      throw error
    } catch {
      result = .failure(error)
    }
    if case .success(let transcript) = result, transcript.text == clip { continue }
    return callsInARowEnding(
      count,
      wrong: "call \(number) of the calls in a row \(transcriptEnding(result))"
    )
  }
  return callsInARowEnding(count, wrong: nil)
}

/// A recognizer that answers each clip inside `recognize` with a transcript of its name.
private struct EchoRecognizer: SpeechRecognizing {
  func recognize(
    _ clip: AudioClip,
    completion: @escaping @Sendable (Result<Transcript, RecognitionError>) -> Void
  ) {
    completion(.success(Transcript(text: clip.name)))
  }
}
