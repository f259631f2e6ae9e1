// Exercise 1b's scenarios run on the answer: the part of them that calls it (the
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

/// Starts `scenario`'s calls to the answer's `transcribe`, each in a task of its own, asking
/// `recognizer`.
private func startCalls(
  _ scenario: TranscribeScenario,
  asking recognizer: DrivenRecognizer
) -> [Task<Transcript, any Error>] {
  scenario.calls.map { call in
    Task {
      if call.cancelledBeforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
      defer { recognizer.ended(call.clip) }
      return try await transcribe(AudioClip(name: call.clip), with: recognizer)
    }
  }
}

/// Once every call has asked: cancels the callers the scenario cancels while they wait, then
/// answers the later calls in the scenario's order.
private func cancelAndAnswerLater(
  _ scenario: TranscribeScenario,
  _ tasks: [Task<Transcript, any Error>],
  _ recognizer: DrivenRecognizer
) {
  for (call, task) in zip(scenario.calls, tasks) where call.cancelledWhileWaiting { task.cancel() }
  for index in scenario.laterOrder { recognizer.answerLater(scenario.calls[index].clip) }
}

/// What each of `scenario`'s calls gave, and each clip `recognizer` was asked for otherwise than
/// once a call.
private func outcome(
  of scenario: TranscribeScenario,
  _ tasks: [Task<Transcript, any Error>],
  _ recognizer: DrivenRecognizer
) async throws -> TranscribeOutcome {
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
    results: results,
    askedOtherThanOnce: recognizer.callsFor.keys.sorted().compactMap { clip in
      let (times, calls) = (asked[clip] ?? 0, recognizer.callsFor[clip] ?? 0)
      // A caller cancelled before the call may not ask at all: left free.
      let mayNotAsk = scenario.calls.filter { $0.clip == clip && $0.cancelledBeforeTheCall }.count
      return (calls - mayNotAsk...calls).contains(times)
        ? nil : "recognize asked for \(reflectedVisibly(clip)) \(times) times for \(calls) calls"
    }
  )
}

/// Runs `scenario` on the answer's `transcribe`.
func transcribeAnswer(_ scenario: TranscribeScenario) async throws -> TranscribeOutcome {
  let inARow = try await callsInARow(scenario.callsInARowBefore)
  let recognizer = DrivenRecognizer(scenario)
  let tasks = startCalls(scenario, asking: recognizer)
  ScenarioAnnouncer.announce(scenario, waitingFor: "every call to ask the recognizer")
  await recognizer.everyCallMoved()
  ScenarioAnnouncer.announce(scenario)  // the wait is over: a crash from here is the scenario's
  cancelAndAnswerLater(scenario, tasks, recognizer)
  var ended = try await outcome(of: scenario, tasks, recognizer)
  ended.results = inARow + ended.results
  return ended
}

/// Runs `pair` on the answer's `transcribe`: both recognizers' calls at once.
func twoRecognizersAnswer(_ pair: TwoRecognizers) async throws -> TranscribeOutcome {
  let (first, second) = (DrivenRecognizer(pair.first), DrivenRecognizer(pair.second))
  let firstTasks = startCalls(pair.first, asking: first)
  let secondTasks = startCalls(pair.second, asking: second)
  ScenarioAnnouncer.announce(pair, waitingFor: "every call to ask its recognizer")
  await first.everyCallMoved()
  await second.everyCallMoved()
  ScenarioAnnouncer.announce(pair)
  cancelAndAnswerLater(pair.first, firstTasks, first)
  cancelAndAnswerLater(pair.second, secondTasks, second)
  let (one, two) = (
    try await outcome(of: pair.first, firstTasks, first),
    try await outcome(of: pair.second, secondTasks, second)
  )
  return TranscribeOutcome(
    results: one.results.map { "the first's " + $0 } + two.results.map { "the second's " + $0 },
    askedOtherThanOnce: one.askedOtherThanOnce.map { "of the first: " + $0 }
      + two.askedOtherThanOnce.map { "of the second: " + $0 }
  )
}

/// Makes `count` calls one after the other, each answered inside `recognize` (with
/// `(nil, .noSpeech)` where `callInARowFails`, else a transcript of its clip's name), and says
/// what they gave (see `callsInARowEnding`).
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
    switch result {
    case .failure(let error as RecognitionError)
    where callInARowFails(number) && error == .noSpeech:
      continue
    case .success(let transcript) where !callInARowFails(number) && transcript.text == clip:
      continue
    default: break
    }
    return callsInARowEnding(
      count,
      wrong: "call \(number) of the calls in a row \(transcriptEnding(result))"
    )
  }
  return callsInARowEnding(count, wrong: nil)
}

/// A recognizer that answers each clip inside `recognize`: "in a row n" with `(nil, .noSpeech)`
/// where `callInARowFails(n)`, else with a transcript of its name.
private struct EchoRecognizer: SpeechRecognizing {
  func recognize(_ clip: AudioClip, completion: @escaping RecognizerCompletion) {
    let number = Int(clip.name.split(separator: " ").last ?? "") ?? 0
    if callInARowFails(number) {
      completion(nil, .noSpeech)
    } else {
      completion(Transcript(text: clip.name), nil)
    }
  }
}
