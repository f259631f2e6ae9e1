import ExerciseSupport
import Foundation
import LessonSupport
import Synchronization
import TestTooling
import VirtualTime
import XCTest

/// What a job of the tests threw.
struct JobFailed: Error, CustomStringConvertible {
  let name: String
  var description: String { "JobFailed(\(name))" }
}

/// Jobs that sleep on a virtual timeline and write down what happened to them: when each started
/// and how and when it ended, how many ran at once, and whether any ran off the timeline.
///
/// A wrong answer may run jobs off the timeline, at the same time as the test reads the log: the
/// test then reads one `snapshot`, never two properties one after the other.
final class JobLog: Sendable {
  struct State: Sendable {
    var starts: [String: String] = [:]
    var ends: [String: String] = [:]
    var inFlight = 0
    var mostInFlight = 0
    var offTimeline: [String] = []
  }

  private let state = Locked(State())

  /// Runs the job `name` on `timeline`: `seconds` asleep, then it returns, or throws
  /// `JobFailed` if `fails`.
  func run(
    _ name: String,
    seconds: Int,
    fails: Bool = false,
    on timeline: VirtualTimeline
  )
    async throws
  {
    let onTimeline = timeline.isCurrent
    state.withLock { state in
      state.starts[name] = timeline.time
      state.inFlight += 1
      state.mostInFlight = max(state.mostInFlight, state.inFlight)
      if !onTimeline { state.offTimeline.append(name) }
    }
    defer { state.withLock { $0.inFlight -= 1 } }
    do {
      try await timeline.sleep(for: .seconds(seconds))
    } catch {
      state.withLock { $0.ends[name] = "cancelled at \(timeline.time)" }
      throw error
    }
    if fails {
      state.withLock { $0.ends[name] = "threw at \(timeline.time)" }
      throw JobFailed(name: name)
    }
    state.withLock { $0.ends[name] = "ended at \(timeline.time)" }
  }

  /// Everything written down so far, read at once: when each job started (["first": "0 s"]),
  /// how each ended (["first": "cancelled at 1 s"]), the most that ran at one time, and those
  /// that ran on some other executor than the timeline.
  var snapshot: State { state.withLock { $0 } }
  /// How each job ended, once the run is over.
  var ends: [String: String] { snapshot.ends }
}

extension JobLog.State {
  /// The start times in the order of `names`, as a message shows them: "first 0 s, second 3 s".
  func startsText(_ names: [String]) -> String {
    names.map { "\($0) \(starts[$0] ?? "never")" }.joined(separator: ", ")
  }
}

/// Runs `body` on a virtual timeline (at no real pace); `Stuck` comes back as nil, with the
/// time it happened at.
///
/// Jobs ready at the same moment do not run in the order they were queued: each time, one of
/// the first four is drawn from a seed, as a pool of four threads may take any of them first.
/// An answer must not rely on the order its child tasks reach a lock or an actor.
func onTimeline<T: Sendable>(
  _ body: @escaping @Sendable (VirtualTimeline) async throws -> T
) async throws -> (value: T?, stuckAt: String?) {
  let numbers = Locked(SeededNumbers(seed: 5))
  let pick: @Sendable (Int) -> Int = { ready in
    numbers.withLock { Int.random(in: 0..<min(ready, 4), using: &$0) }
  }
  do {
    return (try await VirtualTimeline.run(pace: 0, pick: pick, body), nil)
  } catch let stuck as VirtualTimeline.Stuck {
    return (nil, stuck.at)
  }
}

/// Runs every job on a new thread of its own, so that child tasks that inherit it run truly at
/// once, and the thread sanitizer sees no order between them but what their code makes.
///
/// (The cooperative pool hands its jobs through one queue, which orders most of them for the
/// sanitizer: a race there shows only when two jobs overlap by chance.)
final class ThreadPerJob: TaskExecutor {
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread { job.runSynchronously(on: executor) }.start()
  }
}

/// Makes fetches on real threads meet in pairs and return together: the first and second calls
/// wait for each other, then the third and fourth, and so on; then both return within a few
/// nanoseconds, one a little after the other (the lag cycles through -8...8 spins), so that what
/// the two callers do next happens at once, at every offset.
///
/// A fetch waits for its partner by spinning, up to a bound: a partner that is slow to come (a
/// busy machine) or never comes (one fetch at a time) makes every later fetch of this value
/// return at once. Under the thread sanitizer no fetch waits (see `ThreadSanitizer`).
final class PairedReturns: Sendable {
  private final class Pair: Sendable {
    let arrived = Atomic<Int>(0)
  }

  private let calls = Atomic<Int>(0)
  private let gaveUp = Atomic<Bool>(ThreadSanitizer.isRunning)
  private let pairs: [Pair]

  /// For up to `calls` fetches.
  init(calls: Int) {
    pairs = (0..<(calls / 2 + 1)).map { _ in Pair() }
  }

  /// Called by a fetch: waits for its partner, then returns with its lag.
  func meet() {
    let call = calls.add(1, ordering: .relaxed).oldValue
    guard call / 2 < pairs.count, !gaveUp.load(ordering: .relaxed) else { return }
    let pair = pairs[call / 2]
    pair.arrived.add(1, ordering: .acquiringAndReleasing)
    var spins = 0
    while pair.arrived.load(ordering: .acquiring) < 2 {
      spins += 1
      if spins > 1 << 22 {
        gaveUp.store(true, ordering: .relaxed)
        return
      }
    }
    let lag = call / 2 % 17 - 8
    for _ in 0..<(call % 2 == 0 ? max(0, -lag) : max(0, lag)) {
      _ = pair.arrived.load(ordering: .relaxed)
    }
  }
}

/// Jobs that run until they are cancelled, however long that takes, and a wait for their
/// cancels: a test on the pool's threads whose outcome does not hang on timing.
final class CancelledJobs: Sendable {
  private let cancels: AsyncStream<Int>
  private let cancelled: AsyncStream<Int>.Continuation
  private let starts: AsyncStream<Int>
  private let started: AsyncStream<Int>.Continuation

  init() {
    (cancels, cancelled) = AsyncStream.makeStream(of: Int.self)
    (starts, started) = AsyncStream.makeStream(of: Int.self)
  }

  /// Returns once `count` jobs have started (never, if they do not all run at once).
  func waitForStarts(_ count: Int) async { await Self.waitFor(count, of: starts) }

  /// Runs until the calling task is cancelled; then notes job `index` cancelled, and throws
  /// CancellationError (or, when it `ignoresTheCancel`, returns as if it had ended).
  func runUntilCancelled(_ index: Int, ignoresTheCancel: Bool = false) async throws {
    started.yield(index)
    let (wait, end) = AsyncStream.makeStream(of: Void.self)
    await withTaskCancellationHandler {
      for await _ in wait {}
    } onCancel: {
      end.finish()
    }
    cancelled.yield(index)
    if !ignoresTheCancel { throw CancellationError() }
  }

  /// Returns once `count` jobs have been cancelled (never, if they are not).
  func waitForAll(_ count: Int) async { await Self.waitFor(count, of: cancels) }

  /// Returns once `events` has given `count` jobs' numbers.
  private static func waitFor(_ count: Int, of events: AsyncStream<Int>) async {
    var seen = 0
    for await _ in events {
      seen += 1
      if seen == count { return }
    }
  }
}

/// An error a job or fetch of the generated scenarios throws of its own accord, while nobody
/// cancelled it: the statements make each one an error like any other.
enum OwnError: Equatable, Sendable {
  /// The tests' own error: `JobFailed`.
  case jobFailed
  /// A `CancellationError` of its own (its request was cancelled elsewhere, say).
  case cancellationError
  /// `URLError(.cancelled)`, as URLSession throws for a request cancelled elsewhere.
  case urlCancelled
  /// A `URLError` with the code at this index of `everyURLErrorCode` (a timeout, a lost
  /// connection, ...): an error like any other, not one to try again.
  case url(Int)
  /// An error of the platform's own type (a POSIXError such as ECONNRESET or ECANCELED, a
  /// CocoaError), thrown as it is: an error like any other too.
  case platform(PlatformError)

  /// One of the errors, drawn from `numbers`: the URLError codes taken in turn from `nextCode`.
  static func drawn(from numbers: inout SeededNumbers, nextCode: inout Int) -> OwnError {
    let error = numbers.pick([
      OwnError.jobFailed, .jobFailed, .cancellationError, .urlCancelled, .url(0),
    ])
    guard case .url = error else { return error }
    return .url(nextURLErrorCode(&nextCode))
  }

  /// The error itself, thrown by the job or fetch `name`.
  func error(of name: String) -> any Error {
    switch self {
    case .jobFailed: return JobFailed(name: name)
    case .cancellationError: return CancellationError()
    case .urlCancelled:
      return URLError(.cancelled, userInfo: ["request": name])
    case .url(let index):
      return URLError(everyURLErrorCode[index].code, userInfo: ["request": name])
    case .platform(let error): return error.error
    }
  }

  /// The error as the messages show it: "JobFailed(job 2)", "CancellationError()".
  func spelled(of name: String) -> String { spelledChapter05Error(error(of: name)) }
}

/// How a job or fetch of the generated scenarios answers a cancel.
enum AnswersCancel: Equatable, Sendable {
  /// It throws `CancellationError` at once (the timeline's sleep does).
  case cancellationError
  /// It throws an error of its own at once: `URLError(.cancelled)`, as URLSession does.
  case itsOwnError
  /// It throws `JobFailed` at once, an error that does not say "cancelled" (5a's jobs only).
  case anErrorUnlikeACancel
  /// It goes on, and ends at its time as if nobody had cancelled it (a blocking call, say).
  case ignoresIt

  /// How the scenarios' descriptions say it: "" for the usual CancellationError.
  var spelled: String {
    switch self {
    case .cancellationError: return ""
    case .itsOwnError: return "throws URLError(.cancelled) when cancelled"
    case .anErrorUnlikeACancel: return "throws JobFailed when cancelled"
    case .ignoresIt: return "ignores a cancel"
    }
  }
}

/// An error as the generated scenarios' outcomes show it: "JobFailed(job 2)",
/// "CancellationError()", "URLError(.cancelled) of job 3".
func spelledChapter05Error(_ error: any Error) -> String {
  switch error {
  case let error as JobFailed: return "\(error)"
  case is CancellationError: return "CancellationError()"
  case let error as URLError:
    return "\(spelledURLError(error.code)) of "
      + "\(error.userInfo["request"] as? String ?? "an unknown request")"
  default: return PlatformError(error).map { "\($0)" } ?? "\(error)"
  }
}

/// The platform errors the extra scenarios of Chapter05 give their failing jobs, fetches and
/// parts, each in turn: POSIX codes of sockets first (one says "cancelled"), then every other POSIX
/// code (EHOSTUNREACH among them: a route that may come back is an error like any other), then
/// Cocoa ones and a DecodingError.
let chapter05PlatformErrors: [PlatformError] = {
  let sockets: [POSIXErrorCode] = [
    .ECANCELED, .ECONNRESET, .ETIMEDOUT, .ECONNABORTED, .ECONNREFUSED, .ENETDOWN, .EPIPE, .EAGAIN,
    .EINTR,
  ]
  let others = everyPOSIXErrorCode.filter { !sockets.contains($0) }
  // The three drawn before every Cocoa code was, first, so that earlier scenarios keep theirs.
  let firstCocoa: [CocoaError.Code] = [.fileReadUnknown, .featureUnsupported, .fileNoSuchFile]
  let cocoa =
    firstCocoa
    + everyCocoaErrorCode.map(\.code).filter { $0 != .userCancelled && !firstCocoa.contains($0) }
  let first: [PlatformError] = sockets.map { .posix($0) } + [.cocoa(.userCancelled)]
  return first + others.map { .posix($0) } + cocoa.map { .cocoa($0) } + [.decoding]
}()

/// Copies of `scenarios` (taken round and round), the failure of each given one of
/// `chapter05PlatformErrors` in turn by `failWith`: every platform error is thrown once.
func withEachPlatformError<S>(
  _ scenarios: [S],
  _ failWith: (inout S, PlatformError) -> Void
) -> [S] {
  guard !scenarios.isEmpty else { return [] }
  return chapter05PlatformErrors.enumerated().map { index, error in
    var scenario = scenarios[index % scenarios.count]
    failWith(&scenario, error)
    return scenario
  }
}

extension VirtualTimeline {
  /// The virtual time since the run began, in whole milliseconds.
  var milliseconds: Int { Int((now.offset / .milliseconds(1)).rounded()) }

  /// Sleeps `milliseconds` on the timeline whether or not the calling task is cancelled
  /// meanwhile, as a call that ignores a cancel does: the sleep is a task of its own, which the
  /// caller's cancel does not reach.
  func sleepIgnoringCancel(milliseconds: Int) async {
    let deadline = now.advanced(by: .milliseconds(milliseconds))
    await Task(executorPreference: self) { try? await self.sleep(until: deadline) }.value
  }
}

/// A long list of outcome lines, shortened for a message: the first six, then how many more,
/// then the last three.
func abbreviated(_ lines: [String]) -> [String] {
  guard lines.count > 12 else { return lines }
  return lines.prefix(6) + ["... \(lines.count - 9) more ..."] + lines.suffix(3)
}

/// The first line where two long lists differ, as a message shows it: "the first that differs
/// (of 3): k64 started at 1 s; the statement gives k64 started at 0 s".
func firstDifference(_ got: [String], _ expected: [String]) -> String? {
  let differing = zip(got, expected).filter { $0 != $1 }
  guard let (answer, model) = differing.first else {
    return got.count == expected.count
      ? nil : "\(got.count) entries; the statement gives \(expected.count)"
  }
  return "the first that differs (of \(differing.count)): \(answer); the statement gives \(model)"
}
