// What one run of an exercise's XCTest class printed, read back into facts.
import ExerciseSupport
import LessonSupport

/// The tests of one exercise, as XCTest reported them on stdout.
struct TestReport: Equatable, Sendable {
  enum Status: Equatable, Sendable {
    case passed
    case failed
    case skipped
  }

  /// Tests in the order they started, with how each ended (nil: started, never ended).
  private(set) var tests: [(name: String, status: Status?)] = []
  /// The failure messages of each test, in order.
  private(set) var failures: [String: [String]] = [:]
  /// Where each test first failed, "Tests/ExerciseTests/Chapter01/Ex1b_TranscribeTests.swift:31".
  private(set) var firstFailureLocations: [String: String] = [:]

  static func == (lhs: TestReport, rhs: TestReport) -> Bool {
    lhs.tests.map(\.name) == rhs.tests.map(\.name)
      && lhs.tests.map(\.status) == rhs.tests.map(\.status)
      && lhs.failures == rhs.failures && lhs.firstFailureLocations == rhs.firstFailureLocations
  }

  /// Reads XCTest's output. Understands the Linux form
  /// `Test Case 'Class.test' passed (0.1 seconds)` and the macOS form
  /// `Test Case '-[Module.Class test]' passed (0.1 seconds).`
  init(xctestOutput output: String) {
    for line in output.split(separator: "\n").map(String.init) {
      if line.hasPrefix("Test Case '"), let name = Self.testName(inQuotesOf: line) {
        let rest = line.drop { $0 != "'" }.dropFirst().drop { $0 != "'" }.dropFirst()
        if rest.hasPrefix(" started") {
          tests.append((name, nil))
        } else if let index = tests.lastIndex(where: { $0.name == name }) {
          if rest.hasPrefix(" passed") { tests[index].status = .passed }
          if rest.hasPrefix(" failed") { tests[index].status = .failed }
          if rest.hasPrefix(" skipped") { tests[index].status = .skipped }
        }
      } else if let range = line.range(of: ": error: ") {
        // "<file>:<line>: error: <test> : <message>"
        let afterError = line[range.upperBound...]
        guard let separator = afterError.range(of: " : ") else { continue }
        let name = Self.normalizedTestName(String(afterError[..<separator.lowerBound]))
        failures[name, default: []].append(String(afterError[separator.upperBound...]))
        if firstFailureLocations[name] == nil,
          let location = Self.location(line[..<range.lowerBound])
        {
          firstFailureLocations[name] = location
        }
      }
    }
  }

  /// The test that started and never ended: the one running when the process died or hung.
  var unfinishedTest: String? {
    tests.last { $0.status == nil }?.name
  }

  var passedCount: Int {
    tests.filter { $0.status == .passed }.count
  }

  var failedTests: [String] {
    tests.filter { $0.status == .failed }.map(\.name)
  }

  var allPassed: Bool {
    !tests.isEmpty && tests.allSatisfy { $0.status == .passed }
  }

  /// "/home/me/tutorial/Tests/X/Y.swift:31" -> "Tests/X/Y.swift:31"; nil for "<EXPR>:0", which
  /// XCTest writes for an error thrown out of a test rather than an assertion.
  static func location(_ prefix: Substring) -> String? {
    guard prefix.contains("/"), let colon = prefix.lastIndex(of: ":"),
      Int(prefix[prefix.index(after: colon)...]) != nil
    else { return nil }
    guard let tests = prefix.range(of: "/Tests/", options: .backwards) else {
      return String(prefix)
    }
    return String(prefix[prefix.index(after: tests.lowerBound)...])
  }

  private static func testName(inQuotesOf line: String) -> String? {
    let afterQuote = line.drop { $0 != "'" }.dropFirst()
    guard let end = afterQuote.firstIndex(of: "'") else { return nil }
    return normalizedTestName(String(afterQuote[..<end]))
  }

  /// "Ex1_1Tests.test_x", "-[ExerciseTests.Ex1_1Tests test_x]" -> "test_x".
  static func normalizedTestName(_ raw: String) -> String {
    var name = raw
    if name.hasPrefix("-["), name.hasSuffix("]") {
      name = String(name.dropFirst(2).dropLast())
      return String(name.split(separator: " ").last ?? "")
    }
    return String(name.split(separator: ".").last ?? "")
  }
}

/// Stops a run of an exercise's tests at its first failed test.
///
/// The learner is shown that failure, so the tests after it would only add time (a hang after it
/// would wait out its limit). The graded tests flush stdout as each test starts, so a failure is
/// read, and the run stopped, as the next test begins. A test that failed on a stub's
/// `NotImplemented` does not stop the run: whether an exercise is started at all is told by all of
/// its tests.
final class StopAtFirstFailure: Sendable {
  /// Whether the test running now has written the `NotImplemented` marker.
  private let notImplemented = Locked(false)

  /// Given each line XCTest writes, in order: true at the line that says a test failed.
  func isStopLine(_ line: Substring) -> Bool {
    guard line.hasPrefix("Test Case '") else {
      if line.contains(NotImplemented.marker) { notImplemented.withLock { $0 = true } }
      return false
    }
    if line.hasSuffix(" started") || line.contains("' started at ") {
      notImplemented.withLock { $0 = false }
      return false
    }
    return line.contains("' failed (") && !notImplemented.withLock { $0 }
  }
}
