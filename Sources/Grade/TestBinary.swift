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

  /// Where the thread-sanitizer build lives, apart from `.build`, so that neither build
  /// invalidates the other.
  static let sanitizerScratchPath = ".build/grade-tsan"

  /// The `swift build` arguments that build the tests, plain or under the thread sanitizer.
  static func buildArguments(packageRoot: URL, sanitized: Bool) -> [String] {
    ["build", "--package-path", packageRoot.path, "--build-tests"]
      + (sanitized
        ? [
          "--sanitize=thread", "--scratch-path",
          packageRoot.appendingPathComponent(sanitizerScratchPath).path,
        ] : [])
  }

  /// For Grade's own tests: with `TUTORIAL_GRADE_TESTS=PROGRAM` in the environment, Grade builds
  /// nothing and grades with PROGRAM, run as `PROGRAM ExerciseTests.CLASS` for each exercise;
  /// the sanitizer run uses `TUTORIAL_GRADE_SANITIZED_TESTS`, or the same PROGRAM.
  static func standIn(sanitized: Bool) -> TestBinary? {
    let environment = ProcessInfo.processInfo.environment
    guard let plain = environment["TUTORIAL_GRADE_TESTS"] else { return nil }
    let program = sanitized ? environment["TUTORIAL_GRADE_SANITIZED_TESTS"] ?? plain : plain
    return TestBinary(
      executable: URL(fileURLWithPath: program),
      prefixArguments: [],
      usesSwiftTest: false
    )
  }

  /// What Grade says when the test program is missing after a build.
  static func notBuiltMessage(_ program: URL) -> String {
    "no built tests at \(program.path); run 'swift build --build-tests'"
  }

  /// Where `swift build` puts the package's products, derived without asking SwiftPM.
  ///
  /// SwiftPM keeps `debug` in the build folder as a link to the platform's folder
  /// (`x86_64-unknown-linux-gnu/debug`); `locate` asks SwiftPM only when the tests are not there.
  static func derivedBinFolder(packageRoot: URL, sanitized: Bool = false) -> URL {
    packageRoot.appendingPathComponent(sanitized ? sanitizerScratchPath : ".build")
      .appendingPathComponent("debug")
  }

  /// The folder `swift build` puts the package's products in, as SwiftPM says.
  static func binFolder(packageRoot: URL, sanitized: Bool = false) async throws -> URL {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swift"] + buildArguments(packageRoot: packageRoot, sanitized: sanitized)
        + ["--show-bin-path"],
      timeout: .seconds(120)
    )
    return URL(fileURLWithPath: result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The built test program of the package at `packageRoot`, plain or under the sanitizer,
  /// looked for in `binFolder` or the derived one first.
  static func locate(
    packageRoot: URL,
    sanitized: Bool = false,
    binFolder known: URL? = nil
  ) async throws -> TestBinary {
    #if os(Linux)
    // On Linux the tests are one program, run directly: XCTest writes each line as it happens,
    // so after a hang or a crash we still see which test was running and what the runtime said.
    let name = "ConcurrencyTutorialPackageTests.xctest"
    var program = (known ?? derivedBinFolder(packageRoot: packageRoot, sanitized: sanitized))
      .appendingPathComponent(name)
    if !FileManager.default.isExecutableFile(atPath: program.path) {
      program = try await binFolder(packageRoot: packageRoot, sanitized: sanitized)
        .appendingPathComponent(name)
    }
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      throw NotFound(description: notBuiltMessage(program))
    }
    return TestBinary(executable: program, prefixArguments: [], usesSwiftTest: false)
    #else
    // Not tested: this tutorial is built and tested on Linux. Elsewhere the test bundle needs a
    // runner, so this goes through SwiftPM, which prints a test's output only when the run ends:
    // after a hang the grader cannot name the test that was running.
    let scratch =
      sanitized
      ? [
        "--sanitize=thread", "--scratch-path",
        packageRoot.appendingPathComponent(sanitizerScratchPath).path,
      ] : []
    return TestBinary(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      prefixArguments: ["swift", "test", "--package-path", packageRoot.path, "--skip-build"]
        + scratch,
      usesSwiftTest: true
    )
    #endif
  }

  /// The arguments that run only `testClass` ("Module.Class").
  func arguments(forTestClass testClass: String) -> [String] {
    usesSwiftTest ? prefixArguments + ["--filter", testClass + "/"] : prefixArguments + [testClass]
  }
}
