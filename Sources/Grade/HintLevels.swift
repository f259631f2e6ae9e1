// How many hints of each exercise the learner has asked for, kept between runs in
// .build/grade-hints.json (deleted with .build, never committed).
import Foundation

struct HintLevels {
  private let file: URL
  private(set) var levels: [String: Int]

  init(packageRoot: URL) {
    file = packageRoot.appendingPathComponent(".build/grade-hints.json")
    let data = try? Data(contentsOf: file)
    levels = data.flatMap { try? JSONDecoder().decode([String: Int].self, from: $0) } ?? [:]
  }

  /// How many hints of `exercise` the learner has asked for: 0 until the first `--hint`.
  func level(of exercise: Exercise) -> Int {
    min(max(levels[exercise.id] ?? 0, 0), exercise.hints.count)
  }

  /// Reveals one more hint of `exercise` and saves the level for next time.
  ///
  /// - Returns: false, changing nothing, when every hint is already shown.
  mutating func reveal(for exercise: Exercise) throws -> Bool {
    let level = level(of: exercise)
    guard level < exercise.hints.count else { return false }
    levels[exercise.id] = level + 1
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try JSONEncoder().encode(levels).write(to: file)
    return true
  }
}
