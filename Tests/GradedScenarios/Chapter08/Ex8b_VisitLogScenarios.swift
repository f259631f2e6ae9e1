import ChildProcesses
import Foundation
import TestTooling

// Exercise 8b graded by its statement: generated runs of one or two logs, each step a visit
// recorded, a count asked for or a summary taken, pages among them that `==` calls equal though
// spelled apart, ones it tells apart though they look alike or mean the same to a reader
// (invisible scalars, percent-encodings, leading zeros), and the empty page; and the answer's
// own file compiled with a use of it from two tasks.

/// One step of a run of `VisitLog`.
enum VisitStep: Equatable, Sendable {
  /// Log `log` (0 or 1) records a visit to `page`.
  case record(log: Int, page: String)
  /// Log `log` is asked how many visits `page` has had.
  case visits(log: Int, page: String)
  /// Log `log` gives its summary.
  case summary(log: Int)
}

/// One generated run: the logs made, then the steps.
struct VisitScenario: GradedScenario, Equatable {
  var logs: Int
  var steps: [VisitStep]

  var size: Int {
    steps.count + logs
  }

  var description: String {
    func who(_ log: Int) -> String { logs > 1 ? "log \(log + 1)." : "log." }
    let spelled = steps.map { step in
      switch step {
      case .record(let log, let page): "\(who(log))record(\(spelledProduct(page)))"
      case .visits(let log, let page): "\(who(log))visits(to: \(spelledProduct(page)))"
      case .summary(let log): "\(who(log))summary()"
      }
    }
    let start = logs > 1 ? "\(logs) logs made, then " : "a log made, then "
    return start + (spelled.isEmpty ? "nothing" : spelled.joined(separator: "; "))
  }

  var smaller: [VisitScenario] {
    var candidates: [VisitScenario] = []
    for shorter in steps.eachWithOneLeftOut {
      candidates.append(VisitScenario(logs: logs, steps: shorter))
    }
    // A log left out: its steps go, and the logs after it move up a number.
    for gone in 0..<logs where logs > 1 {
      let kept = steps.compactMap { step -> VisitStep? in
        func moved(_ log: Int) -> Int? { log == gone ? nil : (log > gone ? log - 1 : log) }
        switch step {
        case .record(let log, let page): return moved(log).map { .record(log: $0, page: page) }
        case .visits(let log, let page): return moved(log).map { .visits(log: $0, page: page) }
        case .summary(let log): return moved(log).map { .summary(log: $0) }
        }
      }
      candidates.append(VisitScenario(logs: logs - 1, steps: kept))
    }
    return candidates.filter { $0 != self }
  }
}

/// "3 visits, {"A": 2, "B": 1}": a summary as the outcome spells it, pages in a fixed order.
///
/// Each page is spelled in its canonical composition: pages that `==` calls equal are one page,
/// and a summary may spell its key either way.
func spelledSummary(total: Int, pages: [String: Int]) -> String {
  let counts = pages.map {
    (spelledProduct($0.key.precomposedStringWithCanonicalMapping), $0.value)
  }
  .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
  .map { "\($0.0): \($0.1)" }
  return "\(total) visits, [\(counts.joined(separator: ", "))]"
}

/// What each `visits(to:)` and `summary()` of the run gave, in order.
struct VisitOutcome: Equatable, CustomStringConvertible {
  var answers: [String]

  var description: String {
    answers.isEmpty ? "nothing asked" : answers.joined(separator: "; ")
  }
}

/// The statement of exercise 8b, as a program: each log a count per page.
func visitModel(_ scenario: VisitScenario) -> VisitOutcome {
  var counts = [[String: Int]](repeating: [:], count: scenario.logs)
  var answers: [String] = []
  for step in scenario.steps {
    switch step {
    case .record(let log, let page):
      counts[log][page, default: 0] += 1
    case .visits(let log, let page):
      answers.append("visits(to: \(spelledProduct(page))) gave \(counts[log][page, default: 0])")
    case .summary(let log):
      let total = counts[log].values.reduce(0, +)
      answers.append("summary() gave " + spelledSummary(total: total, pages: counts[log]))
    }
  }
  return VisitOutcome(answers: answers)
}

/// Pages a site's reader takes for one another, each its own page all the same: a query or a
/// fragment more, an index page and its folder, pages that do not start with "/".
let sitePages = [
  ["/shop", "/shop?ref=mail", "/shop#top", "/shop/"], ["/", "/index.html", "/?", "/#"],
  ["shop", "@shop", "Shop", "~/shop"],
]

/// The runs exercise 8b is graded on: a fixed list, from a fixed seed.
func visitScenarios(count: Int, seed: UInt64) -> [VisitScenario] {
  var numbers = SeededNumbers(seed: seed)
  let plain = ["/", "/about", "/shop"]
  let long = "/" + String(repeating: "x", count: 3_000)
  // Pages `==` calls equal though spelled apart, pages it tells apart though they look alike or
  // part only after a NUL or 3,000 scalars, the empty page.
  let odd = [
    "", "/About", "/about ", "/about/", "/caf\u{E9}", "/cafe\u{301}", "/\u{1F600}", "/a\u{0}b",
    "/a\u{0}c", long + "1", long + "2",
  ]
  // Pages `==` calls equal though their first scalars differ, each recorded in one spelling and
  // read in the other: a log that files a page by its first bytes has them apart.
  let spelledApart = [
    ("\u{E9}", "e\u{301}"), ("\u{C5}", "\u{212B}"), ("\u{E9}t\u{E9}", "e\u{301}t\u{E9}"),
    ("\u{1E69}", "s\u{323}\u{307}"),
  ].map { one, other in
    VisitScenario(
      logs: 1,
      steps: [
        .record(log: 0, page: one), .visits(log: 0, page: other), .record(log: 0, page: other),
        .visits(log: 0, page: one), .summary(log: 0),
      ]
    )
  }
  // For each piece a tidying shortcut removes, doubles or resolves, the pages around it, each
  // recorded once and read back; and pages longer than any other run's.
  let longest = String(repeating: "x", count: 65_537)
  let tidied =
    (tidiedPieces.map { tidiedStrings(around: $0, between: "/a", and: "/b") } + [
      ["/" + longest, "/" + longest + "x"]
    ]).map { pages in
      VisitScenario(
        logs: 1,
        steps: pages.map { .record(log: 0, page: $0) } + pages.map { .visits(log: 0, page: $0) }
          + [.summary(log: 0)]
      )
    }
  return spelledApart + tidied
    + (0..<count).map { _ in
      let logs = numbers.pick([1, 1, 1, 2, 2, 4])
      let pages: [String] =
        switch Int.random(in: 0..<100, using: &numbers) {
        case 0..<40: plain
        case 40..<55: [plain[1]] + (0..<3).map { _ in numbers.pick(odd) }
        // Pages a reader, or a shortcut that tidies them up, takes for one another.
        case 55..<65: [plain[1]] + numbers.pick(lookalikeGroups(of: "/a") + sitePages)
        case 65..<75: [plain[1]] + nearbyStrings(&numbers)
        // More pages than a small table holds.
        default: (1...20).map { "/\($0)" }
        }
      let steps: [VisitStep] = (0..<Int.random(in: 0...40, using: &numbers)).map { _ in
        let log = Int.random(in: 0..<logs, using: &numbers)
        switch Int.random(in: 0..<100, using: &numbers) {
        case 0..<60: return .record(log: log, page: numbers.pick(pages))
        case 60..<85: return .visits(log: log, page: numbers.pick(pages))
        default: return .summary(log: log)
        }
      }
      return VisitScenario(logs: logs, steps: steps)
    }
}

/// The errors the Swift 6 compiler gives for `files` compiled together up to SIL, where the
/// checks of what crosses into a task run, each file called by its name in `names`; empty when
/// it accepts them.
///
/// An answer imports ExerciseSupport only for `NotImplemented`: that import is left out, and a
/// stand-in for it is compiled with the files.
func swift6Errors(compiling files: [String], named names: [String]) async throws -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("graded-compile-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let standIn = "struct NotImplemented: Error { init(_ exercise: String) {} }\n"
  var paths: [String] = []
  for (index, source) in ([standIn] + files).enumerated() {
    let file = folder.appendingPathComponent("File\(index).swift")
    let text = source.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) == "import ExerciseSupport" ? "" : $0 }
      .joined(separator: "\n")
    try text.write(to: file, atomically: true, encoding: .utf8)
    paths.append(file.path)
  }
  let result = try await ChildProcess.run(
    URL(fileURLWithPath: "/usr/bin/env"),
    arguments: ["swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "Graded"]
      + paths + ["-wmo", "-emit-sil", "-o", "/dev/null"],
    timeout: .seconds(120)
  )
  guard result.termination != .exited(0) else { return "" }
  // The compiler's error lines, once each, the files named as the caller names them.
  var seen: Set<String> = []
  return result.stderr.split(separator: "\n").compactMap { line -> String? in
    guard line.hasPrefix(folder.path + "/"), line.contains(": error: ") else { return nil }
    var named = String(line.dropFirst(folder.path.count + 1))
    for (index, name) in names.enumerated() {
      named = named.replacingOccurrences(of: "File\(index + 1).swift:", with: name + ":")
    }
    return seen.insert(named).inserted ? named : nil
  }.joined(separator: "\n")
}

/// A use of `VisitLog` the statement promises compiles: one log shared by two tasks and by the
/// code that made it, called synchronously from code on no actor.
let visitLogSharedByTwoTasks = """
  func sharedByTwoTasks() async throws -> Int {
    let log = try VisitLog()
    let first = Task.detached { log.record("/") }
    let second = Task.detached { log.record("/about") }
    _ = await (first.value, second.value)
    log.record("/")
    return log.visits(to: "/") + log.summary().total
  }

  func requiresSendable<Shared: Sendable>(_ type: Shared.Type) {}

  func visitLogIsSendable() {
    requiresSendable(VisitLog.self)
  }

  """

/// What a summary shows that no moment of the log could have, while one thread records the
/// visits of a tour of pages, in turn, over and over.
enum SummaryFault: Equatable {
  /// The total is not the sum of the counts, or the tour's counts are not those of one moment.
  case notOneMoment
  /// The tour's first page has fewer visits than a count of it read just before the summary.
  case behindACountReadBefore
}

/// The fault in a summary (`total`, `pages`) taken while a thread records `tour` in turn, over
/// and over, from the counts `base` (nil when it could be of one moment): the total the sum of
/// the counts; each page of the tour as many visits as the next or one more, the last as many
/// as the first or one fewer; the first no fewer than `seen`, a count of it read before.
func summaryFault(
  total: Int,
  pages: [String: Int],
  tour: [String],
  base: [String: Int] = [:],
  seen: Int
) -> SummaryFault? {
  let counts = tour.map { pages[$0, default: 0] - base[$0, default: 0] }
  let inTurn = zip(counts, counts.dropFirst()).allSatisfy { (0...1).contains($0 - $1) }
  let wrapped = counts[0] - counts[counts.count - 1]
  if total != pages.values.reduce(0, +) || !inTurn || !(0...1).contains(wrapped) {
    return .notOneMoment
  }
  return pages[tour[0], default: 0] < seen ? .behindACountReadBefore : nil
}
