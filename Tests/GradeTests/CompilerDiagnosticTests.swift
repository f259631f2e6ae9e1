import Foundation
import XCTest

@testable import Grade

/// The grader shows the compiler's errors and warnings as swiftc prints them: the header with
/// file and line, then the source excerpt and its caret, and nothing of the noise around them.
final class CompilerDiagnosticTests: XCTestCase {
  private let root = URL(fileURLWithPath: "/work/tutorial")

  /// The shape of swiftc 6.3's output for two errors, a note about a standard-library candidate
  /// (left out), and a warning.
  private let output = """
    [4/5] Compiling Chapter01Exercises Ex1a_ScannerService.swift
    /work/tutorial/Sources/Exercises/Chapter01/Ex1_1.swift:6:30: error: cannot find type 'Undefined' in scope
    5 | func g() { f(1) }
    6 | struct S: Equatable { let a: Undefined }
      |                              `- error: cannot find type 'Undefined' in scope
    7 | 

    /work/tutorial/Sources/Exercises/Chapter01/Ex1_1.swift:6:8: error: type 'S' does not conform to protocol 'Equatable'
    6 | struct S: Equatable { let a: Undefined }
      |        |- error: type 'S' does not conform to protocol 'Equatable'
      |        `- note: add stubs for conformance

    Swift.==:1:24: note: candidate would match if 'S' conformed to 'RawRepresentable'
    1 | @inlinable public func == <T>(lhs: T, rhs: T) -> Bool where T : RawRepresentable
      |                        `- note: candidate would match if 'S' conformed to 'RawRepresentable'

    /work/tutorial/Sources/Exercises/Chapter02/Ex2_1.swift:10:7: warning: initialization of variable 'count' was never used [#no-usage]
    10 |   var count = 0
       |       `- warning: initialization of variable 'count' was never used [#no-usage]
    [5/6] Compiling Chapter02Exercises Ex2a_Ticks.swift
    """

  func test_eachDiagnostic_keepsItsExcerpt_withAPathFromThePackageRoot() {
    let diagnostics = CompilerDiagnostic.parse(output, root: root)
    XCTAssertEqual(diagnostics.map(\.severity), [.error, .error, .warning])
    XCTAssertEqual(
      diagnostics.map(\.file),
      [
        "Sources/Exercises/Chapter01/Ex1_1.swift", "Sources/Exercises/Chapter01/Ex1_1.swift",
        "Sources/Exercises/Chapter02/Ex2_1.swift",
      ]
    )
    XCTAssertEqual(diagnostics.map(\.line), [6, 6, 10])
    XCTAssertEqual(
      diagnostics[0].text,
      [
        "Sources/Exercises/Chapter01/Ex1_1.swift:6:30: error: cannot find type 'Undefined' in scope",
        "5 | func g() { f(1) }",
        "6 | struct S: Equatable { let a: Undefined }",
        "  |                              `- error: cannot find type 'Undefined' in scope",
        "7 | ",
      ]
    )
    XCTAssertEqual(diagnostics[1].text.last, "  |        `- note: add stubs for conformance")
    XCTAssertEqual(diagnostics[2].text.count, 3, "progress lines are not part of it")
    XCTAssertFalse(
      diagnostics.flatMap(\.text).contains { $0.contains("RawRepresentable") },
      "notes about the standard library's candidates are noise"
    )
  }

  func test_aDoesNotCompileFailure_pointsAtTheFirstError_andNamesTheFullOutputCommand() {
    let errors = CompilerDiagnostic.parse(output, root: root).filter { $0.severity == .error }
    let failure = TestBuild.doesNotCompile(errors)
    XCTAssertEqual(failure.kind, .doesNotCompile)
    XCTAssertEqual(failure.location, "Sources/Exercises/Chapter01/Ex1_1.swift:6")
    XCTAssertTrue(failure.message.hasPrefix("does not compile (2 errors)"), failure.message)
    XCTAssertTrue(failure.message.hasSuffix("swift build --build-tests"), failure.message)
    XCTAssertEqual(failure.details, errors.flatMap(\.text))
  }
}
