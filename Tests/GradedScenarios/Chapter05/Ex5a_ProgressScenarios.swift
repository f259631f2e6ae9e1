import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import VirtualTime

// Exercise 5a graded by its statement: generated jobs (0 to 300, of 1 to 5 virtual seconds, many
// ending at the same moment, and a few streams of 1,001 to 1,100 jobs all ending at 1 s), a job
// that throws (JobFailed, a CancellationError, a URLError, a POSIXError or a CocoaError), jobs that
// answer a cancel with a CancellationError, an error of their own or not at all, and consumers that
// read every fraction, leave after any number (none: the stream let go before the driver runs), or
// whose task is cancelled at any moment, on a virtual timeline; and pairs of these streams at
// once, on one timeline.

/// One stream of `progressUpdates`, as the grade generates it.
struct ProgressScenario: GradedScenario, Equatable {
  enum Consumer: Equatable, Sendable {
    case readsAll
    /// Leaves its loop after this many fractions, and lets the stream go; after none, it lets the
    /// stream go before it reads at all (before the driver has run).
    case leavesAfter(Int)
    /// Its task is cancelled at this many milliseconds, a quarter of a second past a whole one
    /// (no job ends or throws then).
    case cancelledAt(Int)
  }

  /// The job that throws while nobody cancelled it: when (half a second past a whole one, so
  /// nothing else ends then), and what.
  struct Failure: Equatable, Sendable {
    var index: Int
    var at: Int
    var error: OwnError
  }

  /// How long each job takes, in whole seconds.
  var seconds: [Int]
  /// How each job answers a cancel (the failing job throws CancellationError, as the usual).
  var answers: [AnswersCancel]
  var failing: Failure?
  var consumer: Consumer
  /// How long a slow consumer works after each fraction before it reads again, in milliseconds.
  ///
  /// 0: it reads on at once. Else a millisecond past whole seconds, so that it never reads at the
  /// moment a job ends; only for a consumer that reads every fraction or leaves after some.
  var pause = 0
  /// When a late consumer first reads, in milliseconds (0: at once), a millisecond past a whole
  /// second as a pause is; the stream is made at 0 s all the same.
  var startsReading = 0

  var size: Int {
    seconds.count + (failing == nil ? 0 : 1) + (consumer == .readsAll ? 0 : 1)
      + (pause == 0 ? 0 : 1) + (startsReading == 0 ? 0 : 1)
  }

  /// "job 2 2 s, ignores a cancel": one job as the description shows it.
  private func jobText(_ index: Int) -> String {
    if let failing, failing.index == index {
      return "job \(index) throws \(failing.error.spelled(of: "job \(index)")) at "
        + timelineTime(failing.at)
    }
    let answer = answers[index].spelled
    return "job \(index) \(seconds[index]) s" + (answer.isEmpty ? "" : ", " + answer)
  }

  var description: String {
    var jobs = seconds.indices.map(jobText)
    if jobs.count > 12 {
      // Many jobs: counted by how long they take and how they answer a cancel.
      struct Kind: Hashable {
        var seconds: Int
        var answer: String
      }
      let others = seconds.indices.filter { $0 != failing?.index }
      let counts = Dictionary(grouping: others) {
        Kind(seconds: seconds[$0], answer: answers[$0].spelled)
      }
      jobs = counts.keys.sorted { ($0.seconds, $0.answer) < ($1.seconds, $1.answer) }.map {
        let count = counts[$0]?.count ?? 0
        return "\(count) job\(count == 1 ? "" : "s") of \($0.seconds) s"
          + ($0.answer.isEmpty ? "" : " that \(count == 1 ? $0.answer : plural($0.answer))")
      }
      if let failing { jobs.append(jobText(failing.index)) }
    }
    var text = "progressUpdates of \(seconds.count) job\(seconds.count == 1 ? "" : "s")"
    text += jobs.isEmpty ? "" : " (" + jobs.joined(separator: ", ") + ")"
    switch consumer {
    case .readsAll: text += "; the consumer reads every fraction"
    case .leavesAfter(0): text += "; the consumer lets the stream go before it reads"
    case .leavesAfter(let count):
      text += "; the consumer leaves its loop after \(count) fraction\(count == 1 ? "" : "s")"
    case .cancelledAt(let time):
      text += "; the consumer's task is cancelled at \(timelineTime(time))"
    }
    if startsReading > 0 { text += ", from \(timelineTime(startsReading)) on" }
    if pause > 0 { text += ", and works \(timelineTime(pause)) after each fraction it reads" }
    return text
  }

  /// "ignore a cancel", "throw URLError(.cancelled) when cancelled": a job's answer for many.
  private func plural(_ answer: String) -> String {
    answer.replacingOccurrences(of: "ignores", with: "ignore")
      .replacingOccurrences(of: "throws", with: "throw")
  }

  /// The scenario with only the jobs at `kept` (in order), the failing one and the consumer
  /// following them.
  private func keeping(_ kept: [Int]) -> ProgressScenario {
    var copy = self
    copy.seconds = kept.map { seconds[$0] }
    copy.answers = kept.map { answers[$0] }
    copy.failing = failing.flatMap { failing in
      kept.firstIndex(of: failing.index).map {
        Failure(index: $0, at: failing.at, error: failing.error)
      }
    }
    if case .leavesAfter(let count) = consumer {
      copy.consumer = .leavesAfter(min(count, kept.count))
    }
    return copy
  }

  var smaller: [ProgressScenario] {
    var candidates: [ProgressScenario] = []
    if seconds.count > 12 {
      // Halves first, so that a thousand jobs shrink in a few steps; then one job of each kind
      // (jobs alike are interchangeable), not each of a thousand in turn.
      let half = seconds.count / 2
      candidates.append(keeping(Array(0..<half)))
      candidates.append(keeping(Array(half..<seconds.count)))
      // Over a thousand jobs, only halves: each try runs them all again.
      guard seconds.count <= 1_000 else { return candidates }
      var seen: Set<String> = []
      for index in seconds.indices.reversed()
      where seen.insert("\(seconds[index]) \(answers[index]) \(index == failing?.index)").inserted {
        candidates.append(keeping(seconds.indices.filter { $0 != index }))
      }
    } else {
      for index in seconds.indices {
        candidates.append(keeping(seconds.indices.filter { $0 != index }))
      }
    }
    if let failing {
      var copy = self
      copy.failing = nil
      candidates.append(copy)
      if failing.error != .jobFailed {
        copy.failing = Failure(index: failing.index, at: failing.at, error: .jobFailed)
        candidates.append(copy)
      }
    }
    for index in answers.indices where answers[index] != .cancellationError && seconds.count <= 12 {
      var copy = self
      copy.answers[index] = .cancellationError
      candidates.append(copy)
    }
    if consumer != .readsAll {
      var copy = self
      copy.consumer = .readsAll
      candidates.append(copy)
    }
    if startsReading > 0 {
      var copy = self
      copy.startsReading = 0
      candidates.append(copy)
    }
    if pause > 0 {
      var copy = self
      copy.pause = 0
      candidates.append(copy)
    }
    if case .leavesAfter(let count) = consumer, count > 1 {
      var copy = self
      copy.consumer = .leavesAfter(count - 1)
      candidates.append(copy)
    }
    return candidates.filter(\.isPossible)
  }

  /// The consumer leaves its loop after one fraction or more.
  var leavesAfterSome: Bool {
    if case .leavesAfter(let count) = consumer { return count > 0 }
    return false
  }

  /// A consumer that leaves does so after a fraction it can get; a slow one is not cancelled.
  var isPossible: Bool {
    if case .cancelledAt = consumer, pause > 0 || startsReading > 0 { return false }
    if case .leavesAfter(let count) = consumer { return count >= 0 && count <= seconds.count }
    return true
  }
}

/// A stream of `progressUpdates` made and read inside the one job of another stream.
struct ProgressInsideAJob: GradedScenario {
  var inner: ProgressScenario

  var size: Int { inner.size }
  var smaller: [ProgressInsideAJob] { inner.smaller.map(ProgressInsideAJob.init) }
  var description: String { "inside the one job of another stream, " + inner.description }
}

/// The fractions with their times, how the consumer's loop ended, and how each job ended.
struct ProgressOutcome: Equatable, CustomStringConvertible {
  var fractions: [String]
  var end: String
  var jobs: [String]

  var description: String {
    let shown =
      fractions.count > 12 ? fractions.prefix(6) + ["..."] + fractions.suffix(3) : fractions[...]
    let jobsText =
      jobs.count > 12 ? "\(jobs.count) jobs: " + summary(jobs) : jobs.joined(separator: ", ")
    return "fractions "
      + (fractions.isEmpty ? "none" : "\(fractions.count): " + shown.joined(separator: ", "))
      + ", \(end); " + jobsText
  }

  /// "12 ended at 1 s, 3 cancelled at 2.5 s": the fates of many jobs, counted.
  private func summary(_ jobs: [String]) -> String {
    let fates = jobs.map { $0.split(separator: " ", maxSplits: 2).dropFirst(2).joined() }
    let counts = Dictionary(grouping: fates) { $0 }
    return counts.keys.sorted().map { "\(counts[$0]?.count ?? 0) \($0)" }.joined(separator: ", ")
  }
}

/// "2/3 at 2 s": a fraction as k of n, when it is one.
func spelledFraction(_ fraction: Double, of count: Int) -> String {
  let done = (fraction * Double(count)).rounded()
  return Double(done) / Double(count) == fraction ? "\(Int(done))/\(count)" : "\(fraction)"
}

/// When the consumer reads the fractions yielded at `times` (in order): at once when it is
/// waiting for one, else once it has worked `pause` after the one before; the first not before
/// `start`.
private func readTimes(_ times: [Int], pause: Int, start: Int) -> [Int] {
  var reads: [Int] = []
  for time in times { reads.append(max(time, reads.last.map { $0 + pause } ?? start)) }
  return reads
}

/// When the run of `scenario` stops (the failure, the cancel, or the fraction the consumer leaves
/// at), which jobs end before it, in the order they end, when the consumer reads the fraction of
/// each, and when each job would end.
private func progressStop(
  _ scenario: ProgressScenario
) -> (stop: Int, finishing: [Int], reads: [Int], ends: [Int]) {
  let ends = scenario.seconds.enumerated().map { index, seconds in
    index == scenario.failing?.index ? (scenario.failing?.at ?? 0) : seconds * 1000
  }
  var stop = Int.max
  if let failing = scenario.failing { stop = failing.at }
  // A cancel after every job has ended finds the stream finished: it changes nothing.
  if case .cancelledAt(let time) = scenario.consumer, time < (ends.max() ?? 0) {
    stop = min(stop, time)
  }
  var finishing = scenario.seconds.indices.filter {
    $0 != scenario.failing?.index && ends[$0] < stop
  }
  .sorted { ends[$0] < ends[$1] }
  var reads = readTimes(
    finishing.map { ends[$0] },
    pause: scenario.pause,
    start: scenario.startsReading
  )
  if case .leavesAfter(let leaves) = scenario.consumer, leaves <= finishing.count {
    // It leaves as it reads that fraction; a slow consumer may leave after a failure it has not
    // read yet, which stopped the jobs first.
    stop = min(stop, leaves == 0 ? 0 : reads[leaves - 1])
    finishing = Array(finishing.prefix(leaves))
    reads = Array(reads.prefix(leaves))
  }
  return (stop, finishing, reads, ends)
}

/// How the consumer's loop ends in `scenario`, as the statement gives it, and the other words
/// for an end the statement leaves free.
///
/// After a failure, jobs that ignore the cancel still run: the stream ends with the first error
/// at the failure, or once they have ended (the group waits for its children): either. A slow
/// consumer sees the end once it has worked after the last fraction, if that is later.
func progressEnd(_ scenario: ProgressScenario) -> (text: String, alsoAllowed: [String]) {
  let (stop, finishing, reads, ends) = progressStop(scenario)
  if case .leavesAfter(let leaves) = scenario.consumer, leaves <= finishing.count {
    return ("then the consumer left", [])
  }
  let ready = reads.last.map { $0 + scenario.pause } ?? scenario.startsReading
  let seen = { (time: Int) in timelineTime(max(time, ready)) }
  if let failing = scenario.failing, failing.at == stop {
    let error = failing.error.spelled(of: "job \(failing.index)")
    let ignoring = scenario.seconds.indices.filter {
      $0 != failing.index && scenario.answers[$0] == .ignoresIt && ends[$0] > stop
    }
    guard let last = ignoring.map({ ends[$0] }).max(), seen(last) != seen(stop) else {
      return ("then \(error) thrown at \(seen(stop))", [])
    }
    return (
      "then \(error) thrown at \(seen(stop)) or at \(seen(last)), once the jobs "
        + "that ignore the cancel have ended (either)",
      [
        "then \(error) thrown at \(seen(stop))",
        "then \(error) thrown at \(seen(last))",
      ]
    )
  }
  if stop != Int.max { return ("then the end (the consumer cancelled)", []) }
  return ("then the end at \(seen(ends.max() ?? 0))", [])
}

/// The statement of exercise 5a, as a program.
///
/// After the stream stops (a failure, a cancel, a consumer that leaves), no fraction: a job that
/// ignores the cancel ends at its time, and counts for nothing. A slow consumer holds up neither
/// the jobs nor the failure: it reads what was yielded meanwhile, in turn.
func progressModel(_ scenario: ProgressScenario) -> ProgressOutcome {
  let count = scenario.seconds.count
  let (stop, finishing, reads, ends) = progressStop(scenario)
  let fractions = finishing.indices.map {
    "\($0 + 1)/\(count) at \(timelineTime(reads[$0]))"
  }
  // Jobs that end at the moment the consumer leaves have ended before it reads that fraction.
  let jobs = scenario.seconds.indices.map { index -> String in
    if index == scenario.failing?.index {
      return ends[index] == stop
        ? "job \(index) threw at \(timelineTime(stop))"
        : "job \(index) cancelled at \(timelineTime(stop))"
    }
    if ends[index] <= stop || scenario.answers[index] == .ignoresIt {
      return "job \(index) ended at \(timelineTime(ends[index]))"
    }
    return "job \(index) cancelled at \(timelineTime(stop))"
  }
  return ProgressOutcome(fractions: fractions, end: progressEnd(scenario).text, jobs: jobs)
}

/// The streams exercise 5a is graded on: a fixed list, from a fixed seed.
///
/// About one in thirty has 1,001 to 1,100 jobs of 1 s, all ending at the same moment, before the
/// consumer runs again; when grading, four crowds of 5,001 to 32,769 jobs too, and three of 4,500
/// to 6,001 that stop early.
func progressScenarios(count: Int, seed: UInt64) -> [ProgressScenario] {
  var numbers = SeededNumbers(seed: seed)
  var nextCode = 0  // the URLError codes a failure throws, each in turn
  var scenarios: [ProgressScenario] = []
  while scenarios.count < count {
    let large = numbers.chance(3)
    // Now and then more than 4,096 jobs end at the same moment.
    let jobs =
      large
      ? Int.random(in: numbers.chance(30) ? 4_097...5_000 : 1_001...1_100, using: &numbers)
      : numbers.chance(12)
        ? Int.random(in: 100...300, using: &numbers) : Int.random(in: 0...8, using: &numbers)
    let longest = large ? 1 : numbers.pick([1, 2, 5])
    let seconds = (0..<jobs).map { _ in Int.random(in: 1...longest, using: &numbers) }
    // In two streams of five, some jobs answer a cancel otherwise than with CancellationError.
    let varied = numbers.chance(40)
    let answers = (0..<jobs).map { _ -> AnswersCancel in
      guard varied, numbers.chance(40) else { return .cancellationError }
      return numbers.pick([.itsOwnError, .ignoresIt])
    }
    var failing: ProgressScenario.Failure?
    if jobs > 0, numbers.chance(25) {
      failing = ProgressScenario.Failure(
        index: Int.random(in: 0..<jobs, using: &numbers),
        at: Int.random(in: 0...longest, using: &numbers) * 1000 + 500,
        error: OwnError.drawn(from: &numbers, nextCode: &nextCode)
      )
    }
    let consumer: ProgressScenario.Consumer
    switch Int.random(in: 0..<10, using: &numbers) {
    case 0, 1: consumer = .leavesAfter(Int.random(in: 1...max(jobs, 1), using: &numbers))
    case 2: consumer = .cancelledAt(Int.random(in: 0...longest, using: &numbers) * 1000 + 250)
    default: consumer = .readsAll
    }
    let scenario = ProgressScenario(
      seconds: seconds,
      answers: answers,
      failing: failing,
      consumer: consumer
    )
    if scenario.isPossible { scenarios.append(scenario) }
  }
  // Crowds of jobs, far more than the others, all ending together before the consumer reads: a
  // cap on the jobs run at once, or on the fractions kept for the consumer, shows here.
  var more = SeededNumbers(seed: seed &+ 1)
  let crowds = [10_001, 16_385, 32_769, more.logUniform(5_001...20_000)].map { jobs in
    ProgressScenario(
      seconds: Array(repeating: 1, count: jobs),
      answers: Array(repeating: .cancellationError, count: jobs),
      failing: nil,
      consumer: .readsAll
    )
  }
  // Crowds that stop early: a failure while three jobs ignore the cancel, a cancel, a consumer
  // that leaves; jobs run in parts of their own (sub-groups, batches) show here.
  let stoppingCrowds = [
    ProgressScenario(
      seconds: Array(repeating: 2, count: 6_001),
      answers: [.cancellationError] + Array(repeating: .ignoresIt, count: 3)
        + Array(repeating: .cancellationError, count: 5_997),
      failing: ProgressScenario.Failure(index: 0, at: 500, error: .jobFailed),
      consumer: .readsAll
    ),
    ProgressScenario(
      seconds: (0..<5_000).map { 1 + $0 % 2 },
      answers: Array(repeating: .cancellationError, count: 5_000),
      failing: nil,
      consumer: .cancelledAt(1_250)
    ),
    ProgressScenario(
      seconds: (0..<4_500).map { 1 + $0 % 2 },
      answers: Array(repeating: .cancellationError, count: 4_500),
      failing: nil,
      consumer: .leavesAfter(1_000)
    ),
  ]
  // Consumers that let the stream go before they read: the first twenty streams of up to 300
  // jobs again, so left.
  let leftAtOnce = scenarios.filter { $0.seconds.count <= 300 }.prefix(20).map { drawn in
    var scenario = drawn
    scenario.consumer = .leavesAfter(0)
    return scenario
  }
  // Failing jobs that throw an error of the platform's own type: the streams of up to 300 jobs
  // with a failing job again, round and round, each with one of `chapter05PlatformErrors`
  // (every POSIX code, and every Cocoa code Foundation names).
  // (Only those whose consumer reads on: a consumer that leaves first never sees the failure.)
  let withFailures = scenarios.filter {
    $0.seconds.count <= 300 && $0.failing != nil && $0.consumer == .readsAll
  }
  let platformFailures = withEachPlatformError(withFailures) { scenario, error in
    scenario.failing?.error = .platform(error)
  }
  // Slow consumers: the first fifteen streams of up to twelve jobs with a failing job again, and
  // fifteen without, their consumers now working 1 to 20 s after each fraction; and one that reads
  // every 20 s while a job fails at 4.5 s and another would run to 10 s.
  var slow = SeededNumbers(seed: seed &+ 2)
  let slowCandidates = scenarios.filter {
    (1...12).contains($0.seconds.count) && ($0.consumer == .readsAll || $0.leavesAfterSome)
  }
  let slowConsumers =
    (slowCandidates.filter { $0.failing != nil }.prefix(15)
    + slowCandidates.filter { $0.failing == nil }.prefix(15))
    .map { drawn in
      var scenario = drawn
      scenario.pause = slow.pick([1_001, 2_001, 3_001, 20_001])
      return scenario
    }
    + [5, 20, 100].map { jobs in
      // A job fails at 4.5 s (1.5 s with more jobs) while another would run to 10 s, and the
      // consumer reads every 20 s: more fractions than a small buffer holds are waiting then.
      ProgressScenario(
        seconds: Array(repeating: 1, count: jobs - 2) + [4, 10],
        answers: Array(repeating: .cancellationError, count: jobs),
        failing: ProgressScenario.Failure(
          index: jobs - 2,
          at: jobs == 5 ? 4_500 : 1_500,
          error: .jobFailed
        ),
        consumer: .readsAll,
        pause: 20_001
      )
    }
  // Late consumers: fifteen of those streams again, their consumers first reading at 3 to 10 s,
  // and the chapter's three jobs (3, 1 and 2 s) read from 5 s on: the jobs start when the stream
  // is made, not when it is first read.
  var late = SeededNumbers(seed: seed &+ 3)
  let lateConsumers =
    slowCandidates.prefix(15).map { drawn in
      var scenario = drawn
      scenario.startsReading = late.pick([3_001, 5_001, 10_001])
      if late.chance(30) { scenario.pause = 1_001 }
      return scenario
    } + [
      ProgressScenario(
        seconds: [3, 1, 2],
        answers: Array(repeating: .cancellationError, count: 3),
        failing: nil,
        consumer: .readsAll,
        startsReading: 5_001
      )
    ]
  // Over a thousand jobs only when grading (see `runsTheCostliestScenarios`).
  return scenarios.filter { $0.seconds.count <= 1_000 || runsTheCostliestScenarios }
    + failuresOfEachKind(nextCode: &nextCode) + leftAtOnce + platformFailures + slowConsumers
    + lateConsumers
    + onlyWhenGrading(crowds + stoppingCrowds)
}

/// A job that fails before any job has ended, or after the first, with each kind of error of its
/// own, while the other jobs answer the cancel each way: with CancellationError, with
/// URLError(.cancelled) or JobFailed of their own, or not at all (they end at their time, and count
/// for nothing).
private func failuresOfEachKind(nextCode: inout Int) -> [ProgressScenario] {
  var scenarios: [ProgressScenario] = []
  for error in [OwnError.cancellationError, .jobFailed, .urlCancelled, .url(0)] {
    let answers: [AnswersCancel] = [
      .cancellationError, .itsOwnError, .anErrorUnlikeACancel, .ignoresIt,
    ]
    for answer in answers {
      for at in [500, 1_500] {
        let thrown: OwnError = error == .url(0) ? .url(nextURLErrorCode(&nextCode)) : error
        scenarios.append(
          ProgressScenario(
            seconds: [1, 1, 2, 3],
            answers: [.cancellationError, answer, answer, answer],
            failing: ProgressScenario.Failure(index: 0, at: at, error: thrown),
            consumer: .readsAll
          )
        )
      }
    }
  }
  return scenarios
}
