import Foundation
import XCTest

@testable import Grade

/// Warnings come from the build that compiled a file, and are kept for the runs after it: the
/// grader type-checks the files itself only when it cannot know a file's warnings otherwise.
final class BuildWarningsTests: XCTestCase {
  private var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("build-warnings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Sources/Exercises/Chapter01"),
      withIntermediateDirectories: true
    )
    addTeardownBlock { [root] in try? FileManager.default.removeItem(at: root!) }
    try save("A.swift", "let a = 1\n")
    try save("B.swift", "let b = 1\n")
  }

  private func save(_ name: String, _ text: String) throws {
    try text.write(
      to: root.appendingPathComponent("Sources/Exercises/Chapter01/\(name)"),
      atomically: true,
      encoding: .utf8
    )
  }

  /// swiftc's line for a warning in `name`, with the absolute path the build prints.
  private func warningLine(_ name: String, _ message: String) -> String {
    "\(root.path)/Sources/Exercises/Chapter01/\(name):1:5: warning: \(message)"
  }

  /// One grading: the stamps are read, then the "build" prints `output`; returns the warnings'
  /// first lines and how often the type-check was asked.
  private func grade(output: String, typeCheck: String = "") async -> ([String], Int) {
    let warnings = BuildWarnings(packageRoot: root)
    var asked = 0
    let found = await warnings.warnings(buildOutput: output) {
      asked += 1
      return CompilerDiagnostic.parse(typeCheck, root: root)
    }
    return (found.map { $0.text[0] }, asked)
  }

  func test_theFirstRun_typeChecks_thenAnUnchangedFileKeepsItsWarnings_withoutATypeCheck()
    async throws
  {
    let first = await grade(output: "", typeCheck: warningLine("A.swift", "unused a"))
    XCTAssertEqual(first.1, 1, "nothing known yet: one type-check")
    XCTAssertEqual(first.0, ["Sources/Exercises/Chapter01/A.swift:1:5: warning: unused a"])

    let second = await grade(output: "")
    XCTAssertEqual(second.1, 0, "nothing changed: no type-check")
    XCTAssertEqual(second.0, first.0, "the warning is kept, though the build printed nothing")
  }

  func test_aChangedFile_takesItsWarningsFromTheBuildThatCompiledIt() async throws {
    _ = await grade(output: "", typeCheck: warningLine("A.swift", "unused a"))
    try save("B.swift", "let b = 2 // changed\n")
    let output = [
      "[3/6] Emitting module Chapter01Exercises",
      "[4/6] Compiling Chapter01Exercises B.swift",
      warningLine("B.swift", "unused b"),
    ].joined(separator: "\n")
    let (found, asked) = await grade(output: output)
    XCTAssertEqual(asked, 0)
    XCTAssertEqual(
      found,
      [
        "Sources/Exercises/Chapter01/A.swift:1:5: warning: unused a",
        "Sources/Exercises/Chapter01/B.swift:1:5: warning: unused b",
      ]
    )

    try save("A.swift", "let a = 2 // fixed, and compiled\n")
    let fixed = await grade(output: "[4/6] Compiling Chapter01Exercises A.swift, Other.swift")
    XCTAssertEqual(fixed.1, 0)
    XCTAssertEqual(fixed.0, ["Sources/Exercises/Chapter01/B.swift:1:5: warning: unused b"])
  }

  func test_aWarningPrintedTwiceByOneBuild_isReportedOnce() async throws {
    _ = await grade(output: "", typeCheck: "")
    try save("A.swift", "var a = 1 // changed\n")
    let output = [
      "[3/6] Emitting module Chapter01Exercises",
      warningLine("A.swift", "never mutated"),
      "[4/6] Compiling Chapter01Exercises A.swift",
      warningLine("A.swift", "never mutated"),
    ].joined(separator: "\n")
    let (found, asked) = await grade(output: output)
    XCTAssertEqual(asked, 0)
    XCTAssertEqual(found, ["Sources/Exercises/Chapter01/A.swift:1:5: warning: never mutated"])
  }

  func test_aFileChangedButNotCompiledByThisBuild_isTypeChecked() async throws {
    _ = await grade(output: "", typeCheck: "")
    try save("A.swift", "let a = 3 // built by someone else\n")
    let (found, asked) = await grade(output: "", typeCheck: warningLine("A.swift", "seen"))
    XCTAssertEqual(asked, 1)
    XCTAssertEqual(found, ["Sources/Exercises/Chapter01/A.swift:1:5: warning: seen"])
  }

  func test_compiledFiles_readSwiftPMsProgressLines_ofTheExerciseModulesOnly() {
    let output = """
      [4/6] Compiling Chapter03Exercises Ex3a_EventStream.swift
      [5/9] Compiling Chapter01Exercises Ex1a_A.swift, Ex1b_B.swift
      [6/9] Compiling ExerciseTests Ex3a_EventStreamTests.swift
      [7/9] Compiling Solutions Ex2a_Ticks.swift
      [8/9] Compiling Chapter03 03-Cancellation.swift
      """
    XCTAssertEqual(
      BuildWarnings.compiledFiles(in: output),
      ["Ex3a_EventStream.swift", "Ex1a_A.swift", "Ex1b_B.swift"]
    )
  }
}
