// The hints the learner has asked for, kept between runs in .build/grade-hints.json (deleted
// with .build, never committed).
import Foundation

struct RevealedHints {
  private let file: URL
  /// For each exercise id, the hints revealed, in the order they were.
  private(set) var revealed: [String: [String]]

  init(packageRoot: URL) {
    file = packageRoot.appendingPathComponent(".build/grade-hints.json")
    let data = try? Data(contentsOf: file)
    if let saved = data.flatMap({ try? JSONDecoder().decode([String: [String]].self, from: $0) }) {
      revealed = saved
    } else if let levels = data.flatMap({ try? JSONDecoder().decode([String: Int].self, from: $0) })
    {
      // An older grader kept a count: that many of the general hints.
      revealed = levels.reduce(into: [:]) { revealed, level in
        let hints = ExerciseCatalog.exercise(id: level.key)?.hints ?? []
        revealed[level.key] = Array(hints.prefix(max(level.value, 0)))
      }
    } else {
      revealed = [:]
    }
  }

  /// The hints of `sequence` (the exercise's hints for its current failure) already revealed,
  /// in the order they were revealed; hints revealed for a mistake no longer made stay hidden.
  func shown(of exercise: Exercise, in sequence: [String]) -> [String] {
    (revealed[exercise.id] ?? []).filter(sequence.contains)
  }

  /// Reveals the first hint of `sequence` not revealed yet, and saves it for next time.
  ///
  /// - Returns: false, changing nothing, when every hint of `sequence` is already shown.
  mutating func revealNext(of exercise: Exercise, in sequence: [String]) throws -> Bool {
    let shown = revealed[exercise.id] ?? []
    guard let next = sequence.first(where: { !shown.contains($0) }) else { return false }
    revealed[exercise.id] = shown + [next]
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try JSONEncoder().encode(revealed).write(to: file)
    return true
  }
}
