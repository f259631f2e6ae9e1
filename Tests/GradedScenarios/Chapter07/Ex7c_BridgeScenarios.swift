import ExerciseSupport
import LessonSupport
import MiniCombine
import XCTest

// Exercise 7c graded by its statement: generated orders of next() calls, values, the end, a
// failure, a late or early subscription, a cancel() and a task's cancel, for bridges that read
// 1 to Int.max values ahead, with publishers that send from inside request(_:) or complete from
// inside cancel(), compared with a model of the statement. Each next() runs on an executor that runs its jobs at once, on the calling thread,
// so every step ends before the next one starts and the order of events is the same every run.

/// A failure a scenario's publisher sends; `number` tells two apart.
struct ScenarioFailure: Error, Equatable {
  let number: Int
}

/// One run of a `for try await` loop over a publisher read ahead, step by step, as the grade
/// generates it.
struct BridgeScenario: GradedScenario, Equatable {
  /// How the publisher's subscription behaves.
  enum Publisher: Equatable, Sendable, CustomStringConvertible {
    /// Sends when the scenario says so.
    case plain
    /// Sends what each request asks for at once, from inside `request(_:)`, up to 3 values in
    /// all; a request after the third value finishes it.
    case sendsInsideRequest
    /// Sends `.finished` from inside `cancel()`.
    case finishesInsideCancel
    /// Fails at once, from inside the second `request(_:)`.
    case failsInsideTheSecondRequest
    /// Sends a value already on its way from inside `cancel()`.
    case sendsInsideCancel
    /// Breaks its contract, as a broken one may: a value step sends whether a value is asked for
    /// or not, after its end too, and a completion step completes again.
    case sendsAfterItsEnd

    var description: String {
      switch self {
      case .plain: "a publisher that sends when told"
      case .sendsInsideRequest:
        "a publisher that sends 1, 2, 3 from inside request(_:) as they are asked for, then "
          + ".finished from inside the request after"
      case .finishesInsideCancel: "a publisher that sends .finished from inside its cancel()"
      case .failsInsideTheSecondRequest:
        "a publisher that fails from inside the second request(_:)"
      case .sendsInsideCancel: "a publisher that sends a value from inside its cancel()"
      case .sendsAfterItsEnd:
        "a broken publisher that sends whether asked or not, and goes on after its end"
      }
    }
  }

  enum Step: Equatable, Sendable, CustomStringConvertible {
    /// The loop calls next(), if its last next() has returned.
    case next
    /// The bridge receives the subscription.
    case subscription
    /// The publisher sends a value, if one is asked for and not sent yet, or the subscription was
    /// cancelled (a value already on its way).
    case value
    case finished
    case failure
    /// The task waiting in next() is cancelled.
    case cancelTheTask
    /// `cancel()` on the bridge.
    case cancel
    /// `count` times: `.next`, then `.value`.
    case nextsWithValues(Int)
    /// `count` times: `.value`.
    case values(Int)
    /// `count` times: `.next`.
    case nexts(Int)
    /// `count` times: `.value`, then `.next`.
    case valuesThenNexts(Int)

    var description: String {
      switch self {
      case .nextsWithValues(let count): "\(count) times: next(), then a value"
      case .values(let count): "\(count) values"
      case .nexts(let count): "\(count) times: next()"
      case .valuesThenNexts(let count): "\(count) times: a value, then next()"
      case .next: "next()"
      case .subscription: "the subscription comes"
      case .value: "a value"
      case .finished: ".finished"
      case .failure: "a failure"
      case .cancelTheTask: "the waiting task is cancelled"
      case .cancel: "cancel()"
      }
    }
  }

  /// What the publisher fails with.
  enum Failure: Equatable, Sendable {
    /// `ScenarioFailure`, numbered.
    case scenario
    /// A `CancellationError` of the publisher's own: nobody cancelled anything.
    case cancellation
    /// An error of the platform's own (a URLError, a POSIXError, a CocoaError).
    case platform(PlatformError)
  }

  /// How many values the bridge keeps asked for ahead: `PrefetchingBridge(prefetch:)`.
  var prefetch: Int
  var publisher: Publisher
  var failure = Failure.scenario
  /// Whether each next() is a step of its own, or the loop calls next() again as soon as one
  /// returns a value, as `for try await` does (inside the call that resumed it, here); this loop
  /// also calls next() once more after the end (nil or a failure), still inside that call, as a
  /// consumer that goes round again would.
  var loop: Bool
  var steps: [Step]

  var size: Int {
    steps.count + (publisher == .plain ? 0 : 1) + (loop ? 1 : 0) + (prefetch == 1 ? 0 : 1)
  }

  var description: String {
    let consumer =
      loop
      ? "a for-await loop (next() again as soon as one returns a value, and once more after nil "
        + "or a failure, inside the call that resumed it)"
      : "one next() at a time"
    let failing: String
    switch failure {
    case .scenario: failing = ""
    case .cancellation: failing = " (it fails with a CancellationError() of its own)"
    case .platform(let error): failing = " (it fails with \(spelledFailure(error.error)))"
    }
    return "PrefetchingBridge(prefetch: \(prefetch)) with \(publisher)\(failing) and \(consumer): "
      + steps.map(\.description).joined(separator: ", ")
  }

  var smaller: [BridgeScenario] {
    var candidates = steps.eachWithOneLeftOut.map { fewer in with { $0.steps = fewer } }
    if publisher != .plain { candidates.append(with { $0.publisher = .plain }) }
    if loop { candidates.append(with { $0.loop = false }) }
    if prefetch > 1 {
      candidates.append(with { $0.prefetch = 1 })
      if prefetch > 2 { candidates.append(with { $0.prefetch = 2 }) }
    }
    return candidates
  }

  private func with(_ change: (inout BridgeScenario) -> Void) -> BridgeScenario {
    var copy = self
    change(&copy)
    return copy
  }

  /// The failure the publisher sends: its `number`-th.
  func error(_ number: Int) -> any Error {
    switch failure {
    case .scenario: ScenarioFailure(number: number)
    case .cancellation: CancellationError()
    case .platform(let error): error.error
    }
  }

  /// How the log spells the failure next() throws: "failure 2".
  func thrown(_ number: Int) -> String {
    spelledFailure(error(number))
  }
}

/// What the loop and the publisher saw, in order: "request max(3)", "next() returned 1",
/// "receive(_:) returned max(1)", "next() threw failure 2", "subscription cancelled", and at the
/// end "a next() still waits".
struct BridgeOutcome: Equatable {
  var log: [String]
}

extension Int {
  /// This count of values asked for, plus `demand`: Int.max once the sum passes it or the demand
  /// is unlimited (Demand's own saturating sum).
  func adding(_ demand: Subscribers.Demand) -> Int {
    (Subscribers.Demand.max(self) + demand).max ?? Int.max
  }
}

/// The statement of exercise 7c, as a program.
func bridgeModel(_ scenario: BridgeScenario) -> BridgeOutcome {
  var log: [String] = []
  // The bridge's side.
  var subscribed = false  // the bridge holds the subscription
  var buffer: [Int] = []  // values kept, oldest first
  var waiting = false  // a next() waits
  var ended = false  // the completion came
  var cancelled = false
  var kept: Int?  // a failure kept for after the buffer
  // The publisher's side.
  var asked = 0
  var sent = 0
  var requests = 0
  var cancelledPublisher = false
  var completed = false
  var failures = 0

  /// A next() ended with nil or a failure: the loop calls next() once more, which finds the
  /// bridge over (a failure comes only once the buffer is empty, and is thrown once).
  func endedLoop() {
    guard scenario.loop else { return }
    log.append("next() again returned nil")
  }
  let broken = scenario.publisher == .sendsAfterItsEnd
  func complete(failing: Bool) {
    guard !completed || broken else { return }
    completed = true
    var failure: Int?
    if failing {
      failures += 1
      failure = failures
    }
    guard !ended, !cancelled else { return }
    ended = true
    subscribed = false
    if waiting {
      waiting = false
      log.append(failure.map { "next() threw \(scenario.thrown($0))" } ?? "next() returned nil")
      endedLoop()
    } else {
      kept = failure
    }
  }
  func send() {
    guard !completed || broken else { return }
    sent += 1
    guard !ended, !cancelled else { return }  // dropped
    guard waiting else { return buffer.append(sent) }
    waiting = false
    log.append("next() returned \(sent)")
    if scenario.loop { callNext() }
    log.append("receive(_:) returned max(1)")
    asked = asked.adding(.max(1))
  }
  func request(_ count: Int) {
    log.append("request max(\(count))")
    requests += 1
    asked = asked.adding(.max(count))
    if scenario.publisher == .sendsInsideRequest {
      if sent < 3 {
        for _ in 0..<min(count, 3 - sent) { send() }
      } else {
        complete(failing: false)
      }
    }
    if scenario.publisher == .failsInsideTheSecondRequest, requests == 2 { complete(failing: true) }
  }
  func cancelSubscription() {
    log.append("subscription cancelled")
    cancelledPublisher = true
    if scenario.publisher == .finishesInsideCancel { complete(failing: false) }
    if scenario.publisher == .sendsInsideCancel { sendIfAsked() }
  }
  func sendIfAsked() {
    if asked > sent || cancelledPublisher || broken { send() }
  }
  func cancel() {
    let hadSubscription = subscribed
    let hadWaiting = waiting
    cancelled = true
    subscribed = false
    waiting = false
    kept = nil
    buffer = []
    if hadSubscription { cancelSubscription() }
    if hadWaiting {
      log.append("next() returned nil")
      endedLoop()
    }
  }

  func callNext() {
    if !buffer.isEmpty {
      let value = buffer.removeFirst()
      if subscribed { request(1) }
      log.append("next() returned \(value)")
      if scenario.loop { callNext() }
    } else if let failure = kept {
      kept = nil
      log.append("next() threw \(scenario.thrown(failure))")
      endedLoop()
    } else if ended || cancelled {
      log.append("next() returned nil")
      endedLoop()
    } else {
      waiting = true
    }
  }

  var seenSubscription = false
  for step in scenario.steps {
    switch step {
    case .nextsWithValues(let count):
      for _ in 0..<count {
        if !waiting { callNext() }
        sendIfAsked()
      }
    case .values(let count):
      for _ in 0..<count { sendIfAsked() }
    case .nexts(let count):
      for _ in 0..<count where !waiting { callNext() }
    case .valuesThenNexts(let count):
      for _ in 0..<count {
        sendIfAsked()
        if !waiting { callNext() }
      }
    case .next:
      if !waiting { callNext() }
    case .subscription:
      guard !seenSubscription else { continue }
      seenSubscription = true
      if ended || cancelled {
        cancelSubscription()
      } else {
        subscribed = true
        request(scenario.prefetch)
      }
    case .value: sendIfAsked()
    case .finished: complete(failing: false)
    case .failure: complete(failing: true)
    case .cancelTheTask: if waiting { cancel() }
    case .cancel: cancel()
    }
  }
  if waiting { log.append("a next() still waits") }
  return BridgeOutcome(log: log)
}

/// Runs each job at once, on the thread that enqueues it: a next() runs until it waits inside
/// the call that starts it, and ends inside the call that resumes it.
///
/// Except while a task is being cancelled: the runtime runs its cancellation handler with the
/// task's own status locked, and the task cannot run inside it. Jobs enqueued then run right
/// after the cancel returns.
final class RunsJobsAtOnce: TaskExecutor, Sendable {
  private let held = Locked<[UnownedJob]?>(nil)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let kept = held.withLock { held -> Bool in
      guard held != nil else { return false }
      held?.append(job)
      return true
    }
    if !kept { job.runSynchronously(on: asUnownedTaskExecutor()) }
  }

  /// Cancels `task`, then runs the jobs its cancellation enqueued.
  func cancel(_ task: Task<Void, Never>) {
    held.withLock { $0 = [] }
    task.cancel()
    let jobs = held.withLock { held in
      defer { held = nil }
      return held ?? []
    }
    for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
  }
}

/// The scenarios exercise 7c is graded on: a fixed list, from fixed seeds.
func bridgeScenarios(count: Int, seed: UInt64) -> [BridgeScenario] {
  var numbers = SeededNumbers(seed: seed)
  let publishers: [BridgeScenario.Publisher] = [
    .plain, .plain, .sendsInsideRequest, .finishesInsideCancel, .failsInsideTheSecondRequest,
  ]
  let weighted: [BridgeScenario.Step] = [
    .next, .next, .next, .next, .value, .value, .value, .finished, .failure, .failure,
    .cancelTheTask, .cancel,
  ]
  return (0..<count).map { _ in
    var steps = (0..<Int.random(in: 2...9, using: &numbers)).map { _ in numbers.pick(weighted) }
    if numbers.chance(95) {
      steps.insert(.subscription, at: Int.random(in: 0...steps.count, using: &numbers))
    }
    return BridgeScenario(
      prefetch: numbers.pick([1, 1, 1, 2, 2, 3, 4, 16, Int.max]),
      publisher: numbers.pick(publishers),
      loop: numbers.chance(40),
      steps: steps
    )
  }
}

/// Runs 7c is graded on besides `bridgeScenarios`', from seeds of their own: publishers that fail
/// with a `CancellationError` of their own or with the platform's errors (those that say
/// "cancelled" as likely as the others), which next() throws as it throws any failure.
func bridgeScenariosFailingOtherwise(count: Int, seed: UInt64) -> [BridgeScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return bridgeScenarios(count: count, seed: seed).filter { scenario in
    scenario.steps.contains(.failure) || scenario.publisher == .failsInsideTheSecondRequest
  }.map { drawn in
    var scenario = drawn
    scenario.failure = numbers.chance(30) ? .cancellation : .platform(numbers.platformError())
    return scenario
  }
}

/// Runs 7c is graded on besides the others', from a seed of their own: the drawn runs that cancel
/// the bridge or the waiting task, with a publisher whose value already on its way arrives from
/// inside its `cancel()`.
func bridgeScenariosSendingInsideCancel(count: Int, seed: UInt64) -> [BridgeScenario] {
  drawnBridgeScenarios(count: count, seed: seed, publisher: .sendsInsideCancel) { scenario in
    scenario.steps.contains(.cancel) || scenario.steps.contains(.cancelTheTask)
  }
}

/// Runs 7c is graded on besides the others', from a seed of their own: the drawn runs that end
/// (finished or failed), with a broken publisher that sends whether asked or not and goes on
/// after its end: the bridge keeps what comes before the end, and delivers nothing after it.
func bridgeScenariosBreakingTheEnd(count: Int, seed: UInt64) -> [BridgeScenario] {
  drawnBridgeScenarios(count: count, seed: seed, publisher: .sendsAfterItsEnd) { scenario in
    scenario.steps.contains(.finished) || scenario.steps.contains(.failure)
  }
}

/// The runs `bridgeScenarios` draws that `keep` picks, each with `publisher` instead of its own.
private func drawnBridgeScenarios(
  count: Int,
  seed: UInt64,
  publisher: BridgeScenario.Publisher,
  where keep: (BridgeScenario) -> Bool
) -> [BridgeScenario] {
  bridgeScenarios(count: count, seed: seed).filter(keep).map { drawn in
    var scenario = drawn
    scenario.publisher = publisher
    return scenario
  }
}

/// Runs 7c is graded on besides the drawn ones: for each of many POSIX codes, every URLError code
/// and a few Cocoa codes, a publisher that fails with it while a next() waits, and one that fails
/// after a value kept, while none waits (a for-await loop); and a long run: 2^16 + 1 values, one
/// next() each, then a failure while no next() waits.
func bridgeScenariosFailingWithEveryCode() -> [BridgeScenario] {
  let errors =
    bridgePOSIXCodes.map { PlatformError.posix($0.code) }
    + everyURLErrorCode.map { PlatformError.url($0.code) }
    + [.userCancelled, .fileReadUnknown, .featureUnsupported, .fileNoSuchFile].map {
      PlatformError.cocoa($0)
    }
  let failing = errors.flatMap { error in
    [
      BridgeScenario(
        prefetch: 1,
        publisher: .plain,
        failure: .platform(error),
        loop: false,
        steps: [.subscription, .next, .failure, .next]
      ),
      BridgeScenario(
        prefetch: 2,
        publisher: .plain,
        failure: .platform(error),
        loop: true,
        steps: [.subscription, .value, .failure, .next]
      ),
    ]
  }
  let long = [
    BridgeScenario(
      prefetch: 2,
      publisher: .plain,
      loop: false,
      steps: [.subscription, .nextsWithValues(65_537), .failure, .next]
    )
  ]
  return failing + long + bridgeScenariosKeepingMany()
}

/// Runs with many values kept at once: as many values as the bridge asked for ahead, sent
/// before any next(), then the end or a failure, then a next() for each and two more.
func bridgeScenariosKeepingMany() -> [BridgeScenario] {
  [(70, 70), (Int.max, 70), (1_100, 1_100), (Int.max, 4_100)].flatMap { prefetch, count in
    [BridgeStep.finished, .failure].map { end in
      BridgeScenario(
        prefetch: prefetch,
        publisher: .plain,
        loop: false,
        steps: [.subscription, .values(count), end, .nexts(count + 2)]
      )
    }
  }
}

/// Runs 7c is graded on besides the others', from a seed of their own: values kept and taken in
/// bursts, so that what is kept wraps round and grows past what was kept before, by bridges that
/// read 64 to Int.max values ahead; and long runs of 2^16 + 1 values, each kept, then taken, with
/// none or 100 more kept all along.
func bridgeScenariosInBursts(count: Int, seed: UInt64) -> [BridgeScenario] {
  var numbers = SeededNumbers(seed: seed)
  let bursts = (0..<count).map { _ in
    var steps: [BridgeStep] = [.subscription]
    for _ in 0..<Int.random(in: 3...8, using: &numbers) {
      steps.append(.values(Int.random(in: 1...60, using: &numbers)))
      steps.append(.nexts(Int.random(in: 1...40, using: &numbers)))
    }
    steps.append(numbers.pick([.finished, .failure, .cancel, .value]))
    steps.append(.nexts(500))
    return BridgeScenario(
      prefetch: numbers.pick([64, 100, 1_000, Int.max]),
      publisher: .plain,
      loop: numbers.chance(30),
      steps: steps
    )
  }
  // 2^16 + 1 values taken one by one from those kept, with 0 or 100 more kept all along.
  let long = [(1, 0), (101, 100)].map { prefetch, backlog in
    BridgeScenario(
      prefetch: prefetch,
      publisher: .plain,
      loop: false,
      steps: [.subscription, .values(backlog), .valuesThenNexts(65_537), .failure]
        + [.nexts(backlog + 2)]
    )
  }
  return bursts + long
}

typealias BridgeStep = BridgeScenario.Step

/// The POSIX codes `bridgeScenariosFailingWithEveryCode` fails with, and their names.
let bridgePOSIXCodes: [(code: POSIXErrorCode, name: String)] = [
  (.ECANCELED, "ECANCELED"), (.ETIMEDOUT, "ETIMEDOUT"), (.ECONNRESET, "ECONNRESET"),
  (.EAGAIN, "EAGAIN"), (.EINTR, "EINTR"), (.EPIPE, "EPIPE"), (.ENETDOWN, "ENETDOWN"),
  (.ECONNABORTED, "ECONNABORTED"), (.ECONNREFUSED, "ECONNREFUSED"), (.ENOTCONN, "ENOTCONN"),
  (.ESHUTDOWN, "ESHUTDOWN"), (.EHOSTUNREACH, "EHOSTUNREACH"), (.EHOSTDOWN, "EHOSTDOWN"),
  (.ENETUNREACH, "ENETUNREACH"), (.ENETRESET, "ENETRESET"), (.EIO, "EIO"), (.ENOENT, "ENOENT"),
  (.EBADF, "EBADF"), (.EACCES, "EACCES"), (.EPERM, "EPERM"), (.ENOSPC, "ENOSPC"),
  (.ENOMEM, "ENOMEM"), (.ENOBUFS, "ENOBUFS"), (.EPROTO, "EPROTO"), (.EMSGSIZE, "EMSGSIZE"),
  (.EINVAL, "EINVAL"), (.EEXIST, "EEXIST"), (.EBUSY, "EBUSY"), (.EALREADY, "EALREADY"),
  (.EINPROGRESS, "EINPROGRESS"), (.EROFS, "EROFS"), (.EMFILE, "EMFILE"),
  (.EOVERFLOW, "EOVERFLOW"), (.EDEADLK, "EDEADLK"),
]

/// A failure as the log spells it: "failure 2", "CancellationError()", "URLError(.cancelled)".
func spelledFailure(_ error: any Error) -> String {
  switch error {
  case let failure as ScenarioFailure: "failure \(failure.number)"
  case is CancellationError: "CancellationError()"
  case let error as POSIXError:
    bridgePOSIXCodes.first { $0.code == error.code }.map { "POSIXError(.\($0.name))" }
      ?? PlatformError(error).map { "\($0)" } ?? "\(error)"
  default: PlatformError(error).map { "\($0)" } ?? "\(error)"
  }
}

/// The failure message: the scenario, then what happened and what the statement says.
func explainBridge(
  _ scenario: BridgeScenario,
  _ got: BridgeOutcome,
  _ expected: BridgeOutcome
)
  -> String
{
  func listed(_ log: [String]) -> String {
    if log.isEmpty { return "nothing happened" }
    guard log.count > 100 else { return log.joined(separator: ", ") }
    // A long run of "next() returned n, receive(_:) returned max(1)" (a value handed to a
    // waiting next()), of "request max(1), next() returned n" (a value taken from those kept),
    // or of "next() returned n" alone, n one more each time, as its first two and its last.
    let returned = "next() returned "
    func number(_ index: Int, width: Int) -> Int? {
      guard index + width <= log.count else { return nil }
      let first = log[index]
      if width == 1 {
        return first.hasPrefix(returned) ? Int(first.dropFirst(returned.count)) : nil
      }
      let second = log[index + 1]
      if second == "receive(_:) returned max(1)", first.hasPrefix(returned) {
        return Int(first.dropFirst(returned.count))
      }
      if first == "request max(1)", second.hasPrefix(returned) {
        return Int(second.dropFirst(returned.count))
      }
      return nil
    }
    var parts: [String] = []
    var index = 0
    next: while index < log.count {
      for width in [2, 1] {
        var end = index
        while let this = number(end, width: width), let after = number(end + width, width: width),
          after == this + 1
        {
          end += width
        }
        guard end - index >= 3 * width else { continue }
        parts.append(log[index..<(index + 2 * width)].joined(separator: ", ") + ", ...")
        parts.append(log[end..<(end + width)].joined(separator: ", "))
        index = end + width
        continue next
      }
      parts.append(log[index])
      index += 1
    }
    return parts.joined(separator: ", ")
  }
  return "\(scenario): \(listed(got.log)); the statement gives \(listed(expected.log))"
}
