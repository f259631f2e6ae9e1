import ExerciseSupport
import Foundation
import LessonSupport

// Exercise 1b graded by its statement: generated scripts of 1 to 12 calls at once, each with its
// own clip and its own answer (any transcript; either error, with or without a partial
// transcript; neither), each called back inside `recognize`, from a thread of the recognizer's,
// or later, in any order, by the test.

/// Calls to `transcribe` made at once, and how the recognizer answers each.
struct TranscribeScenario: GradedScenario, Equatable {
  enum Delivery: Equatable, Sendable {
    case insideRecognize
    case fromAThread
    /// Kept, and called by the test once every call has asked (in `laterOrder`).
    case later
  }

  struct Call: Equatable, Sendable, CustomStringConvertible {
    var clip: String
    /// What the call must give: the recognizer calls back with the transcript and no error, with
    /// the error (and `partial`), or with neither for `.noResult`.
    var answer: Result<String, RecognitionError>
    var delivery: Delivery
    /// What the recognizer heard before it failed, sent with its error.
    var partial: String? = nil
    /// Its caller's task is cancelled while it waits for a later answer.
    var cancelledWhileWaiting = false
    /// Its caller's task is cancelled before it calls `transcribe`.
    var cancelledBeforeTheCall = false

    var description: String {
      let answered = spelledCallback(callbackArguments) { shortened(reflectedVisibly($0)) }
      let moment =
        switch delivery {
        case .insideRecognize: "inside recognize"
        case .fromAThread: "from a thread of its own"
        case .later: cancelledWhileWaiting ? "later, its caller cancelled while it waits" : "later"
        }
      let cancelled = cancelledBeforeTheCall ? " (its caller cancelled before the call)" : ""
      return
        "transcribe(AudioClip(name: \(reflectedVisibly(clip))))\(cancelled) called back with "
        + "\(answered) \(moment)"
    }
  }

  var calls: [Call]
  /// The indexes of the calls answered later, in the order the test answers them.
  var laterOrder: [Int]
  /// How many calls come one after the other before the calls at once, each answered inside
  /// `recognize` with a transcript of its clip's name.
  var callsInARowBefore = 0

  var size: Int {
    calls.count * 3 + laterOrder.count + calls.filter(\.cancelledWhileWaiting).count
      + calls.filter(\.cancelledBeforeTheCall).count
  }

  var description: String {
    let later = laterOrder.map { reflectedVisibly(calls[$0].clip) }
    let inARow =
      callsInARowBefore == 0
      ? ""
      : "\(callsInARowBefore) calls one after the other, call n for AudioClip(name: \"in a row n\"), "
        + "called back inside recognize with (nil, .noSpeech), but the 13th with "
        + "(Transcript(text: \"in a row 13\"), nil), then "
    return inARow + "\(calls.count) call\(calls.count == 1 ? "" : "s") at once: "
      + calls.map(\.description).joined(separator: "; ")
      + (later.isEmpty
        ? "" : "; the later ones answered in the order " + later.joined(separator: ", "))
  }

  var smaller: [TranscribeScenario] {
    var smaller = calls.indices.map { index in
      TranscribeScenario(
        calls: calls.enumerated().filter { $0.offset != index }.map(\.element),
        laterOrder: laterOrder.filter { $0 != index }.map { $0 > index ? $0 - 1 : $0 },
        callsInARowBefore: callsInARowBefore
      )
    }
    for (index, call) in calls.enumerated() where call.partial != nil {
      var simpler = self
      simpler.calls[index].partial = nil
      smaller.append(simpler)
    }
    // The same calls, each answered the simplest way: inside recognize, and no caller cancelled.
    for (index, call) in calls.enumerated() where call.delivery != .insideRecognize {
      var simpler = self
      if call.cancelledWhileWaiting {
        simpler.calls[index].cancelledWhileWaiting = false
      } else if call.cancelledBeforeTheCall {
        simpler.calls[index].cancelledBeforeTheCall = false
      } else {
        simpler.calls[index].delivery = .insideRecognize
        simpler.laterOrder.removeAll { $0 == index }
      }
      smaller.append(simpler)
    }
    return smaller
  }
}

/// What each call gave, in the order of the calls, and each clip asked for otherwise than once a
/// call.
struct TranscribeOutcome: Equatable, CustomStringConvertible {
  var results: [String]
  var askedOtherThanOnce: [String]

  var description: String {
    (results.map(shortened) + askedOtherThanOnce).joined(separator: ", ")
  }
}

/// `text` as `String(reflecting:)` writes it, with the scalars no one sees and combining marks
/// escaped too (see `escapingInvisibles`): two spellings of one character compare apart, as the
/// statement's "as it came" asks.
func reflectedVisibly(_ text: String) -> String {
  escapingInvisibles(String(reflecting: text), marksToo: true)
}

/// `text` as the messages show it: whole up to 5,000 characters, longer ones by their ends and
/// length.
private func shortened(_ text: String) -> String {
  escapedText(text, longerThan: 5_000, head: 120, tail: 40)
}

/// The statement of exercise 1b, as a program: each call gives its own clip's answer, and the
/// recognizer is asked once a call. (A caller cancelled while it waits may get a
/// CancellationError instead: the runner counts that as the answer, since the statement leaves
/// it free.)
func transcribeModel(_ scenario: TranscribeScenario) -> TranscribeOutcome {
  TranscribeOutcome(
    results: callsInARowEnding(scenario.callsInARowBefore, wrong: nil)
      + scenario.calls.map { call in
        reflectedVisibly(call.clip) + " "
          + transcriptEnding(call.answer.map(Transcript.init(text:)))
      },
    askedOtherThanOnce: []
  )
}

func transcriptEnding(_ result: Result<Transcript, any Error>) -> String {
  switch result {
  case .success(let transcript): "returned Transcript(text: \(reflectedVisibly(transcript.text)))"
  case .failure(let error as RecognitionError):
    "threw RecognitionError.\(escapingInvisibles("\(error)"))"
  case .failure(let error): "threw \(error)"
  }
}

func transcriptEnding(_ result: Result<Transcript, RecognitionError>) -> String {
  transcriptEnding(result.mapError { $0 as any Error })
}

/// What the calls one after the other gave: nothing when there are none; otherwise that each
/// gave its own answer, or what the first that did not gave (`wrong`).
func callsInARowEnding(_ count: Int, wrong: String?) -> [String] {
  guard count > 0 else { return [] }
  return [wrong ?? "each of the \(count) calls in a row gave its own answer"]
}

/// Whether the `number`th call in a row (from 1) is answered `(nil, .noSpeech)`: all but the
/// 13th, which gets a transcript of its clip's name (after 12 failures in a row; and when
/// grading, 65,537 failures: a count of them in a narrow integer shows).
func callInARowFails(_ number: Int) -> Bool {
  number != 13
}

/// A recognizer that answers each clip as the scenario says, and tells the test when every call
/// has asked (or ended without asking).
///
/// Two calls may ask for one clip: they get the same answer.
final class DrivenRecognizer: SpeechRecognizing, Sendable {
  typealias Completion = RecognizerCompletion

  private struct State {
    var asked: [String: Int] = [:]
    var ended: [String: Int] = [:]
    var kept: [String: [Completion]] = [:]
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let calls: [String: TranscribeScenario.Call]
  /// How many calls ask for each clip.
  let callsFor: [String: Int]
  private let state = Locked(State())

  init(_ scenario: TranscribeScenario) {
    calls = Dictionary(scenario.calls.map { ($0.clip, $0) }) { first, _ in first }
    callsFor = Dictionary(scenario.calls.map { ($0.clip, 1) }, uniquingKeysWith: +)
  }

  func recognize(_ clip: AudioClip, completion: @escaping Completion) {
    // `==` calls two spellings of one character equal: the clip asked for must be the one given,
    // scalar for scalar.
    let call = calls[clip.name].flatMap { call in
      call.clip.unicodeScalars.elementsEqual(clip.name.unicodeScalars) ? call : nil
    }
    // Counted and kept in one step: once the test sees the call asked, its answer is ready.
    state.withLock { state in
      if call != nil { state.asked[clip.name, default: 0] += 1 }
      if call?.delivery == .later { state.kept[clip.name, default: []].append(completion) }
    }
    defer { wakeTheTestIfEveryCallMoved() }
    guard let call else {
      // A clip no call was given: answered at once, so that the mistake shows, not a hang.
      completion(Transcript(text: "the transcript of a clip never given"), nil)
      return
    }
    let (transcript, error) = call.callbackArguments
    switch call.delivery {
    case .insideRecognize: completion(transcript, error)
    case .fromAThread: Thread { completion(transcript, error) }.start()
    case .later: break
    }
  }

  /// A call for `clip` has ended.
  func ended(_ clip: String) {
    state.withLock { $0.ended[clip, default: 0] += 1 }
    wakeTheTestIfEveryCallMoved()
  }

  /// Returns once every call has asked for its clip or has ended.
  func everyCallMoved() async {
    await withCheckedContinuation { continuation in
      state.withLock { $0.waiter = continuation }
      wakeTheTestIfEveryCallMoved()
    }
  }

  /// Answers the call kept longest for `clip`, if one asked.
  func answerLater(_ clip: String) {
    let completion = state.withLock { state -> Completion? in
      guard state.kept[clip]?.isEmpty == false else { return nil }
      return state.kept[clip]?.removeFirst()
    }
    guard let completion, let (transcript, error) = calls[clip]?.callbackArguments else { return }
    completion(transcript, error)
  }

  var askedCounts: [String: Int] { state.withLock { $0.asked } }

  private func wakeTheTestIfEveryCallMoved() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      // A call answered later neither ends nor asks again before the test answers it.
      let moved = callsFor.allSatisfy { clip, count in
        state.asked[clip, default: 0] + state.ended[clip, default: 0] >= count
      }
      guard moved else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}

/// The scripts exercise 1b is graded on: a fixed list, from a fixed seed.
func transcribeScenarios(count: Int, seed: UInt64) -> [TranscribeScenario] {
  // From seeds of their own, so that the scripts above stay as they were: transcripts and
  // language codes as a recognizer may give them, callers cancelled before they call, and up to
  // a hundred calls waiting at once.
  var more = SeededNumbers(seed: seed &+ 2)
  let later = drawnScripts(count: count / 6, seed: seed &+ 3).map { script in
    var script = script
    script.rewriteAnswersOncePerClip { answer in
      switch answer {
      case .success(let text): return .success(oddText(text, using: &more))
      case .failure(.unsupportedLanguage(let code)):
        let odd = oddText(more.pick(["fr", "en-US", "tlh", code]), using: &more)
        return .failure(.unsupportedLanguage(odd))
      case .failure: return answer
      }
    } eachCall: { call in
      if more.chance(20) { call.cancelledBeforeTheCall = true }
    }
    if more.chance(15) {
      script.waitAtOnce(calls: Int.random(in: 33...100, using: &more), using: &more)
    }
    return script
  }
  // Clip names and transcripts as they come: long names (hundreds of characters), Windows and
  // old Mac line breaks, tabs, control characters, beyond ASCII, and now and then a transcript of
  // any length up to 100,000 characters; from seeds of their own.
  var unusual = SeededNumbers(seed: seed &+ 5)
  let odd = drawnScripts(count: count / 12, seed: seed &+ 4).map { script in
    var script = script
    // Two calls for one clip keep one name and one answer.
    var names: [String: String] = [:]
    var answers: [String: Result<String, RecognitionError>] = [:]
    for index in script.calls.indices {
      let call = script.calls[index]
      if names[call.clip] == nil {
        names[call.clip] = oddClipName(number: names.count, using: &unusual)
        answers[call.clip] =
          if case .success = call.answer { .success(oddTranscript(using: &unusual)) } else {
            call.answer
          }
      }
      script.calls[index].clip = names[call.clip] ?? call.clip
      script.calls[index].answer = answers[call.clip] ?? call.answer
    }
    return script
  }
  // When grading, two crowds of calls waiting at once, more than any script above has: a cap on
  // the calls waiting shows here.
  var crowd = SeededNumbers(seed: seed &+ 6)
  let crowds = drawnScripts(count: 2, seed: seed &+ 7).map { script in
    var script = script
    script.waitAtOnce(calls: crowd.logUniform(129...1_000), using: &crowd)
    return script
  }
  // Language codes with Windows and old Mac line breaks ("\r\n", "\r"): every failure an
  // unsupportedLanguage error with one; from seeds of their own.
  var codes = SeededNumbers(seed: seed &+ 9)
  let lineBreakCodes = drawnScripts(count: count / 12, seed: seed &+ 8).map { script in
    var script = script
    script.rewriteAnswersOncePerClip { answer in
      guard case .failure = answer else { return answer }
      let code = codes.pick(["fr\r\n", "en\r\nUS", "\r\n", "\r", "de\r", "\n\r", "pt-BR\r\n\r\n"])
      return .failure(.unsupportedLanguage(code))
    }
    return script
  }
  // Calls one after the other, past 2^8 and, when grading, past 2^16: a count of the calls kept
  // in a narrow integer shows here.
  let inARow = ([257] + onlyWhenGrading([65_538])).map { count in
    TranscribeScenario(
      calls: [
        TranscribeScenario.Call(
          clip: "memo.m4a",
          answer: .success("buy milk"),
          delivery: .insideRecognize
        )
      ],
      laterOrder: [],
      callsInARowBefore: count
    )
  }
  // Clip names, transcripts and language codes with control and invisible characters: NUL at
  // either end or inside, ESC, the GS1 separators, a byte order mark, zero-width ones; from seeds
  // of their own.
  var (clips, transcripts, languages) = (StrayScalarCycle(), StrayScalarCycle(), StrayScalarCycle())
  let strayScalars = drawnScripts(count: count / 12, seed: seed &+ 10).map { script in
    var script = script
    var names: [String: String] = [:]
    for index in script.calls.indices {
      let clip = script.calls[index].clip
      if names[clip] == nil {
        // Each clip keeps a name of its own: the test tells the calls apart by name.
        var name = clips.next(clip)
        while names.values.contains(name) { name = clips.next(clip) + "\(names.count)" }
        names[clip] = name
      }
      script.calls[index].clip = names[clip] ?? clip
    }
    script.rewriteAnswersOncePerClip { answer in
      switch answer {
      case .success(let text): return .success(transcripts.next(text))
      case .failure(.unsupportedLanguage(let code)):
        return .failure(.unsupportedLanguage(languages.next(code.isEmpty ? "en-US" : code)))
      case .failure: return answer
      }
    }
    return script
  }
  // One character spelled two ways (composed, or a letter and a combining mark), compatibility
  // characters (a ligature, full-width letters, a circled digit), in clip names, transcripts,
  // language codes and partial transcripts, which run long too; from seeds of their own.
  var forms = SeededNumbers(seed: seed &+ 12)
  let unicodeForms = drawnScripts(count: count / 12, seed: seed &+ 11).map { script in
    var script = script
    let names = ["\u{E9}t\u{E9}.m4a", "co\u{308}p.m4a", "\u{FB01}le.wav", "\u{FF4D}emo.aac"]
    var renamed: [String: String] = [:]
    for index in script.calls.indices {
      let clip = script.calls[index].clip
      if renamed[clip] == nil {
        renamed[clip] = renamed.count < names.count ? names[renamed.count] : "\(clip)\u{301}"
      }
      script.calls[index].clip = renamed[clip] ?? clip
      if case .failure(let error) = script.calls[index].answer, error != .noResult {
        script.calls[index].partial =
          forms.chance(50) ? oddTranscript(using: &forms) : "see you at noon, Ana, bring the maps"
      }
    }
    script.rewriteAnswersOncePerClip { answer in
      switch answer {
      case .success:
        return .success(
          forms.pick([
            "e\u{301}t\u{E9}", "\u{FB01}nal \u{2460}", "\u{FF21}\u{FF22}", "co\u{308}operate",
          ])
        )
      case .failure(.unsupportedLanguage):
        return .failure(
          .unsupportedLanguage(forms.pick(["\u{FF46}\u{FF52}", "e\u{301}n", "\u{E9}n"]))
        )
      case .failure: return answer
      }
    }
    return script
  }
  return drawnScripts(count: count, seed: seed) + later + odd + onlyWhenGrading(crowds)
    + lineBreakCodes + inARow + strayScalars + unicodeForms
}

extension TranscribeScenario.Call {
  /// What the recognizer calls back with for this call.
  var callbackArguments: (Transcript?, RecognitionError?) {
    answer.map(Transcript.init(text:)).callbackArguments(
      partial: partial.map(Transcript.init(text:))
    )
  }
}

extension TranscribeScenario {
  /// Gives every call for a clip the answer `rewrite` makes of that clip's first answer (called
  /// once a clip, at its first call, so its draws come in the calls' order); then `eachCall`
  /// runs on each call, in order.
  fileprivate mutating func rewriteAnswersOncePerClip(
    _ rewrite: (Result<String, RecognitionError>) -> Result<String, RecognitionError>,
    eachCall: (inout Call) -> Void = { _ in }
  ) {
    var answers: [String: Result<String, RecognitionError>] = [:]
    for index in calls.indices {
      let call = calls[index]
      if answers[call.clip] == nil { answers[call.clip] = rewrite(call.answer) }
      calls[index].answer = answers[call.clip] ?? call.answer
      eachCall(&calls[index])
    }
  }

  /// Makes the script `many` calls waiting at once, each for a clip of its own, answered later in
  /// an order drawn from `numbers`.
  fileprivate mutating func waitAtOnce(calls many: Int, using numbers: inout SeededNumbers) {
    calls = (0..<many).map { index in
      Call(clip: "clip-\(index).m4a", answer: .success("transcript \(index)"), delivery: .later)
    }
    laterOrder = Array(0..<many).shuffled(using: &numbers)
  }
}

/// A clip's name as a device may give it, distinct for each `number`.
private func oddClipName(number: Int, using numbers: inout SeededNumbers) -> String {
  switch Int.random(in: 0..<6, using: &numbers) {
  case 0: String(repeating: "a", count: numbers.logUniform(256...1_000)) + " \(number).m4a"
  case 1: "\(number) " + String(repeating: "Sprachmemo \u{E9}\u{301} \u{1F3A4} ", count: 20)
  case 2: "memo \(number)\r\n.wav"
  case 3: "\t\(number)\t"
  case 4: "C:\\Users\\Me\\Recordings\\memo \(number).m4a"
  default: "../\(number)/\u{0}\u{7F}\u{FEFF}.aac"
  }
}

/// A transcript as a recognizer may give it: line breaks of every kind, tabs, control characters,
/// beyond ASCII, and now and then long (up to 100,000 characters).
private func oddTranscript(using numbers: inout SeededNumbers) -> String {
  if numbers.chance(25) {
    let length = numbers.logUniform(1...100_000)
    let line = numbers.pick(["lorem ipsum\r\n", "dolor\tsit\n", "amet \u{1F3A4}\r", "e\u{301}t "])
    return String(String(repeating: line, count: length / 4 + 1).prefix(length))
  }
  return numbers.pick([
    "line one\r\nline two", "a\r\nb\r\n", "\r\n", "one\rtwo\r", "col\tcol\tcol",
    "\u{FC}n\u{EF}c\u{F6}d\u{E9} \u{1F3A4} \u{65E5}\u{672C}\u{8A9E} e\u{301}",
    "windows\r\nunix\nmac\r", "\u{FEFF}bom", "nul\u{0}byte", "  \r\n\t  ", "\u{2028}\u{85}",
  ])
}

private func drawnScripts(count: Int, seed: UInt64) -> [TranscribeScenario] {
  var numbers = SeededNumbers(seed: seed)
  let clips = ["memo.m4a", "", "clip 2.wav", "Ünïcode 🎤.aac", "a", "MEMO.M4A", "x.m4a"]
  let texts = ["buy milk", "", "Buy Milk!", "  spaced  ", "ünïcödé 🎤", "line one\nline two"]
  return (0..<count).map { _ in
    let callCount = numbers.pick([1, 1, 2, 2, 3, 4, 7, 12])
    // Each call has a clip of its own: the test tells the calls apart by name.
    let names = clips.shuffled(using: &numbers)
    var calls = (0..<callCount).map { index in
      let clip = index < names.count ? names[index] : "clip-\(index).m4a"
      let answer: Result<String, RecognitionError> =
        numbers.chance(60)
        ? .success(numbers.pick(texts))
        : .failure(
          numbers.pick([.noSpeech, .unsupportedLanguage("fr"), .unsupportedLanguage(""), .noResult])
        )
      // Now and then a failure comes with what was heard before it, empty or not.
      var partial: String?
      if case .failure(let error) = answer, error != .noResult, numbers.chance(50) {
        partial = numbers.pick(texts)
      }
      let delivery = numbers.pick([
        TranscribeScenario.Delivery.insideRecognize, .fromAThread, .later, .later,
      ])
      return TranscribeScenario.Call(
        clip: clip,
        answer: answer,
        delivery: delivery,
        partial: partial,
        cancelledWhileWaiting: delivery == .later && numbers.chance(20)
      )
    }
    // Now and then a second call for a clip already asked for, while the first may still wait.
    if numbers.chance(30), let twin = calls.randomElement(using: &numbers) {
      calls.insert(twin, at: Int.random(in: 0...calls.count, using: &numbers))
    }
    let later = calls.indices.filter { calls[$0].delivery == .later }
    return TranscribeScenario(calls: calls, laterOrder: later.shuffled(using: &numbers))
  }
}

/// Two recognizers at once, each asked for the same clips and answering them its own way: each
/// call must get its own recognizer's answer, not the other's for a clip of the same name.
struct TwoRecognizers: GradedScenario {
  var first: TranscribeScenario
  var second: TranscribeScenario

  var size: Int { first.size + second.size }

  var description: String {
    "two recognizers at once, the same clips asked of both; of the first: \(first); of the "
      + "second: \(second)"
  }

  var smaller: [TwoRecognizers] {
    first.smaller.map { TwoRecognizers(first: $0, second: second) }
      + second.smaller.map { TwoRecognizers(first: first, second: $0) }
  }
}

/// The statement of exercise 1b for two recognizers at once: each call as if alone.
func twoRecognizersModel(_ scenario: TwoRecognizers) -> TranscribeOutcome {
  let (first, second) = (transcribeModel(scenario.first), transcribeModel(scenario.second))
  return TranscribeOutcome(
    results: first.results.map { "the first's " + $0 }
      + second.results.map { "the second's " + $0 },
    askedOtherThanOnce: []
  )
}

/// Pairs of recognizers exercise 1b is graded on: the first draws its calls as the other scripts
/// do, most answered later or from a thread; the second is asked for the same clips (in another
/// order) and answers each otherwise.
func twoRecognizersScenarios(count: Int, seed: UInt64) -> [TwoRecognizers] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return drawnScripts(count: count, seed: seed).map { drawn in
    var first = drawn
    // Per clip: two calls for one clip are answered alike, as the recognizer answers a clip.
    for clip in Set(first.calls.map(\.clip)).sorted() where numbers.chance(60) {
      let delivery: TranscribeScenario.Delivery = numbers.chance(75) ? .later : .fromAThread
      for index in first.calls.indices where first.calls[index].clip == clip {
        first.calls[index].delivery = delivery
        first.calls[index].cancelledWhileWaiting = false
      }
    }
    first.laterOrder = first.calls.indices.filter { first.calls[$0].delivery == .later }
      .shuffled(using: &numbers)
    var second = first
    second.calls.shuffle(using: &numbers)
    second.rewriteAnswersOncePerClip { answer in
      switch answer {
      case .success(let text):
        return numbers.chance(70) ? .success(text + " (the second's)") : .failure(.noSpeech)
      case .failure: return .success("the second's answer")
      }
    }
    second.laterOrder = second.calls.indices.filter { second.calls[$0].delivery == .later }
      .shuffled(using: &numbers)
    return TwoRecognizers(first: first, second: second)
  }
}
