// Building the tests Grade runs. When some of the learner's exercise files do not compile, those
// exercises are reported with the compiler's errors, and the others are still graded, in a copy
// of the package where the original stubs stand in for the broken files.
import ChildProcesses
import Foundation

struct TestBuild {
  /// The program to grade with; nil when no exercise in scope compiles.
  var tests: TestBinary?
  /// The package the program was built from: the learner's, or the copy with stand-ins, which
  /// the sanitizer build must use too.
  var builtFrom: URL
  /// The exercises whose files do not compile, by id.
  var broken: [String: Failure] = [:]
  /// Warnings in the learner's files of the chapters graded.
  var warnings: [CompilerDiagnostic] = []
  /// Files that do not compile, outside the scope, that the stand-ins replaced.
  var replacedOutsideScope: [String] = []

  /// Why nothing can be graded, as lines to print.
  struct Failed: Error {
    let lines: [String]
  }

  static let fullOutputCommand = "swift build --build-tests"

  /// Builds the tests for `scope`; `status` is told what takes a while.
  static func make(
    packageRoot root: URL,
    scope: [Exercise],
    status: (String) -> Void
  ) async throws(Failed) -> TestBuild {
    let kept = BuildWarnings(packageRoot: root)
    let build = try? await swiftBuild(
      TestBinary.buildArguments(packageRoot: root, sanitized: false)
    )
    let binFolder = TestBinary.derivedBinFolder(packageRoot: root)
    let modules = binFolder.appendingPathComponent("Modules")
    let chapters = Set(scope.map { "Sources/Exercises/\($0.chapter.name)/" })
    var result = TestBuild(builtFrom: root)
    func warningsInScope(_ diagnostics: [CompilerDiagnostic]) -> [CompilerDiagnostic] {
      diagnostics.filter { warning in
        warning.severity == .warning && chapters.contains { warning.file.hasPrefix($0) }
      }
    }

    if let build, build.termination == .exited(0) {
      // The warnings come from this build's output, and the ones kept from earlier builds.
      let warnings = await kept.warnings(buildOutput: build.stdout + "\n" + build.stderr) {
        await LearnerDiagnostics.check(packageRoot: root, modules: modules)
      }
      result.warnings = warningsInScope(warnings)
      result.tests = try await located(in: root, binFolder: binFolder)
      return result
    }

    // The build failed: the compiler, asked about every exercise file, tells which do not
    // compile (the build stops at the first module with errors).
    let diagnostics = await LearnerDiagnostics.check(packageRoot: root, modules: modules)
    result.warnings = warningsInScope(diagnostics ?? [])
    // The build failed. If the compiler blames the learner's exercise files, grade around them.
    let errors = (diagnostics ?? []).filter { $0.severity == .error }
    guard !errors.isEmpty else { throw Failed(lines: notCompiling(build, root: root)) }
    let byFile = Dictionary(grouping: errors, by: \.file)
    let brokenExercises = ExerciseCatalog.exercises.filter { byFile[$0.stubPath] != nil }
    let stubPaths = Set(ExerciseCatalog.exercises.map(\.stubPath))
    let leftOut = Set(byFile.keys.filter { !stubPaths.contains($0) })
    for exercise in brokenExercises where scope.contains(exercise) {
      result.broken[exercise.id] = doesNotCompile(byFile[exercise.stubPath] ?? [])
    }
    let scopePaths = Set(scope.map(\.stubPath))
    result.replacedOutsideScope = byFile.keys.filter { !scopePaths.contains($0) }.sorted()
    let gradable = scope.contains { result.broken[$0.id] == nil }

    var standIns: [String: String] = [:]
    for exercise in brokenExercises {
      do {
        standIns[exercise.stubPath] = try await ExerciseReset.originalStub(of: exercise, in: root)
      } catch {
        guard gradable else { return result }
        throw Failed(
          lines: errorLines(errors)
            + ["Grade: cannot grade the other exercises around \(exercise.stubPath): \(error)"]
        )
      }
    }
    let copy: URL
    do {
      copy = try ScratchPackage.prepare(packageRoot: root, standIns: standIns, leftOut: leftOut)
    } catch {
      guard gradable else { return result }
      throw Failed(
        lines: errorLines(errors) + ["Grade: could not prepare a scratch copy: \(error)"]
      )
    }
    // With errors in it, swiftc holds back the warnings of the other files; with the stand-ins
    // in place it gives them.
    if let checked = await LearnerDiagnostics.check(packageRoot: copy, modules: modules) {
      result.warnings = warningsInScope(checked)
    }
    guard gradable else { return result }
    status(
      "Building the other exercises in \(ScratchPackage.path), with the original stubs in place "
        + "of the files that do not compile (the first time takes a minute or two)"
    )
    let scratchBuild = try? await swiftBuild(
      TestBinary.buildArguments(packageRoot: copy, sanitized: false)
    )
    guard scratchBuild?.termination == .exited(0) else {
      // The other files need something from the broken ones: nothing can be graded.
      throw Failed(
        lines: errorLines(errors)
          + ["Even with the original stubs in their place, the other files do not compile."]
          + notCompiling(scratchBuild, root: copy)
      )
    }
    result.tests = try await located(in: copy)
    result.builtFrom = copy
    return result
  }

  /// The test program built from `package` (whose bin folder may be known already).
  private static func located(
    in package: URL,
    binFolder: URL? = nil
  ) async throws(Failed)
    -> TestBinary
  {
    do {
      return try await TestBinary.locate(packageRoot: package, binFolder: binFolder)
    } catch {
      throw Failed(lines: ["Grade: \(error)"])
    }
  }

  /// The tests built under the thread sanitizer, or why they could not be.
  enum Sanitized {
    case ready(TestBinary)
    case broken(Failure)
  }

  /// Builds the tests of `package` (the one the plain tests came from) under the thread
  /// sanitizer, in a build folder of its own.
  static func sanitized(from package: URL) async -> Sanitized {
    if let standIn = TestBinary.standIn(sanitized: true) { return .ready(standIn) }
    let arguments = TestBinary.buildArguments(packageRoot: package, sanitized: true)
    do {
      let result = try await swiftBuild(arguments)
      guard result.termination == .exited(0) else {
        let output = (result.stdout + "\n" + result.stderr).split(separator: "\n")
        return .broken(
          Failure(
            test: nil,
            message: "passes, but could not be checked for data races: the build under the "
              + "thread sanitizer failed (\(result.termination)). See why with: swift "
              + arguments.joined(separator: " "),
            details: output.filter { $0.contains(": error: ") }.prefix(5).map(String.init)
          )
        )
      }
      return .ready(try await TestBinary.locate(packageRoot: package, sanitized: true))
    } catch {
      return .broken(
        Failure(test: nil, message: "could not be checked for data races: \(error)", details: [])
      )
    }
  }

  /// The failure shown for an exercise whose file does not compile: its first errors, each with
  /// the compiler's excerpt.
  static func doesNotCompile(_ errors: [CompilerDiagnostic]) -> Failure {
    let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
    return Failure(
      kind: .doesNotCompile,
      test: nil,
      location: errors.first.map { "\($0.file):\($0.line)" },
      message: "does not compile (\(count)); fix the first one. The compiler's whole output: "
        + "\(fullOutputCommand)",
      details: errors.prefix(3).flatMap(\.text)
    )
  }

  /// `swift build`'s own errors, with their excerpts, when the compiler blames no exercise file.
  private static func notCompiling(_ build: ChildProcessResult?, root: URL) -> [String] {
    guard let build else { return ["Grade: could not run swift build."] }
    let output = build.stdout + "\n" + build.stderr
    let errors = CompilerDiagnostic.parse(output, root: root).filter {
      $0.severity == .error
    }
    let shown =
      errors.isEmpty
      ? output.split(separator: "\n").suffix(20).map { "  " + $0 }
      : errors.prefix(5).flatMap(\.text).map { "  " + $0 }
    return interfaceChanged(errors)
      + ["The code does not compile (\(fullOutputCommand): \(build.termination)):"] + shown
      + ["Fix the first error above, then run `swift run Grade` again."]
  }

  /// What to say when the errors are in an exercise's graded tests: its answer compiles alone,
  /// but no longer declares what the stub did (an actor for a class, an async method).
  static func interfaceChanged(_ errors: [CompilerDiagnostic]) -> [String] {
    ExerciseCatalog.exercises.filter { exercise in
      // "Tests/ExerciseTests/Chapter08/Ex8b_": the test class's file and the one calling it.
      let prefix =
        "Tests/ExerciseTests/\(exercise.chapter.name)/Ex\(exercise.id.replacing(".", with: "_"))_"
      return errors.contains { $0.file.hasPrefix(prefix) }
    }.map { exercise in
      "Your answer to \(exercise.id) does not compile with its graded tests, which call what the "
        + "stub declares as it declares it: keep each public name, type and signature of "
        + "\(exercise.stubPath) (whether a method is async, throws or belongs to an actor)."
    }
  }

  private static func errorLines(_ errors: [CompilerDiagnostic]) -> [String] {
    errors.prefix(5).flatMap(\.text).map { "  " + $0 }
  }

  private static func swiftBuild(_ arguments: [String]) async throws -> ChildProcessResult {
    try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swift"] + arguments,
      timeout: .seconds(1800)
    )
  }
}
