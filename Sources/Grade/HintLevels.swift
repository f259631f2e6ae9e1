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

  /// How many hints to show for `exercise`: at least the first.
  func level(of exercise: Exercise) -> Int {
    min(max(levels[exercise.id] ?? 1, 1), exercise.hints.count)
  }

  /// One more hint for `exercise` (up to the last), saved for next time.
  mutating func raise(for exercise: Exercise) throws {
    levels[exercise.id] = min(level(of: exercise) + 1, exercise.hints.count)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try JSONEncoder().encode(levels).write(to: file)
  }
}
