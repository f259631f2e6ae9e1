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

  /// How many of the `count` hints of `exercise` the learner has asked for: 0 until the first
  /// `--hint`. (The count is one more when a mistake's own hint leads.)
  func level(of exercise: Exercise, among count: Int) -> Int {
    min(max(levels[exercise.id] ?? 0, 0), count)
  }

  /// Reveals one more of the `count` hints of `exercise` and saves the level for next time.
  ///
  /// - Returns: false, changing nothing, when every hint is already shown.
  mutating func reveal(for exercise: Exercise, among count: Int) throws -> Bool {
    let level = level(of: exercise, among: count)
    guard level < count else { return false }
    levels[exercise.id] = level + 1
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try JSONEncoder().encode(levels).write(to: file)
    return true
  }
}
