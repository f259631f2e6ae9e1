// `swift run Grade --reset 1b`: put an exercise's stub back as the tutorial shipped it, keeping
// the learner's version in .exercise-backups/.
import ChildProcesses
import Foundation

enum ExerciseReset {
  enum Outcome: Equatable {
    /// The stub is back; the learner's version was saved at this path (from the package root).
    case restored(backup: String)
    /// The file already is the original stub.
    case alreadyUntouched
    /// The learner said no.
    case declined
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// What a reset of one exercise would do, to ask about before doing it.
  struct Plan: Equatable, Sendable {
    let exercise: Exercise
    /// The stub as shipped.
    let original: String
    /// The learner's version, nil when the file is missing.
    let current: String?
    /// Where the learner's version goes, from the package root.
    let backup: String

    /// The command that brings the learner's version back over the stub.
    var bringBack: String { ExerciseReset.bringBack(backup, over: exercise) }

    /// "Put back the original stub of 1b in ...? Your version will be kept in ...".
    var question: String {
      "Put back the original stub of \(exercise.id) in \(exercise.stubPath)? "
        + "Your version will be kept in \(backup)."
    }
  }

  /// "cp BACKUP STUB": the command that puts a kept version back.
  static func bringBack(_ backup: String, over exercise: Exercise) -> String {
    "cp \(backup) \(exercise.stubPath)"
  }

  /// Restores `exercise`'s stub after `confirm` says yes to the question it is given.
  static func reset(
    _ exercise: Exercise,
    in root: URL,
    now: Date = Date(),
    confirm: (String) -> Bool
  ) async throws -> Outcome {
    guard let plan = try await plan(exercise, in: root, now: now) else { return .alreadyUntouched }
    guard confirm(plan.question) else { return .declined }
    return try apply(plan, in: root)
  }

  /// What resetting `exercise` would do; nil when its file already is the original stub.
  static func plan(_ exercise: Exercise, in root: URL, now: Date = Date()) async throws -> Plan? {
    let original = try await originalStub(of: exercise, in: root)
    let file = root.appendingPathComponent(exercise.stubPath)
    let current = try? String(contentsOf: file, encoding: .utf8)
    guard current != original else { return nil }
    let stem = (exercise.stubFile as NSString).deletingPathExtension
    let backup = ".exercise-backups/\(exercise.chapter.name)/\(stem)-\(timestamp(now)).swift"
    return Plan(exercise: exercise, original: original, current: current, backup: backup)
  }

  /// Keeps the learner's version in the backup, then puts the stub back.
  static func apply(_ plan: Plan, in root: URL) throws -> Outcome {
    if let current = plan.current {
      let backupFile = root.appendingPathComponent(plan.backup)
      try FileManager.default.createDirectory(
        at: backupFile.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      try current.write(to: backupFile, atomically: true, encoding: .utf8)
    }
    try plan.original.write(
      to: root.appendingPathComponent(plan.exercise.stubPath),
      atomically: true,
      encoding: .utf8
    )
    return .restored(backup: plan.backup)
  }

  /// The stub as shipped: the newest committed version of the file that still throws
  /// `NotImplemented`, so an answer the learner committed is skipped.
  static func originalStub(of exercise: Exercise, in root: URL) async throws -> String {
    let needs = "--reset needs the tutorial's git history: a git clone, with git installed"
    guard let commits = try await git(["log", "--format=%H", "--", exercise.stubPath], in: root)
    else {
      throw Failure(description: "git cannot read the history of \(root.path) (\(needs))")
    }
    for commit in commits.split(separator: "\n") {
      let text = try await git(["show", "\(commit):\(exercise.stubPath)"], in: root)
      if let text, text.contains("NotImplemented(\"\(exercise.id)\")") { return text }
    }
    throw Failure(description: "found no committed stub of \(exercise.stubPath) (\(needs))")
  }

  /// What git printed, or nil if it failed.
  private static func git(_ arguments: [String], in root: URL) async throws -> String? {
    let result = try await ChildProcess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["git", "-C", root.path] + arguments,
      timeout: .seconds(60)
    )
    return result.termination == .exited(0) ? result.stdout : nil
  }

  /// "20261122-032521", in UTC: backups sort by time.
  private static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: date)
  }
}
