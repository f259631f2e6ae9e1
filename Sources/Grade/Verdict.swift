// Turns what an exercise's test run printed into a verdict and a teaching message.
import ChildProcesses
import ExerciseSupport
import Foundation

/// Where one exercise stands.
enum Verdict: Equatable, Sendable, Codable {
  case done
  case notStarted
  case failing(Failure)
}

/// Why an exercise fails, told the way a learner can act on.
struct Failure: Equatable, Sendable, Codable {
  enum Kind: Hashable, Sendable, Codable {
    /// A test's assertion failed, or it threw.
    case failedTest
    /// The test process died (a double resume, say).
    case crashed
    /// The tests did not finish in time while the program sat idle (a continuation never
    /// resumed, say).
    case hung
    /// The tests did not finish in time while the program used the processor all along (a loop
    /// that never ends).
    case busy
    /// The thread sanitizer saw two threads use the same memory with nothing ordering them.
    case dataRace
    /// The exercise's file has compile errors, so its tests could not run.
    case doesNotCompile
  }

  var kind = Kind.failedTest
  /// The test that failed, crashed or hung, when known.
  let test: String?
  /// Where the failing assertion is: "Tests/ExerciseTests/Chapter01/X.swift:31".
  var location: String? = nil
  /// What went wrong, as a teaching sentence.
  let message: String
  /// Supporting lines: the assertion's details, or what the Swift runtime wrote.
  let details: [String]
}

extension Verdict {
  /// Judges a run of one exercise's tests.
  ///
  /// - Parameters:
  ///   - run: the finished (or killed) child process.
  ///   - timeout: the time limit it had, in seconds, for the message about a hang.
  ///   - mutexGuarded: the answer's file, and the lines of its `Mutex`'s locked closures: a race
  ///     the sanitizer reports between accesses on them is not one (see `MutexGuardedLines`).
  static func judge(
    _ run: ChildProcessResult,
    timeoutSeconds: Int,
    mutexGuarded: (path: String, lines: Set<Int>)? = nil
  ) -> Verdict {
    let report = TestReport(xctestOutput: run.stdout)
    let runtime = runtimeLines(in: run.stderr + "\n" + run.stdout)
    // A test that grades generated scenarios names each before running it (a test of rounds on
    // two threads names each round): a crash or a hang happened in the last one named.
    let scenario =
      lastScenario(in: run.stderr).map {
        [$0.hasPrefix("round ") ? "in \($0)" : "in the generated scenario: \($0)"]
      } ?? []

    if let race = DataRaceReport(sanitizerOutput: run.stderr, mutexGuarded: mutexGuarded) {
      return .failing(
        Failure(
          kind: .dataRace,
          test: report.unfinishedTest ?? race.test ?? report.failedTests.first,
          location: race.location,
          message: "a data race: two threads used the same memory at the same time, at least one "
            + "of them writing, with nothing (a lock, an atomic, an actor) to put them in order. "
            + "A plain run rarely shows one, so the grader ran this exercise again under the "
            + "thread sanitizer, which caught it.",
          details: race.accesses
        )
      )
    }

    // A test that failed before the run was stopped or crashed names the mistake in its own
    // words; what came after it may come of the same mistake (a wrong answer that is slow on a
    // larger input, say), and is told after it.
    // A run stopped at its first failed test (`StopAtFirstFailure`) may have started the next
    // one: cut short by the stop, not crashed.
    let stoppedAtAFailure = if case .stoppedAtLine = run.termination { true } else { false }
    let stoppedOrCrashed =
      switch run.termination {
      case .exited: report.unfinishedTest != nil
      case .stoppedAtLine: false
      default: true
      }
    if stoppedOrCrashed, let first = report.failedTests.first,
      !(report.failures[first] ?? []).contains(where: { $0.contains(NotImplemented.marker) })
    {
      let failure = teaching(test: first, messages: report.failures[first] ?? [])
      let later =
        switch run.termination {
        case .timedOut, .stalled:
          "after it, \(report.unfinishedTest ?? "a later test") did not finish, and the tests "
            + "were stopped"
        default:
          "after it, the tests crashed"
            + (report.unfinishedTest.map { " in \($0)" } ?? "") + " (\(run.termination))"
        }
      return .failing(
        Failure(
          test: first,
          location: report.firstFailureLocations[first],
          message: failure.message,
          details: failure.details + [later]
        )
      )
    }

    // 40% of the time limit on the processor is more than a hang uses, even one that follows a
    // test which spins on purpose (1.3's racing callbacks: up to 3.2 s of a 10 s limit on a busy
    // machine), and less than a spinning loop gets on two cores with two other busy processes.
    if run.termination == .timedOut, run.cpuTime >= .seconds(timeoutSeconds) * 2 / 5 {
      let seconds =
        Double(run.cpuTime.components.seconds)
        + Double(run.cpuTime.components.attoseconds) / 1e18
      return .failing(
        Failure(
          kind: .busy,
          test: report.unfinishedTest,
          message: "did not finish in \(timeoutSeconds) s, and kept the processor busy all along "
            + "(\(String(format: "%.1f", seconds)) s of CPU time): a loop that never ends? A "
            + "`while` whose condition never changes, or a retry that never waits, spins forever.",
          details: scenario + failedBeforeStopping(report) + runtime
        )
      )
    }
    // Waiting, not working: stopped once it had used next to no processor time for a while, or
    // at the limit.
    let stopped: String? =
      switch run.termination {
      case .stalled(let limit):
        "did not finish: the tests waited \(limit.components.seconds) s with nothing running, and "
          + "were stopped."
      case .timedOut: "did not finish in \(timeoutSeconds) s."
      default: nil
      }
    if let stopped {
      return .failing(
        Failure(
          kind: .hung,
          test: report.unfinishedTest,
          location: report.unfinishedTest.flatMap { report.firstFailureLocations[$0] },
          message: stopped + " Is a continuation never resumed? Or a stream never finished? Every "
            + "path (success, failure, cancel) must end what it started, exactly once.",
          details: scenario + failedBeforeStopping(report) + runtime
        )
      )
    }
    if !stoppedAtAFailure, let crashed = report.unfinishedTest {
      return .failing(
        Failure(
          kind: .crashed,
          test: crashed,
          message: crashMessage(runtime, run.termination),
          details: scenario + runtime
        )
      )
    }
    if report.allPassed {
      guard run.termination == .exited(0) else {
        // A stray callback can crash the program after the last test has passed.
        return .failing(
          Failure(
            kind: .crashed,
            test: nil,
            message: crashMessage(runtime, run.termination),
            details: runtime
          )
        )
      }
      return .done
    }
    let failed = report.failedTests
    guard let first = failed.first else {
      // Nothing failed and nothing passed: the tests did not run at all.
      let output = (run.stderr + run.stdout).split(separator: "\n").suffix(5).map(String.init)
      return .failing(
        Failure(test: nil, message: "the tests did not run (\(run.termination))", details: output)
      )
    }
    let messages = failed.flatMap { report.failures[$0] ?? [] }
    if !messages.isEmpty && messages.allSatisfy({ $0.contains(NotImplemented.marker) }) {
      return .notStarted
    }
    var failure = teaching(test: first, messages: report.failures[first] ?? [])
    failure.location = report.firstFailureLocations[first]
    return .failing(failure)
  }

  /// What the thread sanitizer said about the first data race it found.
  struct DataRaceReport: Equatable {
    /// Where the racing access is: "Sources/Exercises/Chapter01/X.swift:9:14".
    let location: String?
    /// One line per access: "read by thread T8 at Sources/Exercises/Chapter01/X.swift:9:14".
    let accesses: [String]

    /// The first race in `sanitizerOutput`, leaving out those whose every access is on a line of
    /// `mutexGuarded` in its file: on Linux the sanitizer does not see how a `Mutex` orders the
    /// threads that contend for it, and reports races between its locked closures that are not.
    init?(sanitizerOutput: String, mutexGuarded: (path: String, lines: Set<Int>)? = nil) {
      // Each report sits between two lines of "=": the first that is a race and not a Mutex's.
      // The graded tests name each test as it starts ("graded test: test_x"), on stderr too.
      // Most runs have no report at all: one search, not a parse of every line.
      guard Self.isIn(sanitizerOutput) else { return nil }
      var test: String?
      for report in sanitizerOutput.components(separatedBy: "==================") {
        let before = report.components(separatedBy: Self.warning).first ?? ""
        for line in before.split(separator: "\n") where line.hasPrefix("graded test: ") {
          test = String(line.dropFirst("graded test: ".count))
        }
        guard var race = Self(report: report) else { continue }
        // A global variable is no Mutex's state, whichever closures touch it, unless the global
        // is a Mutex itself: only its lock and its withLock closures reach its storage.
        let mutexs =
          mutexGuarded.map { mutexGuarded in
            if Self.isOnAGlobalMutex(report) { return true }
            return !report.contains("Location is global") && !race.places.isEmpty
              && race.places.allSatisfy { place in
                let parts = place.split(separator: ":")
                return parts.count >= 2 && mutexGuarded.path.hasSuffix(parts[0])
                  && Int(parts[1]).map(mutexGuarded.lines.contains) == true
              }
          } ?? false
        guard !mutexs else { continue }
        race.test = test
        self = race
        return
      }
      return nil
    }

    /// How the sanitizer begins each report.
    static let warning = "WARNING: ThreadSanitizer"

    /// Whether `report` is about a global whose type is a `Synchronization.Mutex`: its mangled
    /// name, "Location is global '$s...15Synchronization5MutexVy...Gvp'", says the type.
    static func isOnAGlobalMutex(_ report: String) -> Bool {
      guard let start = report.range(of: "Location is global '") else { return false }
      let name = report[start.upperBound...].prefix { $0 != "'" }
      return name.contains("15Synchronization5MutexV")
    }

    /// Whether `output` holds a report of the sanitizer's, of any kind.
    static func isIn(_ output: String) -> Bool {
      output.contains(warning)
    }

    /// The test that was running, when the tests named it.
    var test: String?

    /// Where each access was, as in `accesses` ("Sources/X.swift:9:14").
    private var places: [String] = []

    /// One report of the sanitizer's, if it is about a race.
    private init?(report sanitizerOutput: String) {
      // "data race", or "Swift access race" when the two accesses are to a Swift variable.
      guard
        sanitizerOutput.contains("WARNING: ThreadSanitizer: data race")
          || sanitizerOutput.contains("WARNING: ThreadSanitizer: Swift access race")
      else { return nil }
      let lines = sanitizerOutput.split(separator: "\n", omittingEmptySubsequences: false)
      var accesses: [String] = []
      for (index, line) in lines.enumerated() where index + 1 < lines.count {
        // "  Read of size 1 at 0x7208... by thread T8:", "  Previous write of size 1 ...", or
        // "  Modifying access of Swift variable at ...", then the top frame, with the source place:
        // "    #0 symbol /path/Sources/X.swift:9:14 (...)" (the line may be missing).
        var text = line.drop { $0 == " " }
        let earlier = text.hasPrefix("Previous ")
        if earlier { text = text.dropFirst("Previous ".count) }
        let kinds = ["Read", "Write", "read", "write", "Modifying access", "Read-only access"]
        guard let kind = kinds.first(where: { text.hasPrefix($0 + " ") }), line.hasSuffix(":"),
          let by = line.range(of: " by ", options: .backwards),
          let place = Self.sourcePlace(in: lines[index + 1])
        else { continue }
        let who = line[by.upperBound...].dropLast()
        let when = earlier ? " (the access just before)" : ""
        accesses.append("\(kind.lowercased()) by \(who) at \(place)\(when)")
        // A top frame with no line (a closure) was called from the next frame's line in the
        // same file: for a locked closure, the line that calls `withLock`.
        let frames = lines[(index + 1)...].prefix { $0.drop { $0 == " " }.hasPrefix("#") }
        let numbered = frames.lazy.compactMap { Self.sourcePlace(in: $0) }
          .first { $0.hasPrefix(place + ":") }
        places.append(place.contains(".swift:") ? place : numbered ?? place)
      }
      let summary = lines.first { $0.hasPrefix("SUMMARY: ThreadSanitizer: ") }
      location = summary.flatMap { Self.sourcePlace(in: $0) }
      self.accesses = accesses
    }

    /// "Sources/X.swift:9:14" (or "Sources/X.swift" when the sanitizer gives no line) from a
    /// line that holds the absolute path.
    private static func sourcePlace(in line: Substring) -> String? {
      for word in line.split(separator: " ") where word.contains(".swift") {
        guard word.hasSuffix(".swift") || word.contains(".swift:") else { continue }
        for folder in ["/Sources/", "/Tests/"] {
          if let start = word.range(of: folder, options: .backwards) {
            return String(word[word.index(after: start.lowerBound)...])
          }
        }
      }
      return nil
    }
  }

  /// The lines the Swift runtime wrote about continuation misuse, a fatal error, or a failed
  /// `precondition` or `assert`.
  ///
  /// The source file before "Fatal error" is kept, at the end, only when it is the learner's own
  /// ("Chapter04Exercises/Ex4a_MakeRequest.swift:13"); the runtime's own files say nothing to
  /// them.
  static func runtimeLines(in output: String) -> [String] {
    var seen = Set<String>()
    return output.split(separator: "\n").compactMap { line -> String? in
      // The graded tests' own announcements are most of the lines (thousands for a test of
      // generated scenarios), and a search of each for five phrases took longer than the tests.
      guard !isAnnouncement(line) else { return nil }
      var text: String
      let fatal = ["Fatal error: ", "Precondition failed", "Assertion failed"].lazy
        .compactMap { line.range(of: $0) }.first
      if let fatal {
        text = String(line[fatal.lowerBound...])
        let place = line[..<fatal.lowerBound].trimmingCharacters(in: .init(charactersIn: ": "))
        if place.hasPrefix("Chapter"), place.contains("Exercises/") { text += " (at \(place))" }
      } else if let misuse = line.range(of: "SWIFT TASK CONTINUATION MISUSE") {
        text = String(line[misuse.lowerBound...])
      } else if let cast = line.range(of: "Could not cast value of type ") {
        // A failed `as!`; the types' addresses change from run to run and say nothing.
        text = String(line[cast.lowerBound...])
          .replacingOccurrences(of: #" \(0x[0-9a-f]+\)"#, with: "", options: .regularExpression)
      } else {
        return nil
      }
      return seen.insert(text).inserted ? text : nil
    }
  }

  /// The scenario a graded test named last ("graded scenario: ..." on stderr), if any.
  static func lastScenario(in output: String) -> String? {
    let prefix = scenarioPrefix
    // Read from the end: the last one is wanted, and there may be thousands before it.
    var end = output.endIndex
    while end > output.startIndex {
      let newline = output.utf8[..<end].lastIndex(of: UInt8(ascii: "\n"))
      let start = newline.map(output.utf8.index(after:)) ?? output.startIndex
      let line = output[start..<end]
      if line.hasPrefix(prefix) {
        // An empty one: the test that announced the last scenario has ended.
        let scenario = line.dropFirst(prefix.count)
        return scenario.isEmpty ? nil : String(scenario)
      }
      end = newline ?? output.startIndex
    }
    return nil
  }

  /// How a graded test names the scenario it runs (`ScenarioAnnouncer` in the graded tests).
  private static let scenarioPrefix = "graded scenario: "

  /// A line the graded tests write to name what runs ("graded scenario: ...", "graded test:
  /// ..."): never the runtime's.
  private static func isAnnouncement(_ line: Substring) -> Bool {
    line.hasPrefix(scenarioPrefix) || line.hasPrefix("graded test: ")
  }

  /// The assertions the unfinished test had already failed: often clearer than the hang.
  private static func failedBeforeStopping(_ report: TestReport) -> [String] {
    guard let test = report.unfinishedTest else { return [] }
    return (report.failures[test] ?? []).map { "before that, an assertion failed: \($0)" }
  }

  private static func crashMessage(_ runtime: [String], _ termination: Termination) -> String {
    if runtime.contains(where: { $0.contains("more than once") }) {
      return "a continuation was resumed twice, which stops the program. Exactly one path must "
        + "resume it: look for a second resume that can run after the first (a callback that "
        + "comes twice, or a path that goes on after resuming)."
    }
    guard runtime.isEmpty else { return "the tests crashed; the runtime said why:" }
    // No message: the program broke its memory, not a rule the runtime checks.
    switch termination {
    case .signalled(let signal) where [SIGSEGV, SIGBUS, SIGABRT].contains(signal):
      return "the tests crashed with \(Termination.signalName(signal)), and the runtime gave no "
        + "reason: memory was used where it must not be. Most often that is state two threads "
        + "change at once with nothing (a lock, an actor) to put them in order, an object "
        + "used after it was freed, or calls that nest in each other until the stack runs out "
        + "(a function that calls itself, through others, again and again)."
    default:
      return "the tests crashed (the runtime gave no reason)."
    }
  }

  /// The assertion's own message is the teaching; XCTest's comparison is the detail.
  private static func teaching(test: String, messages: [String]) -> Failure {
    guard let first = messages.first else {
      return Failure(test: test, message: "the test failed", details: [])
    }
    if first.hasPrefix("threw error ") {
      return Failure(test: test, message: "it threw an error: \(first.dropFirst(12))", details: [])
    }
    // XCTFail's "failed" says nothing the message does not; the message may hold " - " itself
    // ("Int.max - 1").
    if first.hasPrefix("failed - ") {
      return Failure(test: test, message: String(first.dropFirst(9)), details: [])
    }
    if let separator = first.range(of: " - ", options: .backwards),
      !first[separator.upperBound...].isEmpty
    {
      // XCTFail's "failed" says nothing the message does not.
      let detail = String(first[..<separator.lowerBound])
      return Failure(
        test: test,
        message: String(first[separator.upperBound...]),
        details: detail == "failed" ? [] : [detail]
      )
    }
    return Failure(test: test, message: first, details: [])
  }
}
