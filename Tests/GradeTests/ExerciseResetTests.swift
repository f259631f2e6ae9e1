import ChildProcesses
import Foundation
import XCTest

@testable import Grade

/// `swift run Grade --reset 1b`, in a scratch git repository holding one stub.
final class ExerciseResetTests: XCTestCase {
  private let exercise = ExerciseCatalog.exercises[1]  // 1b
  private let stub = "// the stub\nthrow NotImplemented(\"1b\")\n"
  private let answer = "// my answer\n"

  /// A git repository whose history holds the stub, and the path of the stub in it.
  private func scratchRepository() async throws -> (root: URL, file: URL) {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("reset-\(UUID().uuidString)")
    let file = root.appendingPathComponent(exercise.stubPath)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    try stub.write(to: file, atomically: true, encoding: .utf8)
    try await shell("git init -q && git add -A && \(commit) -m stub", in: root)
    return (root, file)
  }

  private let commit = "git -c user.name=t -c user.email=t@example.invalid commit -q"

  private func shell(_ script: String, in folder: URL) async throws {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "cd '\(folder.path)' && \(script)"],
      timeout: .seconds(60)
    )
    XCTAssertEqual(result.termination, .exited(0), result.stderr)
  }

  private func read(_ file: URL) throws -> String {
    try String(contentsOf: file, encoding: .utf8)
  }

  func test_anEditedStub_isPutBack_andTheLearnersVersionKept() async throws {
    let (root, file) = try await scratchRepository()
    try answer.write(to: file, atomically: true, encoding: .utf8)
    let date = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC
    var asked: [String] = []
    let outcome = try await ExerciseReset.reset(exercise, in: root, now: date) {
      asked.append($0)
      return true
    }
    let backup = ".exercise-backups/Chapter01/Ex1b_Transcribe-20270115-080000.swift"
    XCTAssertEqual(outcome, .restored(backup: backup))
    XCTAssertEqual(try read(file), stub)
    XCTAssertEqual(try read(root.appendingPathComponent(backup)), answer)
    XCTAssertEqual(asked.count, 1)
    XCTAssertTrue(asked[0].contains(backup), asked[0])
  }

  func test_anAnswerTheLearnerCommitted_isSkipped_theShippedStubComesBack() async throws {
    let (root, file) = try await scratchRepository()
    try answer.write(to: file, atomically: true, encoding: .utf8)
    try await shell("git add -A && \(commit) -m answer", in: root)
    let outcome = try await ExerciseReset.reset(exercise, in: root) { _ in true }
    guard case .restored = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(try read(file), stub)
  }

  func test_saidNo_changesNothing() async throws {
    let (root, file) = try await scratchRepository()
    try answer.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try await ExerciseReset.reset(exercise, in: root) { _ in false }
    XCTAssertEqual(outcome, .declined)
    XCTAssertEqual(try read(file), answer)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: root.appendingPathComponent(".exercise-backups").path)
    )
  }

  func test_anUntouchedStub_needsNothing_andNoQuestion() async throws {
    let (root, _) = try await scratchRepository()
    let outcome = try await ExerciseReset.reset(exercise, in: root) { _ in
      XCTFail("nothing to ask")
      return false
    }
    XCTAssertEqual(outcome, .alreadyUntouched)
  }

  func test_withoutGitHistory_itSaysWhatItNeeds() async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("reset-nogit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    do {
      _ = try await ExerciseReset.reset(exercise, in: root) { _ in true }
      XCTFail("there is nothing to put back")
    } catch {
      XCTAssertTrue("\(error)".contains("--reset needs the tutorial's git history"), "\(error)")
    }
  }

  func test_resetNeedsAnExercise() {
    XCTAssertEqual(try GradeOptions.parse(["--reset", "1b"]).action, .reset)
    XCTAssertThrowsError(try GradeOptions.parse(["--reset"])) {
      XCTAssertEqual("\($0)", "'--reset' needs one exercise, such as: --reset 1b")
    }
    XCTAssertThrowsError(try GradeOptions.parse(["--reset", "Chapter01"]))
  }
}
