import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling

// Exercise 1.1 graded by its statement: generated scripts for two services at once, each with
// its own scanner: scans started, scanned, cancelled and failed in any order, a scan started
// while another is pending, and late duplicate callbacks, all on the main actor.

/// Two services' lives, as the grade generates them.
struct ScannerScenario: GradedScenario {
  enum Callback: Equatable, Sendable, CustomStringConvertible {
    case scanned(String)
    case cancelled
    case failed(String)

    var description: String {
      switch self {
      case .scanned(let title): "didScan \(quotedScalars(title))"
      case .cancelled: "didCancel"
      case .failed(let reason): "didFailWith \(quotedScalars(reason))"
      }
    }
  }

  enum Step: Equatable, Sendable, CustomStringConvertible {
    /// `scan()` on service 0 or 1.
    case scan(Int)
    /// Service 0's or 1's scanner calls its delegate.
    case callback(Int, Callback)
    /// The same callback again, late, before any new scan on that service.
    case duplicate(Int, Callback)

    var description: String {
      switch self {
      case .scan(let service): "scan() on \(serviceName(service))"
      case .callback(let service, let callback):
        "\(serviceName(service))'s scanner calls \(callback)"
      case .duplicate(let service, let callback):
        "\(serviceName(service))'s scanner calls \(callback) again"
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
    return "two services, A and B: "
      + (shown + [
        "A's scanner calls didScan \"\(lastTitle(0))\" and B's didScan \"\(lastTitle(1))\""
      ])
      .joined(separator: ", then ")
  }

  /// The steps, then each scanner's closing didScan (to A's, then B's delegate).
  var stepsWithTheClosingOnes: [Step] {
    steps + [.callback(0, .scanned(lastTitle(0))), .callback(1, .scanned(lastTitle(1)))]
  }

  var smaller: [ScannerScenario] {
    steps.eachWithOneLeftOut.map(ScannerScenario.init).filter(\.isPossible)
  }

  /// Each duplicate with the callback it repeats, as that callback is now.
  var withDuplicatesMatched: ScannerScenario {
    var last: [Int: Callback] = [:]
    return ScannerScenario(
      steps: steps.map { step in
        switch step {
        case .scan(let service):
          last[service] = nil
          return step
        case .callback(let service, let callback):
          last[service] = callback
          return step
        case .duplicate(let service, let callback):
          return .duplicate(service, last[service] ?? callback)
        }
      }
    )
  }

  /// A duplicate only right after a callback of its own service, with no scan between.
  var isPossible: Bool {
    var last: [Int: Callback] = [:]
    for step in steps {
      switch step {
      case .scan(let service): last[service] = nil
      case .callback(let service, let callback): last[service] = callback
      case .duplicate(let service, let callback): if last[service] != callback { return false }
      }
    }
    return true
  }
}

func serviceName(_ service: Int) -> String { service == 0 ? "A" : "B" }

/// The title of the document each scanner scans at the end of every script.
private func lastTitle(_ service: Int) -> String { "last of \(serviceName(service))" }

/// How each scan ended, in the order they were started: "scan 1 on A returned \"x\"".
struct ScannerOutcome: Equatable, CustomStringConvertible {
  var scans: [String]
  /// Each time a scanner was shown when no scan() asked for it, on its service: "A's scanner
  /// shown again after its didFailWith \"busy\"".
  var shownUnasked: [String] = []

  var description: String {
    (scans.isEmpty ? "no scan" : scans.joined(separator: ", "))
      + shownUnasked.map { ", and \($0) (its user closed it: didCancel)" }.joined()
  }
}

func scanEnding(_ callback: ScannerScenario.Callback?) -> String {
  switch callback {
  case .scanned(let title): "returned \(quotedScalars(title))"
  case .cancelled, nil: "returned nil"
  case .failed(let reason): "threw scan failed: \(quotedScalars(reason))"
  }
}

/// The statement of exercise 1.1, as a program.
func scannerModel(_ scenario: ScannerScenario) -> ScannerOutcome {
  let (endings, owners) = scanEndings(scenario.stepsWithTheClosingOnes)
  return ScannerOutcome(
    scans: endings.enumerated().map { index, ending in
      "scan \(index + 1) on \(serviceName(owners[index])) " + (ending ?? "still waiting")
    }
  )
}

/// How each scan started by `steps` has ended by their end (nil: still waiting), and on which
/// service it was started.
func scanEndings(
  _ steps: some Sequence<ScannerScenario.Step>
) -> (endings: [String?], owners: [Int]) {
  var endings: [String?] = []
  var owners: [Int] = []
  var pending: [Int: Int] = [:]
  for step in steps {
    switch step {
    case .scan(let service):
      // A scan started while another is pending ends the pending one with nil.
      if let waiting = pending[service] { endings[waiting] = scanEnding(nil) }
      pending[service] = endings.count
      endings.append(nil)
      owners.append(service)
    case .callback(let service, let callback), .duplicate(let service, let callback):
      if let waiting = pending.removeValue(forKey: service) {
        endings[waiting] = scanEnding(callback)
      }
    }
  }
  return (endings, owners)
}

/// A scanner the test drives: it keeps the delegate it was last shown with, and calls it when
/// the test says.
///
/// Shown when no scan() asked for it (no `onPresent` set), it notes it in `shownUnasked`, and
/// its user closes it on a later turn of the main actor: `didCancel`.
@MainActor
final class DrivenScanner: DocumentScanning {
  private(set) var delegate: (any DocumentScannerDelegate)?
  /// Called on each presentation: the runner waits for it before the next step.
  var onPresent: (() -> Void)?
  /// The last callback the test made, to say when the scanner was shown unasked.
  private var lastCallback: ScannerScenario.Callback?
  /// Each presentation no scan() asked for, in the messages' words.
  private(set) var shownUnasked: [String] = []

  func present(delegate: any DocumentScannerDelegate) {
    self.delegate = delegate
    guard let onPresent else {
      shownUnasked.append("shown again after its " + (lastCallback?.description ?? "last callback"))
      Task { @MainActor in delegate.documentScannerDidCancel(self) }
      return
    }
    onPresent()
  }

  func call(_ callback: ScannerScenario.Callback) {
    lastCallback = callback
    guard let delegate else { return }
    switch callback {
    case .scanned(let title): delegate.documentScanner(self, didScan: Document(title: title))
    case .cancelled: delegate.documentScannerDidCancel(self)
    case .failed(let reason):
      delegate.documentScanner(self, didFailWith: ScannerError(reason: reason))
    }
  }
}

/// The scripts exercise 1.1 is graded on: a fixed list, from a fixed seed.
func scannerScenarios(count: Int, seed: UInt64) -> [ScannerScenario] {
  // From seeds of their own, so that the scripts above stay as they were: titles and reasons as
  // people and devices give them (spaces and line breaks at the ends, long, empty, beyond ASCII).
  var texts = SeededNumbers(seed: seed &+ 2)
  let later = drawnScripts(count: count / 8, seed: seed &+ 3).map { script in
    ScannerScenario(
      steps: script.steps.map { step in
        func odd(_ callback: ScannerScenario.Callback) -> ScannerScenario.Callback {
          switch callback {
          case .scanned(let title): .scanned(oddText(title, using: &texts))
          case .failed(let reason): .failed(oddText(reason, using: &texts))
          case .cancelled: .cancelled
          }
        }
        switch step {
        case .scan: return step
        case .callback(let service, let callback): return .callback(service, odd(callback))
        case .duplicate: return step
        }
      }
    )
  }
  // Reasons that speak of a cancel (a failure is still a failure, whatever its reason says),
  // and now and then a title of any length up to 100,000 characters.
  var words = SeededNumbers(seed: seed &+ 4)
  let cancelWords = drawnScripts(count: count / 16, seed: seed &+ 5).map { script in
    ScannerScenario(
      steps: script.steps.map { step in
        if case .callback(let service, .scanned) = step, words.chance(30) {
          let length = words.logUniform(1...100_000)
          let pages = String(repeating: "page \u{E9} ", count: length / 7 + 1)
          let title = String(pages.prefix(length))
          return .callback(service, .scanned(title))
        }
        guard case .callback(let service, .failed) = step else { return step }
        let reason = words.pick([
          "cancelled", "user cancelled", "Cancel", "canceled by the system", "CANCELLED",
          "cancel", "scan cancelled: camera unavailable",
        ])
        return .callback(service, .failed(reason))
      }
    )
  }
  // Titles and reasons with Windows and old Mac line breaks ("\r\n", "\r"), from seeds of their
  // own.
  var breaks = SeededNumbers(seed: seed &+ 8)
  let lineBreaks = drawnScripts(count: count / 16, seed: seed &+ 7).map { script in
    ScannerScenario(
      steps: script.steps.map { step in
        let text = breaks.pick([
          "a\r\nb", "page 1\r\npage 2\r\n", "\r\n", "\r", "old\rmac\r", "mixed\r\nunix\nmac\r",
          "\n\r", "receipt\r\n",
        ])
        switch step {
        case .callback(let service, .scanned): return .callback(service, .scanned(text))
        case .callback(let service, .failed): return .callback(service, .failed(text))
        default: return step
        }
      }
    )
  }
  // Titles and reasons with control and invisible characters (NUL at either end or inside, ESC,
  // the GS1 separators, a byte order mark, zero-width ones), each a scan's answer, and reasons
  // that ask for another try ("busy", "timed out"): a failure is thrown as it came all the same;
  // from a seed of its own.
  var stray = SeededNumbers(seed: seed &+ 9)
  var (titles, reasons) = (StrayScalarCycle(), StrayScalarCycle())
  let askingAgain = [
    "scanner busy", "Busy", "timed out", "Timeout", "busy, try again", "try again later",
    "not ready",
  ]
  var asked = 0
  let strayScalars = (0..<count / 8).map { _ in
    ScannerScenario(
      steps: (0..<Int.random(in: 1...4, using: &stray)).flatMap { _ -> [ScannerScenario.Step] in
        let service = stray.chance(65) ? 0 : 1
        let callback: ScannerScenario.Callback =
          if stray.chance(50) {
            .scanned(titles.next(stray.pick(["receipt", "passport", "page 2", ""])))
          } else if stray.chance(40) {
            .failed(askingAgain[asked % askingAgain.count])
          } else {
            .failed(reasons.next(stray.pick(["camera unavailable", "no permission"])))
          }
        if case .failed(let reason) = callback, askingAgain.contains(reason) { asked += 1 }
        return [.scan(service), .callback(service, callback)]
          + (stray.chance(20) ? [.duplicate(service, callback)] : [])
      }
    )
  }
  // A duplicate repeats the callback before it: give it that callback's new text.
  return drawnScripts(count: count, seed: seed) + later.map(\.withDuplicatesMatched)
    + cancelWords.map(\.withDuplicatesMatched)
    + onlyWhenGrading(manyScans(counts: [300], seed: seed &+ 6))
    + lineBreaks.map(\.withDuplicatesMatched) + runsOnOneService
    + strayScalars
}

/// Two long runs on service A: 40 scans, each answered by a callback of every kind in turn and
/// then by the same callback again, late; and 20 scans in a row that fail, then one more scan.
private var runsOnOneService: [ScannerScenario] {
  let kinds: [(Int) -> ScannerScenario.Callback] = [
    { .scanned("page \($0)") }, { _ in .cancelled }, { _ in .failed("jammed") },
  ]
  let answeredTwice = (1...40).flatMap { index -> [ScannerScenario.Step] in
    let callback = kinds[index % 3](index)
    return [.scan(0), .callback(0, callback), .duplicate(0, callback)]
  }
  let failures = (1...20).flatMap { _ -> [ScannerScenario.Step] in
    [.scan(0), .callback(0, .failed("jammed"))]
  }
  return [ScannerScenario(steps: answeredTwice), ScannerScenario(steps: failures + [.scan(0)])]
}

/// Scripts of `counts` scans in a row on service A, most answered by a callback of any kind
/// (the others ended by the next scan).
private func manyScans(counts: [Int], seed: UInt64) -> [ScannerScenario] {
  var numbers = SeededNumbers(seed: seed)
  return counts.map { count in
    var steps: [ScannerScenario.Step] = []
    for index in 0..<count {
      steps.append(.scan(0))
      guard numbers.chance(80) else { continue }
      steps.append(
        .callback(
          0,
          numbers.pick([
            ScannerScenario.Callback.scanned("page \(index + 1)"), .cancelled, .failed("jammed"),
          ])
        )
      )
    }
    return ScannerScenario(steps: steps)
  }
}

private func drawnScripts(count: Int, seed: UInt64) -> [ScannerScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [ScannerScenario] = []
  while scenarios.count < count {
    var steps: [ScannerScenario.Step] = []
    var last: [Int: ScannerScenario.Callback] = [:]
    for _ in 0..<Int.random(in: 1...10, using: &numbers) {
      let service = numbers.chance(65) ? 0 : 1
      switch Int.random(in: 0..<10, using: &numbers) {
      case 0...3:
        steps.append(.scan(service))
        last[service] = nil
      case 4...8:
        let callback = numbers.pick([
          ScannerScenario.Callback.scanned(numbers.pick(["receipt", "passport", "page 2", ""])),
          .cancelled,
          .failed(numbers.pick(["camera unavailable", "no permission"])),
        ])
        steps.append(.callback(service, callback))
        last[service] = callback
      default:
        if let callback = last[service] { steps.append(.duplicate(service, callback)) }
      }
    }
    scenarios.append(ScannerScenario(steps: steps))
  }
  return scenarios
}
