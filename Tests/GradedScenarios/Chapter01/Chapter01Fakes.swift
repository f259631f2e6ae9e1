import ExerciseSupport
import Foundation
import LessonSupport
import Synchronization
import TestTooling

/// A recognizer's completion handler: a transcript and an error, both optional.
typealias RecognizerCompletion = @Sendable (Transcript?, RecognitionError?) -> Void

extension Result where Success == Transcript, Failure == RecognitionError {
  /// What a recognizer calls back with for this outcome of `transcribe`: the transcript and no
  /// error; the error, with `partial` (what it heard before failing) or nil; neither for
  /// `.noResult`.
  func callbackArguments(partial: Transcript? = nil) -> (Transcript?, RecognitionError?) {
    switch self {
    case .success(let transcript): (transcript, nil)
    case .failure(.noResult): (nil, nil)
    case .failure(let error): (partial, error)
    }
  }
}

/// A recognizer's callback arguments as the messages show them: `(Transcript(text: "x"), nil)`,
/// `(nil, .noSpeech)`, `(nil, nil)`; `text` spells a transcript's text.
func spelledCallback(
  _ arguments: (Transcript?, RecognitionError?),
  text: (String) -> String = { String(reflecting: $0) }
) -> String {
  let (transcript, error) = arguments
  let heard = transcript.map { "Transcript(text: \(text($0.text)))" } ?? "nil"
  return "(\(heard), \(error.map { ".\(escapingInvisibles("\($0)"))" } ?? "nil"))"
}

/// A recognizer that calls back with a fixed outcome (and a partial transcript with an error, if
/// given), before returning or from another thread, and records the clips it was asked for.
final class ScriptedRecognizer: SpeechRecognizing, Sendable {
  enum Delivery {
    case beforeReturning
    case onAnotherThread
  }

  let result: Result<Transcript, RecognitionError>
  let partial: Transcript?
  let delivery: Delivery
  private let asked = Locked<[AudioClip]>([])

  init(
    result: Result<Transcript, RecognitionError>,
    partial: Transcript? = nil,
    delivery: Delivery
  ) {
    self.result = result
    self.partial = partial
    self.delivery = delivery
  }

  /// The clips `recognize` was called with, in order.
  var askedClips: [AudioClip] { asked.withLock { $0 } }

  func recognize(_ clip: AudioClip, completion: @escaping RecognizerCompletion) {
    asked.withLock { $0.append(clip) }
    let (transcript, error) = result.callbackArguments(partial: partial)
    switch delivery {
    case .beforeReturning:
      completion(transcript, error)
    case .onAnotherThread:
      Thread { completion(transcript, error) }.start()
    }
  }
}

/// A recognizer that answers nobody until `expected` calls have asked, then answers them all
/// from a thread of its own, each with a transcript that repeats its clip's name.
///
/// A caller that blocks its thread while it waits (a semaphore, a lock) keeps a thread of the
/// pool that runs Swift tasks: once every thread of the pool is blocked, the rest never ask.
final class AnswerWhenAllAskedRecognizer: SpeechRecognizing, Sendable {
  private struct State {
    var waiting: [(AudioClip, RecognizerCompletion)] = []
    var asked = 0
  }
  let expected: Int
  // Thread safety: all state is behind the lock; completions are called after unlocking.
  private let state = Locked(State())

  init(expected: Int) {
    self.expected = expected
  }

  /// How many calls to `recognize` came.
  var askedCount: Int { state.withLock { $0.asked } }

  func recognize(_ clip: AudioClip, completion: @escaping RecognizerCompletion) {
    let everyone = state.withLock { state in
      state.asked += 1
      state.waiting.append((clip, completion))
      return state.asked == expected ? state.waiting : []
    }
    guard !everyone.isEmpty else { return }
    Thread {
      for (clip, completion) in everyone { completion(Transcript(text: clip.name), nil) }
    }.start()
  }
}

/// A marker that every task started while it is bound inherits, and holds until it ends: once
/// the test has dropped its own reference, the marker is released when the last such task ends.
/// (`Task.detached` inherits no task-local value; a `WatchedClock` can hold a marker too.)
final class TaskMarker: Sendable {
  @TaskLocal static var current: TaskMarker?

  private let released: OneShotSignal<Void>

  init(released: OneShotSignal<Void>) {
    self.released = released
  }

  deinit {
    released.fire(())
  }
}

/// A reader that calls its completion twice on one thread, the second call after the first has
/// returned. (`LockstepReads` makes the two calls at the same time.)
///
/// Tests await `callbacksReturned()` before they end, so an unguarded second resume crashes
/// inside the test that caused it, not after the last test when nobody is looking.
final class DoubleFiringReader: BarcodeReading, Sendable {
  let first: Result<Barcode, BarcodeReadError>
  let second: Result<Barcode, BarcodeReadError>
  // Thread safety: DispatchGroup is thread-safe; enter happens before the thread starts.
  private let running = DispatchGroup()
  private let cancelCount = Atomic<Int>(0)

  init(first: Result<Barcode, BarcodeReadError>, second: Result<Barcode, BarcodeReadError>) {
    self.first = first
    self.second = second
  }

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    running.enter()
    Thread { [first, second, running] in
      completion(first)
      completion(second)
      running.leave()
    }.start()
  }

  func cancelRead() {
    cancelCount.add(1, ordering: .relaxed)
  }

  /// How many times `cancelRead()` was called.
  var cancels: Int { cancelCount.load(ordering: .relaxed) }

  /// Returns once every completion call has returned.
  func callbacksReturned() async {
    await withCheckedContinuation { continuation in
      running.notify(queue: .global()) { continuation.resume() }
    }
  }
}

/// Many reads at once, whose completions a thread of the test's calls in step with a second
/// party, read after read: a second thread calling back too (`callBackTwiceInStep`), or the
/// read's own timer as it wakes (`callBackAsEachTimerWakes`).
///
/// For each read both parties arrive and spin until the other has too, one waits a lag of a few
/// nanoseconds, then each goes on (see `Arrivals`). Parties that are already running meet within
/// nanoseconds, read after read, even on a busy machine: a round trip through a new thread or a
/// suspended task for each read would rarely find both running. Under the thread sanitizer the
/// two take turns instead (see `ThreadSanitizer`).
final class LockstepReads: Sendable {
  typealias Completion = @Sendable (Result<Barcode, BarcodeReadError>) -> Void

  private struct State {
    var completions: [Int: Completion] = [:]
    var readsEnded = 0
    var waiter: CheckedContinuation<Void, Never>?
    var cancels: [Int: Int] = [:]
  }

  private let count: Int
  private let arrivals: [Arrivals]
  /// How many timers have woken: the next one to wake belongs to this read.
  private let timersWoken = Atomic<Int>(0)
  // Thread safety: state is behind the lock; the waiter is resumed after unlocking.
  private let state = Locked(State())

  /// How many times read `index`'s reader was asked to stop.
  func cancels(of index: Int) -> Int {
    state.withLock { $0.cancels[index, default: 0] }
  }

  init(reads count: Int) {
    self.count = count
    arrivals = (0..<count).map { _ in Arrivals() }
  }

  /// The reader for read `index`: it keeps the completion for the test's threads.
  func reader(_ index: Int) -> some BarcodeReading {
    Reader(reads: self, index: index)
  }

  private struct Reader: BarcodeReading {
    let reads: LockstepReads
    let index: Int

    func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
      reads.keep(completion, for: index)
    }

    func cancelRead() {  // a read whose timer won: its completion is called all the same
      reads.state.withLock { $0.cancels[index, default: 0] += 1 }
    }
  }

  private func keep(_ completion: @escaping Completion, for index: Int) {
    let waiter = state.withLock { state in
      state.completions[index] = completion
      return state.completions.count == count ? state.waiter.take() : nil
    }
    waiter?.resume()
  }

  /// Says that a read returned or threw.
  func readEnded() {
    let waiter = state.withLock { state in
      state.readsEnded += 1
      return state.waiter.take()
    }
    waiter?.resume()
  }

  /// Returns true once every read has asked, or false once one has ended without asking (a
  /// stub that throws at once).
  func waitUntilAllAsked() async -> Bool {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        guard state.completions.count < count && state.readsEnded == 0 else { return true }
        state.waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
    return state.withLock { $0.completions.count == count }
  }

  /// The completions of the reads that asked, by read.
  private var completions: [(key: Int, value: Completion)] {
    state.withLock { $0.completions.sorted { $0.key < $1.key } }
  }

  /// The lag of read `index`'s two parties: it cycles through -16...16 spins.
  private func spinLag(_ index: Int, side: Int) {
    let lag = index % 33 - 16
    arrivals[index].spin(side == 0 ? max(0, -lag) : max(0, lag))
  }

  /// Calls back every read twice, and returns how many reads had their two calls at once.
  ///
  /// Waits until every read has asked (or one has ended without asking), then calls back each
  /// read that asked from two threads, a round of `inRounds` per read, and returns when every
  /// call has returned.
  func callBackTwiceInStep(
    first: Result<Barcode, BarcodeReadError>,
    second: Result<Barcode, BarcodeReadError>
  ) async -> Int {
    _ = await waitUntilAllAsked()
    let asked = completions
    await inRounds(asked.count) { [arrivals] side, round in
      let (index, completion) = asked[round]
      self.spinLag(index, side: side)
      inStep(arrivals[index]) { completion(side == 0 ? first : second) }
    }
    return asked.filter { arrivals[$0.key].callsOverlapped }.count
  }

  /// Calls back every read that asked once, each at the moment its timer wakes.
  ///
  /// Call it once every read has asked and its timer sleeps. Read `index`'s timer must sleep on
  /// `clock` until `firstDeadline` plus `index` nanoseconds: moving the clock a nanosecond at a
  /// time wakes the timers one by one. A woken timer meets this thread in `timerWoke()`, which
  /// `clock` must call before its `sleep` returns. Under the thread sanitizer each read is called
  /// back first, and its timer woken after.
  func callBackAsEachTimerWakes(
    with result: Result<Barcode, BarcodeReadError>,
    clock: WatchedClock,
    firstDeadline: WatchedClock.Instant
  ) async {
    let (asked, takeTurns) = (completions, ThreadSanitizer.isRunning)
    await onAThreadOfItsOwn { [arrivals] in
      for (index, completion) in asked {
        let deadline = firstDeadline.advanced(by: .nanoseconds(index))
        if takeTurns {
          completion(result)
          clock.manual.advance(by: clock.manual.now.duration(to: deadline))
        } else {
          clock.manual.advance(by: clock.manual.now.duration(to: deadline))
          arrivals[index].arriveAndWaitForBoth()
          self.spinLag(index, side: 1)
          completion(result)
        }
      }
    }
  }

  /// Calls back every read that asked, one after the other, on this thread: it ends reads the
  /// test gives up on.
  func callBackEach(with result: Result<Barcode, BarcodeReadError>) {
    for (_, completion) in completions { completion(result) }
  }

  /// Where a timer that has just woken meets the thread that calls its read back.
  func timerWoke() {
    guard !ThreadSanitizer.isRunning else { return }
    let index = timersWoken.add(1, ordering: .relaxed).oldValue
    guard index < count else { return }
    arrivals[index].arriveAndWaitForBoth()
    spinLag(index, side: 0)
  }

  /// Runs `body` on a thread of its own, and returns when it has returned.
  private func onAThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
      Thread {
        body()
        continuation.resume()
      }.start()
    }
  }
}

/// A manual clock as an answer sees it, for the tests that watch what the answer's timer does
/// with it.
///
/// Every copy may hold a `marker`: once the test has dropped its own copy and marker, the marker
/// is released when the last copy is gone, that is when no task the answer started can sleep on
/// the clock any more, `Task.detached` or not. Every sleeper, once woken, may call `woke` before
/// `sleep` returns (see `LockstepReads.callBackAsEachTimerWakes`).
struct WatchedClock: Clock, Sendable {
  typealias Instant = ManualClock.Instant

  let manual = ManualClock()
  var marker: TaskMarker?
  var woke: (@Sendable () -> Void)?

  var now: Instant { manual.now }
  var minimumResolution: Duration { manual.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await manual.sleep(until: deadline, tolerance: tolerance)
    woke?()
  }
}

/// A reader that calls its completion once, from another thread, as most readers do.
struct SingleCallbackReader: BarcodeReading {
  let result: Result<Barcode, BarcodeReadError>

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    Thread { [result] in completion(result) }.start()
  }

  func cancelRead() {}
}

/// A thread that calls a completion the moment it is handed over (by `readBarcode` or
/// `recognize`): it spins, so the call comes within a fraction of a microsecond, about when the
/// method that handed it over returns; `lag` spins first shift that moment a little.
final class PromptCallbackThread: Sendable {
  private struct Reader: BarcodeReading {
    let thread: PromptCallbackThread
    let result: Result<Barcode, BarcodeReadError>
    let returned: OneShotSignal<Void>

    func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
      thread.hand(lag: 0) { [result, returned] in
        completion(result)
        returned.fire(())
      }
    }

    func cancelRead() {}
  }

  private struct Recognizer: SpeechRecognizing {
    let thread: PromptCallbackThread
    let result: Result<Transcript, RecognitionError>
    let lag: Int

    func recognize(_ clip: AudioClip, completion: @escaping RecognizerCompletion) {
      let (transcript, error) = result.callbackArguments()
      thread.hand(lag: lag) { completion(transcript, error) }
    }
  }

  private let job = Locked<(lag: Int, call: @Sendable () -> Void)?>(nil)
  private let handed = Atomic<Bool>(false)
  private let stopped = Atomic<Bool>(false)
  private let delay = Arrivals()

  init() {
    Thread { [self] in
      var spins = 0
      while !stopped.load(ordering: .relaxed) {
        if handed.exchange(false, ordering: .acquiring), let job = job.withLock({ $0.take() }) {
          delay.spin(job.lag)
          job.call()
        } else {
          spins += 1
          if spins % 100_000 == 0 { sched_yield() }  // the test's thread may need this core
        }
      }
    }.start()
  }

  private func hand(lag: Int, _ call: @escaping @Sendable () -> Void) {
    job.withLock { $0 = (lag, call) }
    handed.store(true, ordering: .releasing)
  }

  /// A reader whose completion this thread calls with `result`; `returned` fires once the
  /// completion has returned.
  func reader(
    result: Result<Barcode, BarcodeReadError>,
    returned: OneShotSignal<Void>
  ) -> some BarcodeReading {
    Reader(thread: self, result: result, returned: returned)
  }

  /// A recognizer whose completion this thread calls with `result`, after `lag` spins.
  func recognizer(
    result: Result<Transcript, RecognitionError>,
    lag: Int
  ) -> some SpeechRecognizing {
    Recognizer(thread: self, result: result, lag: lag)
  }

  /// Ends the thread.
  func stop() {
    stopped.store(true, ordering: .relaxed)
  }
}

/// A recognizer that keeps the completion it is handed, and tells when it has one.
final class HeldRecognizer: SpeechRecognizing, Sendable {
  private let held = Locked<RecognizerCompletion?>(nil)
  /// Fires true once `recognize` has handed over its completion (the test fires false if the
  /// call ends first).
  let asked = OneShotSignal<Bool>()

  func recognize(_ clip: AudioClip, completion: @escaping RecognizerCompletion) {
    held.withLock { $0 = completion }
    asked.fire(true)
  }

  /// Calls the completion it was handed as a recognizer does for `result` (once `asked` has
  /// fired).
  func answer(_ result: Result<Transcript, RecognitionError>) {
    let (transcript, error) = result.callbackArguments()
    held.withLock { $0 }?(transcript, error)
  }
}

/// Returns once every task that holds a copy of the clock `released` watches has let go of it
/// (a timer that has ended), or once a task sleeps on `clock`, whichever comes first.
func waitForEveryTimerToEnd(_ released: OneShotSignal<Void>, orASleeperOn clock: ManualClock) async
{
  let either = OneShotSignal<Void>()
  Task {
    await released.wait()
    either.fire(())
  }
  Task {
    await clock.waitForSleepers(count: 1)
    either.fire(())
  }
  await either.wait()
}

/// A reader that calls its completion once, before `readBarcode` returns.
struct ImmediateReader: BarcodeReading {
  let result: Result<Barcode, BarcodeReadError>

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    completion(result)
  }

  func cancelRead() {}
}

/// A reader that calls back only when the test says so, on the test's own thread; one made with
/// `answersACancel` answers a `cancelRead()` at once, from inside it, with
/// `BarcodeReadError(reason: "cancelled")`.
final class ControlledReader: BarcodeReading, Sendable {
  private struct State {
    var completion: (@Sendable (Result<Barcode, BarcodeReadError>) -> Void)?
    var readEnded = false
    var waiter: CheckedContinuation<Bool, Never>?
    var cancels = 0
    var cancelledAfterTheEnd = false
  }
  // Thread safety: all state is behind the lock; callbacks and resumes run after it.
  private let state = Locked(State())
  private let answersACancel: Bool
  /// Runs the reading task, to see a `cancelRead()` that comes after its resume.
  let watch = ResumeWatch()

  init(answersACancel: Bool = false) {
    self.answersACancel = answersACancel
  }

  func readBarcode(completion: @escaping @Sendable (Result<Barcode, BarcodeReadError>) -> Void) {
    watch.readBegan()
    let waiter = state.withLock { state in
      state.completion = completion
      return state.waiter.take()
    }
    waiter?.resume(returning: true)
  }

  /// Says that the read under test has returned or thrown, so nobody waits for it to ask.
  func readEnded() {
    let waiter = state.withLock { state in
      state.readEnded = true
      return state.waiter.take()
    }
    waiter?.resume(returning: false)
  }

  /// Returns true once `readBarcode` has been called, or false if the read ended without it.
  func waitUntilAskedOrReadEnded() async -> Bool {
    await withCheckedContinuation { continuation in
      let answer = state.withLock { state -> Bool? in
        if state.completion != nil { return true }
        if state.readEnded { return false }
        state.waiter = continuation
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }

  /// Calls the completion the reader was given, and returns when it has returned.
  func callBack(with result: Result<Barcode, BarcodeReadError>) {
    state.withLock { $0.completion }?(result)
  }

  func cancelRead() {
    let completion = state.withLock { state in
      state.cancels += 1
      if state.readEnded || watch.resumedSinceTheRead { state.cancelledAfterTheEnd = true }
      return state.completion
    }
    guard answersACancel else { return }
    completion?(.failure(BarcodeReadError(reason: "cancelled")))
  }

  /// How many times `cancelRead()` was called.
  var cancels: Int { state.withLock { $0.cancels } }
  /// Whether a `cancelRead()` came after the reading task was resumed, or had ended.
  var cancelledAfterTheEnd: Bool { state.withLock { $0.cancelledAfterTheEnd } }
}

/// Runs the jobs of the task that reads (on Dispatch's threads) and counts them, to tell whether
/// that task was resumed after its read began: a continuation's `resume` enqueues the task's next
/// job before it returns, so a `cancelRead()` that comes after the resume sees the count grown.
/// (A `Task {}` started inside does not run here: only the task's own jobs, and its children's.)
final class ResumeWatch: TaskExecutor {
  private let jobs = Atomic<Int>(0)
  private let atTheRead = Atomic<Int>(.max)

  func enqueue(_ job: consuming ExecutorJob) {
    jobs.add(1, ordering: .sequentiallyConsistent)
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.global().async { job.runSynchronously(on: executor) }
  }

  /// Says that the read began (the first time only): the task is about to wait for it.
  func readBegan() {
    _ = atTheRead.compareExchange(
      expected: .max,
      desired: jobs.load(ordering: .sequentiallyConsistent),
      ordering: .sequentiallyConsistent
    )
  }

  /// Whether the task has been given a job since the read began: it was resumed.
  var resumedSinceTheRead: Bool {
    jobs.load(ordering: .sequentiallyConsistent) > atTheRead.load(ordering: .sequentiallyConsistent)
  }
}

/// A flag that main-actor code sets and reads.
@MainActor
final class MainActorFlag {
  var isSet = false
}

/// Scalars a device's text may carry that a shortcut takes for noise.
///
/// NUL (C buffers pad with it), other C0 and C1 controls (ESC, DEL, the GS1 separators U+001D to
/// U+001F), and invisible ones (a byte order mark, zero-width spaces and joiners, a word joiner, a
/// soft hyphen, marks of direction). None of them is a space or a line break.
private let strayScalars = [
  "\u{0}", "\u{0}\u{0}\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{1D}", "\u{1E}", "\u{1F}", "\u{9B}",
  "\u{FEFF}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{AD}", "\u{200E}", "\u{202E}",
]

/// Puts stray scalars (see `strayScalars`) into texts, each one in turn at each place in turn.
///
/// The places: at the start, at the end, at both ends, in the middle, or alone in place of the
/// text. Every scalar meets every place once in 85 texts.
struct StrayScalarCycle {
  private var turn = 0

  mutating func next(_ plain: String) -> String {
    defer { turn += 1 }
    let stray = strayScalars[turn % strayScalars.count]
    let middle = plain.index(plain.startIndex, offsetBy: plain.count / 2)
    switch turn / strayScalars.count % 5 {
    case 0: return stray + plain
    case 1: return plain + stray
    case 2: return stray + plain + stray
    case 3: return String(plain[..<middle]) + stray + String(plain[middle...])
    default: return stray
    }
  }
}

/// `text` in quotes as the messages of this chapter show it: as `quotedText`, and the scalars no
/// one sees (a byte order mark, a zero-width space, a space other than U+0020, a line or
/// paragraph separator) escaped too, so that two texts that differ by one show it; with
/// `marksToo`, combining marks as well (`==` calls "e\u{301}" and "\u{E9}" equal).
func quotedScalars(
  _ text: String,
  longerThan limit: Int = 60,
  head: Int = 24,
  tail: Int = 12,
  marksToo: Bool = false
) -> String {
  var lineBreaksEscaped = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\n": lineBreaksEscaped += "\\n"
    case "\t": lineBreaksEscaped += "\\t"
    case "\r": lineBreaksEscaped += "\\r"
    default: lineBreaksEscaped.unicodeScalars.append(scalar)
    }
  }
  let escaped = escapingInvisibles(lineBreaksEscaped, marksToo: marksToo)
  guard escaped.count > limit else { return "\"\(escaped)\"" }
  return "\"\(escaped.prefix(head))...\(escaped.suffix(tail))\" (\(text.count) characters)"
}

/// `text` with each control, format or separator scalar but U+0020 written as `\u{HEX}`: for
/// `String(reflecting:)`, which leaves a byte order mark or a zero-width space as it is.
func escapingInvisibles(_ text: String, marksToo: Bool = false) -> String {
  func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: scalar != " "
    // A combining mark is seen only on the letter before it: "e\u{301}" and "\u{E9}" both show
    // an é, and `==` calls them equal; escaped, the two spellings are told apart.
    case .nonspacingMark, .spacingMark, .enclosingMark: marksToo
    default: false
    }
  }
  // Most texts have none: they are given back as they are (some are 100,000 characters long).
  guard text.unicodeScalars.contains(where: isInvisible) else { return text }
  var escaped = ""
  for scalar in text.unicodeScalars {
    if isInvisible(scalar) {
      escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      escaped.unicodeScalars.append(scalar)
    }
  }
  return escaped
}
