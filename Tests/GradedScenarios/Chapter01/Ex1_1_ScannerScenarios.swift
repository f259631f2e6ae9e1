import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 1.1 graded by its statement: generated scripts for two services at once, each with
// a scanner of its own that numbers its jobs its own way (both may have a job 1): scans started,
// several waiting at once, their jobs reported in any order as scanned, cancelled or failed, a job
// reported again after it ended, and jobs reported that the service never submitted, all on the
// main actor.

/// Two services' lives, as the grade generates them.
struct ScannerScenario: GradedScenario {
  /// How the scanner says a job ended.
  enum Report: Equatable, Sendable, CustomStringConvertible {
    case scanned(String)
    case cancelled
    case failed(String)

    var description: String {
      switch self {
      case .scanned(let title): "didScan \(quotedScalars(title))"
      case .cancelled: "didCancel"
      case .failed(let reason): "didFail with \(quotedScalars(reason))"
      }
    }
  }

  enum Step: Equatable, Sendable, CustomStringConvertible {
    /// `scan()` on service 0 or 1, whose scanner calls the job it takes `job`.
    case scan(Int, job: Int)
    /// Service 0's or 1's scanner reports how job `job` ended (a job that ended already, or that
    /// was never submitted, too).
    case report(Int, job: Int, Report)

    var description: String {
      switch self {
      case .scan(let service, let job): "scan() on \(serviceName(service)) (its job \(job))"
      case .report(let service, let job, let report):
        "\(serviceName(service))'s scanner reports job \(job): \(report)"
      }
    }
  }

  var steps: [Step]

  var size: Int { steps.count }
  var description: String {
    // A long script by its ends: the whole of it would fill pages, on every step announced.
    let shown =
      steps.count <= 60
      ? steps.map(\.description)
      : steps.prefix(20).map(\.description) + ["\(steps.count - 30) more steps"]
        + steps.suffix(10).map(\.description)
    let closing = closingSteps
    return "two services, A and B: "
      + (shown + (closing.isEmpty ? [] : ["each job still waiting scanned (\"last\")"]))
      .joined(separator: ", then ")
  }

  /// A didScan "last" for each job the statement leaves waiting at the end, so that every scan
  /// ends.
  var closingSteps: [Step] {
    scanEndings(steps).waiting.map { .report($0.service, job: $0.job, .scanned("last")) }
  }

  var stepsWithTheClosingOnes: [Step] { steps + closingSteps }

  var smaller: [ScannerScenario] {
    steps.eachWithOneLeftOut.map(ScannerScenario.init).filter(\.isPossible)
  }

  /// Each scanner numbers its jobs once: no job number taken twice on one service.
  var isPossible: Bool {
    var taken: Set<[Int]> = []
    for case .scan(let service, let job) in steps where !taken.insert([service, job]).inserted {
      return false
    }
    return true
  }
}

func serviceName(_ service: Int) -> String { service == 0 ? "A" : "B" }

/// How each scan ended, in the order they were started: "scan 1 on A (its job 7) returned
/// \"x\"", and each job a scanner took that no scan() asked for.
struct ScannerOutcome: Equatable, CustomStringConvertible {
  var scans: [String]
  /// "A's scanner was sent a job no scan() asked for, after scan 2".
  var unasked: [String] = []

  var description: String {
    (scans.isEmpty ? "no scan" : scans.joined(separator: ", "))
      + unasked.map { ", and \($0)" }.joined()
  }
}

func scanEnding(_ report: ScannerScenario.Report) -> String {
  switch report {
  case .scanned(let title): "returned \(quotedScalars(title))"
  case .cancelled: "returned nil"
  case .failed(let reason): "threw scan failed: \(quotedScalars(reason))"
  }
}

/// "scan 2 on B (its job 7)".
func scanName(_ index: Int, service: Int, job: Int) -> String {
  "scan \(index + 1) on \(serviceName(service)) (its job \(job))"
}

/// The statement of exercise 1.1, as a program.
func scannerModel(_ scenario: ScannerScenario) -> ScannerOutcome {
  let ended = scanEndings(scenario.stepsWithTheClosingOnes)
  return ScannerOutcome(
    scans: ended.endings.enumerated().map { index, ending in
      let (service, job) = ended.jobs[index]
      return scanName(index, service: service, job: job) + " " + (ending ?? "still waiting")
    }
  )
}

/// How each scan started by `steps` has ended by their end (nil: still waiting), its service and
/// job, and the jobs still waiting, in the order they were started.
func scanEndings(
  _ steps: some Sequence<ScannerScenario.Step>
) -> (endings: [String?], jobs: [(service: Int, job: Int)], waiting: [(service: Int, job: Int)]) {
  var endings: [String?] = []
  var jobs: [(service: Int, job: Int)] = []
  var pending: [[Int]: Int] = [:]
  for step in steps {
    switch step {
    case .scan(let service, let job):
      pending[[service, job]] = endings.count
      endings.append(nil)
      jobs.append((service, job))
    case .report(let service, let job, let report):
      // A job that ended already, or that this service never submitted: nothing.
      if let index = pending.removeValue(forKey: [service, job]) {
        endings[index] = scanEnding(report)
      }
    }
  }
  let waiting = endings.indices.filter { endings[$0] == nil }.map { jobs[$0] }
  return (endings, jobs, waiting)
}

/// A scanner the test drives: `submit` takes the job number the test set in `nextJob`, and
/// the scanner reports a job when the test says, to the delegate given with it.
///
/// A submit with no `nextJob` set is a job no scan() asked for: noted in `unasked`, and given a
/// number of its own (from 1,000,000), which no report names.
@MainActor
final class DrivenScanner: DocumentScanning {
  /// The number the next submit gets; set by the test before each scan().
  var nextJob: Int?
  /// Called on each submit asked for: the runner waits for it before the next step.
  var onSubmit: (() -> Void)?
  /// The delegate given with each job, by number.
  private var delegates: [Int: any DocumentScannerDelegate] = [:]
  /// The delegate of the last job, for reports of jobs never submitted.
  private var lastDelegate: (any DocumentScannerDelegate)?
  /// How many jobs were submitted, asked for or not.
  private(set) var submits = 0
  /// How many submits came with no `nextJob` set.
  private(set) var unasked = 0

  func submit(delegate: any DocumentScannerDelegate) -> ScanJob {
    submits += 1
    lastDelegate = delegate
    guard let number = nextJob else {
      unasked += 1
      return ScanJob(number: 1_000_000 + unasked)
    }
    nextJob = nil
    delegates[number] = delegate
    onSubmit?()
    return ScanJob(number: number)
  }

  /// Reports job `number`'s end to its delegate (a job never submitted: to the last delegate).
  func report(_ number: Int, _ report: ScannerScenario.Report) {
    guard let delegate = delegates[number] ?? lastDelegate else { return }
    let job = ScanJob(number: number)
    switch report {
    case .scanned(let title):
      delegate.documentScanner(self, didScan: Document(title: title), for: job)
    case .cancelled: delegate.documentScanner(self, didCancel: job)
    case .failed(let reason):
      delegate.documentScanner(self, didFail: job, with: ScannerError(reason: reason))
    }
  }
}

/// The scripts exercise 1.1 is graded on: a fixed list, from a fixed seed.
func scannerScenarios(count: Int, seed: UInt64) -> [ScannerScenario] {
  // Titles and reasons as people and devices give them (spaces and line breaks at the ends,
  // "\r\n", long, empty, beyond ASCII), and with control and invisible characters anywhere; from
  // seeds of their own, so that the scripts above stay as they were.
  var texts = SeededNumbers(seed: seed &+ 2)
  var cycle = StrayScalarCycle()
  let oddTexts = drawnScripts(count: count / 4, seed: seed &+ 3).map { script in
    ScannerScenario(
      steps: script.steps.map { step in
        guard case .report(let service, let job, let report) = step else { return step }
        let odd: (String) -> String = {
          texts.chance(50) ? oddText($0, using: &texts) : cycle.next($0)
        }
        switch report {
        case .scanned(let title): return .report(service, job: job, .scanned(odd(title)))
        case .failed(let reason): return .report(service, job: job, .failed(odd(reason)))
        case .cancelled: return step
        }
      }
    )
  }
  return drawnScripts(count: count, seed: seed) + oddTexts + crowds(seed: seed &+ 4)
}

/// Scripts of many jobs waiting at once on one service, ended in an order of their own, some
/// reported twice: 40 jobs, and, when grading, 300.
private func crowds(seed: UInt64) -> [ScannerScenario] {
  var numbers = SeededNumbers(seed: seed)
  return ([40] + onlyWhenGrading([300])).map { count in
    let jobs = (1...count).map { $0 * 3 + 1 }.shuffled(using: &numbers)
    let scans = jobs.map { ScannerScenario.Step.scan(0, job: $0) }
    let reports = jobs.shuffled(using: &numbers).flatMap { job -> [ScannerScenario.Step] in
      let report = numbers.pick([
        ScannerScenario.Report.scanned("page \(job)"), .cancelled, .failed("paper jam"),
      ])
      let once = ScannerScenario.Step.report(0, job: job, report)
      return numbers.chance(20) ? [once, .report(0, job: job, .scanned("again"))] : [once]
    }
    return ScannerScenario(steps: scans + reports)
  }
}

/// Scripts of up to 14 steps on two services: scans with job numbers each scanner draws from 1
/// to 9, in any order, and reports of jobs waiting (most), ended already, or never submitted.
private func drawnScripts(count: Int, seed: UInt64) -> [ScannerScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    var steps: [ScannerScenario.Step] = []
    var free = [Array(1...9).shuffled(using: &numbers), Array(1...9).shuffled(using: &numbers)]
    var waiting: [[Int]] = [[], []]
    var ended: [[Int]] = [[], []]
    for _ in 0..<Int.random(in: 1...14, using: &numbers) {
      let service = numbers.chance(65) ? 0 : 1
      if numbers.chance(40), let job = free[service].popLast() {
        steps.append(.scan(service, job: job))
        waiting[service].append(job)
        continue
      }
      let report = numbers.pick([
        ScannerScenario.Report.scanned(numbers.pick(["receipt", "passport", "page 2", ""])),
        .cancelled, .failed(numbers.pick(["paper jam", "no permission"])),
      ])
      let job: Int
      if !waiting[service].isEmpty, numbers.chance(70) {
        job = waiting[service].remove(
          at: Int.random(in: 0..<waiting[service].count, using: &numbers)
        )
        ended[service].append(job)
      } else if !ended[service].isEmpty, numbers.chance(50) {
        job = numbers.pick(ended[service])
      } else {
        // A job this service never submitted: maybe one the other service is waiting for.
        job = numbers.pick(waiting[1 - service] + [10, 11, 12])
      }
      steps.append(.report(service, job: job, report))
    }
    return ScannerScenario(steps: steps)
  }
}
