// Each exercise's last grade, kept with a fingerprint of its file as it was graded, so that
// `--hint` about a file not changed since shows the hint with that grade instead of grading it
// again. Kept in .build/grade-last.json (deleted with .build, never committed).
import Foundation

struct LastGrades {
  /// One exercise's last grade.
  struct Grade: Codable, Equatable {
    /// The exercise's file when it was graded (see `fingerprint(of:in:)`).
    let fingerprint: String
    let verdict: Verdict
    /// The compiler's warnings about that file.
    let warnings: [CompilerDiagnostic]
  }

  private let file: URL
  private var grades: [String: Grade]

  init(packageRoot: URL) {
    file = packageRoot.appendingPathComponent(".build/grade-last.json")
    grades =
      (try? Data(contentsOf: file)).flatMap {
        try? JSONDecoder().decode([String: Grade].self, from: $0)
      } ?? [:]
  }

  /// What tells one version of the exercise's file from another: its size and an FNV-1a hash
  /// of its bytes; nil when it cannot be read.
  static func fingerprint(of exercise: Exercise, in root: URL) -> String? {
    guard let data = try? Data(contentsOf: root.appendingPathComponent(exercise.stubPath)) else {
      return nil
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "\(data.count) \(String(hash, radix: 16))"
  }

  /// The last grades of every exercise in `scope`, when each was graded before and its file has
  /// not changed since; nil otherwise.
  func unchanged(_ scope: [Exercise], in root: URL) -> [(exercise: Exercise, grade: Grade)]? {
    var found: [(exercise: Exercise, grade: Grade)] = []
    for exercise in scope {
      guard let grade = grades[exercise.id],
        let now = Self.fingerprint(of: exercise, in: root), now == grade.fingerprint
      else { return nil }
      found.append((exercise, grade))
    }
    return found.isEmpty ? nil : found
  }

  /// Keeps `grade` as `exercise`'s last.
  mutating func record(_ grade: Grade, of exercise: Exercise) {
    grades[exercise.id] = grade
  }

  func save() throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try JSONEncoder().encode(grades).write(to: file, options: .atomic)
  }
}
