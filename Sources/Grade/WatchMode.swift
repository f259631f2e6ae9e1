// `swift run Grade --watch`: grade where the learner stands, then grade the exercise they are on
// again each time a file under Sources/Exercises is saved; on to the next one when it passes.
import Foundation
import LessonSupport

struct WatchMode: Sendable {
  let scope: [Exercise]
  /// The folder whose files are watched: the package's Sources/Exercises.
  let folder: URL
  let console: Console
  /// Builds, grades these exercises and prints the scoreboard; nil when nothing could be built.
  ///
  /// The flag is true for the first grading only.
  let grade: @Sendable ([Exercise], Bool) async -> [(exercise: Exercise, verdict: Verdict)]?
  var clock: any Clock<Duration> = ContinuousClock()
  /// How often the files' modification times are read.
  ///
  /// Polling needs no dependency and works with every editor, including those that save by
  /// writing a new file and renaming it.
  var pollInterval = Duration.milliseconds(300)

  /// Runs until every exercise in scope is done (0), or until the task is cancelled (1).
  func run() async -> Int32 {
    var done = Set<String>()
    var current: Exercise?
    var saved = snapshot()
    // First where the learner stands: every exercise in scope.
    var results = await grade(scope, true)
    while true {
      for (exercise, verdict) in results ?? [] where verdict == .done { done.insert(exercise.id) }
      guard let next = nextExercise(from: current, done: done) else {
        console.print()
        console.print("Every exercise in scope is done. Stopped watching.", style: .success)
        return 0
      }
      if let watched = current, next != watched {
        // The one being watched passed: move on, and show where the next one stands.
        console.print()
        console.print("\(watched.id) is done. On to \(next.heading):", style: .success)
        current = next
        results = await grade([next], false)
        continue
      }
      current = next
      console.print()
      console.print(
        "Watching Sources/Exercises: save a file to grade \(next.id) again. Ctrl-C stops.",
        style: .dim
      )
      do {
        saved = try await waitForChange(from: saved)
      } catch {
        return 1  // cancelled
      }
      if console.isTerminal {
        console.print("\u{1B}[2J\u{1B}[H")  // clear the screen: each report starts afresh
      } else {
        console.print()
        console.print("--- a file changed: grading \(next.id) again ---")
      }
      results = await grade([next], false)
    }
  }

  /// The first exercise not done, starting with the current one and going round the scope.
  private func nextExercise(from current: Exercise?, done: Set<String>) -> Exercise? {
    let start = current.flatMap { scope.firstIndex(of: $0) } ?? 0
    let ordered = scope[start...] + scope[..<start]
    return ordered.first { !done.contains($0.id) }
  }

  /// Every Swift file under the folder, with its modification time and size.
  func snapshot() -> [String: [Double]] {
    let files = FileManager.default
    var found: [String: [Double]] = [:]
    for case let path as String in files.enumerator(atPath: folder.path)?.allObjects ?? []
    where path.hasSuffix(".swift") {
      let attributes = try? files.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let size = (attributes?[.size] as? NSNumber)?.doubleValue ?? 0
      found[path] = [modified, size]
    }
    return found
  }

  /// Polls until a file is added, removed or saved; returns the new snapshot.
  func waitForChange(from before: [String: [Double]]) async throws -> [String: [Double]] {
    while true {
      try await clock.sleep(for: pollInterval)
      let now = snapshot()
      if now != before { return now }
    }
  }
}
