// Every graded exercise: each chapter's own list lives in Catalog/ChapterNNExercises.swift.

enum ExerciseCatalog {
  static let chapters = [
    chapter01, chapter02, chapter03, chapter04, chapter05, chapter06, chapter07, chapter08,
  ]

  static let exercises: [Exercise] =
    chapter01Exercises + chapter02Exercises + chapter03Exercises + chapter04Exercises
    + chapter05Exercises + chapter06Exercises + chapter07Exercises + chapter08Exercises

  /// The chapter a command-line word names: "Chapter01", "chapter01", "01" or "1".
  static func chapter(named word: String) -> ChapterInfo? {
    chapters.first { chapter in
      word.lowercased() == chapter.name.lowercased() || Int(word) == chapter.number
    }
  }

  /// The exercise with this id, such as "1b" (or "1B").
  static func exercise(id: String) -> Exercise? {
    exercises.first { $0.id == id.lowercased() }
  }

  static func exercises(in chapter: ChapterInfo) -> [Exercise] {
    exercises.filter { $0.chapter == chapter }
  }
}
