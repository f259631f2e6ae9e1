// The hints the learner has asked for, and the exercise graded last (what a plain `--hint`
// means), kept between runs in .build/grade-hints.json (deleted with .build, never committed).
import Foundation

struct RevealedHints {
  /// What one exercise's learner has seen.
  struct Seen: Codable, Equatable {
    /// Hints 1 to this number of the exercise's general hints.
    var hints = 0
    /// The names of the mistakes whose own hint was shown.
    var mistakes: [String] = []
  }

  /// What one `--hint` (or the h key) revealed.
  enum Reveal: Equatable {
    /// The hint about the mistake the failure names: an extra, outside the numbering.
    case mistake(Mistake)
    /// General hint number `number` (from 1) of the exercise's hints.
    case hint(number: Int)
    /// Every hint was shown already.
    case noneLeft
  }

  private let file: URL
  private var seen: [String: Seen]
  /// The id of the exercise graded last: on its own, or the one a scoreboard named next.
  private(set) var lastGraded: String?

  private struct Saved: Codable {
    var seen: [String: Seen]
    var lastGraded: String?
  }

  init(packageRoot: URL) {
    file = packageRoot.appendingPathComponent(".build/grade-hints.json")
    let data = try? Data(contentsOf: file)
    if let saved = data.flatMap({ try? JSONDecoder().decode(Saved.self, from: $0) }) {
      seen = saved.seen
      lastGraded = saved.lastGraded
    } else if let texts = data.flatMap({
      try? JSONDecoder().decode([String: [String]].self, from: $0)
    }) {
      // An older grader kept the texts shown.
      seen = texts.reduce(into: [:]) { seen, entry in
        guard let exercise = ExerciseCatalog.exercise(id: entry.key) else { return }
        seen[entry.key] = Seen(
          hints: exercise.hints.prefix { entry.value.contains($0) }.count,
          mistakes: exercise.mistakes.filter { entry.value.contains($0.hint) }.map(\.name)
        )
      }
    } else if let levels = data.flatMap({ try? JSONDecoder().decode([String: Int].self, from: $0) })
    {
      // An even older one kept a count of the general hints.
      seen = levels.mapValues { Seen(hints: max($0, 0)) }
    } else {
      seen = [:]
    }
  }

  func seen(of exercise: Exercise) -> Seen {
    var seen = seen[exercise.id] ?? Seen()
    seen.hints = min(seen.hints, exercise.hints.count)
    return seen
  }

  /// The mistakes of `exercise` whose hint was shown, in the catalog's order.
  func mistakesSeen(of exercise: Exercise) -> [Mistake] {
    let names = seen(of: exercise).mistakes
    return exercise.mistakes.filter { names.contains($0.name) }
  }

  /// Reveals one more hint of `exercise` and saves it for next time: the hint about the mistake
  /// `failure` names, when it names one not shown yet, else the next general hint.
  mutating func revealNext(of exercise: Exercise, failure: Failure?) throws -> Reveal {
    var now = seen(of: exercise)
    let reveal: Reveal
    if let mistake = exercise.mistake(for: failure), !now.mistakes.contains(mistake.name) {
      now.mistakes.append(mistake.name)
      reveal = .mistake(mistake)
    } else if now.hints < exercise.hints.count {
      now.hints += 1
      reveal = .hint(number: now.hints)
    } else {
      return .noneLeft
    }
    seen[exercise.id] = now
    try save()
    return reveal
  }

  /// Remembers `exercise` as the one a plain `--hint` is about.
  mutating func remember(lastGraded exercise: Exercise) throws {
    guard lastGraded != exercise.id else { return }
    lastGraded = exercise.id
    try save()
  }

  private func save() throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try JSONEncoder().encode(Saved(seen: seen, lastGraded: lastGraded))
      .write(to: file, options: .atomic)
  }
}
