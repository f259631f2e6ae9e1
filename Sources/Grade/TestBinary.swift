// How the grader runs one XCTest class of the already-built tests.
import ChildProcesses
import Foundation

struct TestBinary: Sendable {
  let executable: URL
  private let prefixArguments: [String]
  private let usesSwiftTest: Bool

  struct NotFound: Error, CustomStringConvertible {
    let description: String
  }

  /// For Grade's own tests: with `TUTORIAL_GRADE_TESTS=PROGRAM` in the environment, Grade builds
  /// nothing and grades with PROGRAM, run as `PROGRAM ExerciseTests.CLASS` for each exercise.
  static var standIn: TestBinary? {
    ProcessInfo.processInfo.environment["TUTORIAL_GRADE_TESTS"].map { program in
      TestBinary(
        executable: URL(fileURLWithPath: program),
        prefixArguments: [],
        usesSwiftTest: false
      )
    }
  }

  /// What Grade says when the test program is missing after a build.
  static func notBuiltMessage(_ program: URL) -> String {
    "no built tests at \(program.path); run 'swift build --build-tests'"
  }

  /// The built test program of the package at `packageRoot`.
  static func locate(packageRoot: URL) async throws -> TestBinary {
    #if os(Linux)
    // On Linux the tests are one program, run directly: XCTest writes each line as it happens,
    // so after a hang or a crash we still see which test was running and what the runtime said.
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swift", "build", "--package-path", packageRoot.path, "--show-bin-path"],
      timeout: .seconds(120)
    )
    let folder = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let program = URL(fileURLWithPath: folder).appendingPathComponent(
      "ConcurrencyTutorialPackageTests.xctest"
    )
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      throw NotFound(description: notBuiltMessage(program))
    }
    return TestBinary(executable: program, prefixArguments: [], usesSwiftTest: false)
    #else
    // Not tested: this tutorial is built and tested on Linux. Elsewhere the test bundle needs a
    // runner, so this goes through SwiftPM, which prints a test's output only when the run ends:
    // after a hang the grader cannot name the test that was running.
    return TestBinary(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      prefixArguments: ["swift", "test", "--package-path", packageRoot.path, "--skip-build"],
      usesSwiftTest: true
    )
    #endif
  }

  /// The arguments that run only `testClass` ("Module.Class").
  func arguments(forTestClass testClass: String) -> [String] {
    usesSwiftTest ? prefixArguments + ["--filter", testClass + "/"] : prefixArguments + [testClass]
  }
}
