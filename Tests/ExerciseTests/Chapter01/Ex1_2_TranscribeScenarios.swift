import ExerciseSupport
import Foundation
import LessonSupport

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// Exercise 1.2 graded by its statement: generated scripts of 1 to 12 calls at once, each with its
// own clip and its own answer (any transcript, either error), each answered inside `recognize`,
// from a thread of the recognizer's, or later, in any order, by the test.

/// Calls to `transcribe` made at once, and how the recognizer answers each.
struct TranscribeScenario: GradedScenario {
  enum Delivery: Equatable, Sendable {
    case insideRecognize
    case fromAThread
    /// Kept, and called by the test once every call has asked (in `laterOrder`).
    case later
  }

  struct Call: Equatable, Sendable, CustomStringConvertible {
    var clip: String
    var answer: Result<String, RecognitionError>
    var delivery: Delivery

    var description: String {
      let answered =
        switch answer {
        case .success(let text): ".success(Transcript(text: \(String(reflecting: text))))"
        case .failure(let error): ".failure(.\(error))"
        }
      let moment =
        switch delivery {
        case .insideRecognize: "inside recognize"
        case .fromAThread: "from a thread of its own"
        case .later: "later"
        }
      return
        "transcribe(AudioClip(name: \(String(reflecting: clip)))) answered \(answered) \(moment)"
    }
  }

  var calls: [Call]
  /// The indexes of the calls answered later, in the order the test answers them.
  var laterOrder: [Int]

  var size: Int { calls.count * 3 + laterOrder.count }

  var description: String {
    let later = laterOrder.map { String(reflecting: calls[$0].clip) }
    return "\(calls.count) call\(calls.count == 1 ? "" : "s") at once: "
      + calls.map(\.description).joined(separator: "; ")
      + (later.isEmpty
        ? "" : "; the later ones answered in the order " + later.joined(separator: ", "))
  }

  var smaller: [TranscribeScenario] {
    var smaller = calls.indices.map { index in
      TranscribeScenario(
        calls: calls.enumerated().filter { $0.offset != index }.map(\.element),
        laterOrder: laterOrder.filter { $0 != index }.map { $0 > index ? $0 - 1 : $0 }
      )
    }
    // The same calls, each answered the simplest way: inside recognize.
    for (index, call) in calls.enumerated() where call.delivery != .insideRecognize {
      var simpler = self
      simpler.calls[index].delivery = .insideRecognize
      simpler.laterOrder.removeAll { $0 == index }
      smaller.append(simpler)
    }
    return smaller
  }
}

/// What each call gave, in the order of the calls, and how often each clip was asked for.
struct TranscribeOutcome: Equatable, CustomStringConvertible {
  var results: [String]
  var askedOtherThanOnce: [String]

  var description: String {
    (results + askedOtherThanOnce).joined(separator: ", ")
  }
}

/// The statement of exercise 1.2, as a program: each call gives its own clip's answer, and the
/// recognizer is asked once for each clip.
func transcribeModel(_ scenario: TranscribeScenario) -> TranscribeOutcome {
  TranscribeOutcome(
    results: scenario.calls.map { call in
      String(reflecting: call.clip) + " " + ending(call.answer.map(Transcript.init(text:)))
    },
    askedOtherThanOnce: []
  )
}

private func ending(_ result: Result<Transcript, any Error>) -> String {
  switch result {
  case .success(let transcript): "returned Transcript(text: \(String(reflecting: transcript.text)))"
  case .failure(let error as RecognitionError): "threw RecognitionError.\(error)"
  case .failure(let error): "threw \(error)"
  }
}

private func ending(_ result: Result<Transcript, RecognitionError>) -> String {
  ending(result.mapError { $0 as any Error })
}

/// A recognizer that answers each clip as the scenario says, and tells the test when every call
/// has asked (or ended without asking).
private final class DrivenRecognizer: SpeechRecognizing, Sendable {
  typealias Completion = @Sendable (Result<Transcript, RecognitionError>) -> Void

  private struct State {
    var asked: [String: Int] = [:]
    var ended: Set<String> = []
    var kept: [String: Completion] = [:]
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let calls: [String: TranscribeScenario.Call]
  private let state = Locked(State())

  init(_ scenario: TranscribeScenario) {
    calls = Dictionary(uniqueKeysWithValues: scenario.calls.map { ($0.clip, $0) })
  }

  func recognize(_ clip: AudioClip, completion: @escaping Completion) {
    let call = calls[clip.name]
    // Counted and kept in one step: once the test sees the call asked, its answer is ready.
    state.withLock { state in
      state.asked[clip.name, default: 0] += 1
      if call?.delivery == .later { state.kept[clip.name] = completion }
    }
    defer { wakeTheTestIfEveryCallMoved() }
    guard let call else {
      // A clip no call was given: answered at once, so that the mistake shows, not a hang.
      completion(.success(Transcript(text: "the transcript of a clip never given")))
      return
    }
    let answer = call.answer.map(Transcript.init(text:))
    switch call.delivery {
    case .insideRecognize: completion(answer)
    case .fromAThread: Thread { completion(answer) }.start()
    case .later: break
    }
  }

  /// The call for `clip` has ended.
  func ended(_ clip: String) {
    state.withLock { _ = $0.ended.insert(clip) }
    wakeTheTestIfEveryCallMoved()
  }

  /// Returns once every call has asked for its clip or has ended.
  func everyCallMoved() async {
    await withCheckedContinuation { continuation in
      state.withLock { $0.waiter = continuation }
      wakeTheTestIfEveryCallMoved()
    }
  }

  /// Answers the kept call for `clip`, if it asked.
  func answerLater(_ clip: String) {
    guard let completion = state.withLock({ $0.kept.removeValue(forKey: clip) }),
      let answer = calls[clip]?.answer
    else { return }
    completion(answer.map(Transcript.init(text:)))
  }

  var askedCounts: [String: Int] { state.withLock { $0.asked } }

  private func wakeTheTestIfEveryCallMoved() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      let moved = calls.keys.allSatisfy { state.asked[$0] != nil || state.ended.contains($0) }
      guard moved else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}

/// Runs `scenario` on the answer's `transcribe`.
func transcribeAnswer(_ scenario: TranscribeScenario) async throws -> TranscribeOutcome {
  let recognizer = DrivenRecognizer(scenario)
  let tasks = scenario.calls.map { call in
    Task {
      defer { recognizer.ended(call.clip) }
      return try await transcribe(AudioClip(name: call.clip), with: recognizer)
    }
  }
  await recognizer.everyCallMoved()
  for index in scenario.laterOrder { recognizer.answerLater(scenario.calls[index].clip) }
  var results: [String] = []
  for (call, task) in zip(scenario.calls, tasks) {
    let result = await task.result
    if case .failure(let error as NotImplemented) = result { throw error }
    results.append(String(reflecting: call.clip) + " " + ending(result))
  }
  let asked = recognizer.askedCounts
  return TranscribeOutcome(
    results: results,
    askedOtherThanOnce: scenario.calls.compactMap { call in
      let times = asked[call.clip] ?? 0
      return times == 1
        ? nil : "recognize asked for \(String(reflecting: call.clip)) \(times) times"
    }
  )
}

/// The scripts exercise 1.2 is graded on: a fixed list, from a fixed seed.
func transcribeScenarios(count: Int, seed: UInt64) -> [TranscribeScenario] {
  var numbers = SeededNumbers(seed: seed)
  let clips = ["memo.m4a", "", "clip 2.wav", "Ünïcode 🎤.aac", "a", "MEMO.M4A", "x.m4a"]
  let texts = ["buy milk", "", "Buy Milk!", "  spaced  ", "ünïcödé 🎤", "line one\nline two"]
  return (0..<count).map { _ in
    let callCount = numbers.pick([1, 1, 2, 2, 3, 4, 7, 12])
    // Each call has a clip of its own: the test tells the calls apart by name.
    let names = clips.shuffled(using: &numbers)
    let calls = (0..<callCount).map { index in
      let clip = index < names.count ? names[index] : "clip-\(index).m4a"
      let answer: Result<String, RecognitionError> =
        numbers.chance(65)
        ? .success(numbers.pick(texts))
        : .failure(numbers.pick([.noSpeech, .unsupportedLanguage("fr"), .unsupportedLanguage("")]))
      return TranscribeScenario.Call(
        clip: clip,
        answer: answer,
        delivery: numbers.pick([.insideRecognize, .fromAThread, .later, .later])
      )
    }
    let later = calls.indices.filter { calls[$0].delivery == .later }
    return TranscribeScenario(calls: calls, laterOrder: later.shuffled(using: &numbers))
  }
}

/// The failure message: the calls, then what the answer gave and what the statement gives.
func explainTranscribe(
  _ scenario: TranscribeScenario,
  _ got: TranscribeOutcome,
  _ expected: TranscribeOutcome
) -> String {
  "\(scenario): \(got); the statement gives \(expected)"
}
