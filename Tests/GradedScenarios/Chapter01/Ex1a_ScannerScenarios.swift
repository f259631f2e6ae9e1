import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 1a graded by its statement: generated scripts for two services at once, each with
// a scanner of its own that numbers its jobs its own way (both may have a job 1): scans started,
// several waiting at once, their jobs reported in any order as scanned, cancelled or failed, a job
// reported again after it ended, and jobs reported that the service never submitted, all on the
// main actor.

/// Two services' lives, as the grade generates them.
struct ScannerScenario: GradedScenario, Equatable {
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
    /// `scan()` on service 0 or 1, whose scanner calls the job `job` and reports it on the next
    /// turn of the main actor, the first moment the statement allows.
    case scanReportedAtOnce(Int, job: Int, Report)
    /// Service 0's or 1's scanner reports how job `job` ended (a job that ended already, or that
    /// was never submitted, too).
    case report(Int, job: Int, Report)

    var description: String {
      switch self {
      case .scan(let service, let job): "scan() on \(serviceName(service)) (its job \(job))"
      case .scanReportedAtOnce(let service, let job, let report):
        "scan() on \(serviceName(service)) (its job \(job)), which its scanner reports on the next "
          + "turn of the main actor: \(report)"
      case .report(let service, let job, let report):
        "\(serviceName(service))'s scanner reports job \(job): \(report)"
      }
    }
  }

  var steps: [Step]
  /// Whether a difference is shrunk: not for a crowd, where each try costs up to a second.
  var shrinks = true

  var size: Int { steps.count }
  var description: String {
    // A long script by its ends: the whole of it would fill pages, on every step announced.
    let shown =
      steps.count <= 60
      ? steps.map(\.description)
      : steps.prefix(20).map(\.description) + ["\(steps.count - 30) more steps"]
        + steps.suffix(10).map(\.description)
    // (Not closingSteps: this is told at every announcement, and a crowd's would cost seconds.)
    return "two services, A and B: "
      + (shown + ["each job still waiting scanned (\"last\")"]).joined(separator: ", then ")
  }

  /// A didScan "last" for each job the statement leaves waiting at the end, so that every scan
  /// ends.
  var closingSteps: [Step] {
    scanEndings(steps).waiting.map { .report($0.service, job: $0.job, .scanned("last")) }
  }

  var stepsWithTheClosingOnes: [Step] { steps + closingSteps }

  var smaller: [ScannerScenario] {
    guard shrinks else { return [] }
    return steps.eachWithOneLeftOut.map { ScannerScenario(steps: $0) }.filter(\.isPossible)
  }

  /// A scanner gives a number to one job at a time: none taken while a job of that number waits.
  var isPossible: Bool {
    var waiting: Set<[Int]> = []
    for step in steps {
      switch step {
      case .scan(let service, let job):
        if !waiting.insert([service, job]).inserted { return false }
      case .scanReportedAtOnce(let service, let job, _):
        if waiting.contains([service, job]) { return false }
      case .report(let service, let job, _): waiting.remove([service, job])
      }
    }
    return true
  }
}

func serviceName(_ service: Int) -> String { service == 0 ? "A" : "B" }

/// How each scan ended, in the order they were started: "scan 1 on A (its job 7) returned
/// \"x\"", and how many jobs each scanner got in all, once every scan had ended.
struct ScannerOutcome: Equatable, CustomStringConvertible {
  var scans: [String]
  /// "A's scanner got 3 jobs in all".
  var jobs: [String] = []

  var description: String {
    (scans.isEmpty ? "no scan" : scans.joined(separator: ", "))
      + jobs.map { ", and \($0)" }.joined()
  }
}

/// The failure message: the script, then the first scan that ends otherwise than the statement
/// says (and how many more do), or the jobs each scanner got.
func explainScans(
  _ scenario: ScannerScenario,
  _ got: ScannerOutcome,
  _ expected: ScannerOutcome
) -> String {
  let differing = zip(got.scans, expected.scans).filter { $0 != $1 }
  guard let (yours, statement) = differing.first, got.scans.count == expected.scans.count else {
    return "\(scenario): \(got); the statement gives \(expected)"
  }
  let more = differing.count - 1
  return "\(scenario): \(yours); the statement gives \(statement)"
    + (more > 0 ? " (and \(more) more scan\(more == 1 ? "" : "s") end otherwise)" : "")
}

/// "A's scanner got 3 jobs in all".
func jobsEntry(_ service: Int, _ count: Int) -> String {
  "\(serviceName(service))'s scanner got \(count) job\(count == 1 ? "" : "s") in all"
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

/// The statement of exercise 1a, as a program.
func scannerModel(_ scenario: ScannerScenario) -> ScannerOutcome {
  let ended = scanEndings(scenario.stepsWithTheClosingOnes)
  return ScannerOutcome(
    scans: ended.endings.enumerated().map { index, ending in
      let (service, job) = ended.jobs[index]
      return scanName(index, service: service, job: job) + " " + (ending ?? "still waiting")
    },
    // One job for each scan(), and no other.
    jobs: [0, 1].map { service in
      jobsEntry(service, ended.jobs.filter { $0.service == service }.count)
    }
  )
}

/// How each scan started by `steps` has ended by their end (nil: still waiting), its service and
/// job, the step that ended it, and the jobs still waiting, in the order they were started.
func scanEndings(
  _ steps: some Sequence<ScannerScenario.Step>
) -> (
  endings: [String?], jobs: [(service: Int, job: Int)], endedAt: [Int?],
  waiting: [(service: Int, job: Int)]
) {
  var endings: [String?] = []
  var jobs: [(service: Int, job: Int)] = []
  var endedAt: [Int?] = []
  var pending: [[Int]: Int] = [:]
  for (number, step) in steps.enumerated() {
    switch step {
    case .scan(let service, let job):
      pending[[service, job]] = endings.count
      endings.append(nil)
      jobs.append((service, job))
      endedAt.append(nil)
    case .scanReportedAtOnce(let service, let job, let report):
      endings.append(scanEnding(report))
      jobs.append((service, job))
      endedAt.append(number)
    case .report(let service, let job, let report):
      // A job that ended already, or that this service never submitted: nothing.
      if let index = pending.removeValue(forKey: [service, job]) {
        endings[index] = scanEnding(report)
        endedAt[index] = number
      }
    }
  }
  let waiting = endings.indices.filter { endings[$0] == nil }.map { jobs[$0] }
  return (endings, jobs, endedAt, waiting)
}

/// The scans (by their index, in the order they were started) the statement ends at each step.
func scansEnded(byEachOf steps: [ScannerScenario.Step]) -> [[Int]] {
  var byStep = [[Int]](repeating: [], count: steps.count)
  for (scan, step) in scanEndings(steps).endedAt.enumerated() {
    if let step { byStep[step].append(scan) }
  }
  return byStep
}

/// A scanner the test drives: `submit` takes the job number the test set in `nextJob`, and
/// the scanner reports a job when the test says (or, with `reportAtOnce`, on the next turn of the
/// main actor), to the delegate given with it, which it keeps weakly, as delegates are kept.
///
/// A submit with no `nextJob` set is a job no scan() asked for: counted in `submits`, and given
/// a number no report names.
@MainActor
final class DrivenScanner: DocumentScanning {
  /// The number the next submit gets; set by the test before each scan().
  var nextJob: Int?
  /// How the next job asked for is reported on the next turn of the main actor, if it is.
  var reportAtOnce: ScannerScenario.Report?
  /// Called on each submit asked for: the runner waits for it before the next step.
  var onSubmit: (() -> Void)?
  /// The delegate given with each job, by number, kept weakly.
  private var delegates: [Int: WeakDelegate] = [:]
  /// The delegate of the last job, for reports of jobs never submitted.
  private var lastDelegate = WeakDelegate()

  struct WeakDelegate {
    weak var delegate: (any DocumentScannerDelegate)?
  }
  /// How many jobs were submitted, asked for or not.
  private(set) var submits = 0
  /// How many submits came with no `nextJob` set.
  private(set) var unasked = 0

  func submit(delegate: any DocumentScannerDelegate) -> ScanJob {
    submits += 1
    lastDelegate = WeakDelegate(delegate: delegate)
    guard let number = nextJob else {
      unasked += 1
      return ScanJob(number: 1_000_000_007 + unasked)
    }
    nextJob = nil
    delegates[number] = WeakDelegate(delegate: delegate)
    if let report = reportAtOnce {
      reportAtOnce = nil
      Task { @MainActor in self.report(number, report) }
    }
    onSubmit?()
    return ScanJob(number: number)
  }

  /// Reports job `number`'s end to its delegate (a job never submitted: to the last delegate).
  func report(_ number: Int, _ report: ScannerScenario.Report) {
    // A job's report goes to its own delegate only (gone: nobody hears it); one of a number never
    // submitted, to the last delegate given.
    let known = delegates[number]
    guard let delegate = known == nil ? lastDelegate.delegate : known?.delegate else { return }
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

/// The scripts exercise 1a is graded on: a fixed list, from a fixed seed.
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
        let odd: (String) -> String = { plain in
          switch Int.random(in: 0..<4, using: &texts) {
          case 0, 1: oddText(plain, using: &texts)
          case 2: cycle.next(plain)
          case 3 where texts.chance(25):
            // Long: a reason or title of up to 20,000 characters, as it came.
            String(
              repeating: "paper jam, tray 2; ",
              count: Int.random(in: 100...1_000, using: &texts)
            )
          default:
            texts.pick(["a\r\nb", "page 1\r\npage 2\r\n", "\r\n", "\r", "old\rmac\r", "\n\r"])
          }
        }
        switch report {
        case .scanned(let title): return .report(service, job: job, .scanned(odd(title)))
        case .failed(let reason): return .report(service, job: job, .failed(odd(reason)))
        case .cancelled: return step
        }
      }
    )
  }
  // A failure whose reason is just longer than a round number an answer might cut it at: 4,104,
  // 8,208 and 65,550 characters.
  let longReasons = [4_097, 8_193, 65_537].map { length in
    let reason = String(repeating: "paper jam, tray 2; ", count: length / 19 + 1)
    return ScannerScenario(steps: [.scan(0, job: 1), .report(0, job: 1, .failed(reason))])
  }
  return drawnScripts(count: count, seed: seed) + oddTexts + longReasons
    + crowds(seed: seed &+ 4)
}

/// Scripts of many jobs waiting at once on one service, ended in an order of their own, some
/// reported twice: 40 jobs, and, when grading, 300, 1,200 and 4,100 (past 4,096).
private func crowds(seed: UInt64) -> [ScannerScenario] {
  var numbers = SeededNumbers(seed: seed)
  return ([40] + onlyWhenGrading([300, 1_200, 4_100])).map { count in
    let jobs = (1...count).map { $0 * 3 + 1 }.shuffled(using: &numbers)
    let scans = jobs.map { ScannerScenario.Step.scan(0, job: $0) }
    let reports = jobs.shuffled(using: &numbers).flatMap { job -> [ScannerScenario.Step] in
      let report = numbers.pick([
        ScannerScenario.Report.scanned("page \(job)"), .cancelled, .failed("paper jam"),
      ])
      let once = ScannerScenario.Step.report(0, job: job, report)
      return numbers.chance(20) ? [once, .report(0, job: job, .scanned("again"))] : [once]
    }
    return ScannerScenario(steps: scans + reports, shrinks: false)
  }
}

/// Job numbers as scanners give them: small, zero, below zero, large, 1,024 or 65,536 apart,
/// `Int.max` and `Int.min`.
private let jobNumbers = [
  1, 2, 3, 4, 5, 6, 0, -1, -7, 999, 1_000, 1_025, 2_049, 65_537, 1_000_001, Int.max, Int.min,
  2_147_483_647, 2_147_483_648, 4_294_967_297, Int.max - 1, Int.min + 1,
]

/// Scripts of up to 14 steps on two services: scans with job numbers each scanner draws from
/// `jobNumbers` in any order, now and then a number again once its job has ended, or reported on
/// the next turn; and reports of jobs waiting (most), ended already, or never submitted.
private func drawnScripts(count: Int, seed: UInt64) -> [ScannerScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    var steps: [ScannerScenario.Step] = []
    var free = [
      Array(jobNumbers.shuffled(using: &numbers).prefix(9)),
      Array(jobNumbers.shuffled(using: &numbers).prefix(9)),
    ]
    var waiting: [[Int]] = [[], []]
    var ended: [[Int]] = [[], []]
    for _ in 0..<Int.random(in: 1...14, using: &numbers) {
      let service = numbers.chance(65) ? 0 : 1
      if numbers.chance(40) {
        // A number again once its job has ended, now and then; otherwise a new one.
        let again = ended[service].isEmpty || !numbers.chance(20) ? nil : ended[service].popLast()
        guard let job = again ?? free[service].popLast() else { continue }
        if numbers.chance(15) {
          let report = numbers.pick([
            ScannerScenario.Report.scanned("at once"), .cancelled, .failed("at once"),
          ])
          steps.append(.scanReportedAtOnce(service, job: job, report))
          ended[service].append(job)
        } else {
          steps.append(.scan(service, job: job))
          waiting[service].append(job)
        }
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
        job = numbers.pick(waiting[1 - service] + free[service].suffix(2) + [12_345])
      }
      steps.append(.report(service, job: job, report))
    }
    return ScannerScenario(steps: steps)
  }
}
