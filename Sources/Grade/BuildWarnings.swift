// The compiler's warnings about the learner's files, without compiling anything twice.
//
// SwiftPM prints a file's warnings only on the build that compiles it, and the next build,
// with nothing changed, prints none. So the grader keeps each exercise file's warnings, from
// the build that last compiled it, in .build/grade-warnings.json, beside the file's modification
// time and size before that build. A file changed since was compiled by this run's build, whose
// output has its warnings now; an unchanged one keeps the warnings kept. Only when neither holds
// (the first run, or a file changed and compiled by a build the grader did not see) does the
// grader type-check the files itself.
import Foundation

struct BuildWarnings {
  /// One file's warnings, and its modification time and size when they were taken.
  struct Kept: Codable, Equatable {
    var stamp: [Double]
    var warnings: [CompilerDiagnostic]
  }

  private let root: URL
  private let file: URL
  /// The stamps of the exercise files before the build, by path from the package root.
  let before: [String: [Double]]

  /// Reads the exercise files' stamps: call it before the build, so that a save during the
  /// build is seen as a change next time.
  init(packageRoot: URL) {
    root = packageRoot
    file = packageRoot.appendingPathComponent(".build/grade-warnings.json")
    let stamps = FileStamps.swiftFiles(
      under: packageRoot.appendingPathComponent("Sources/Exercises")
    )
    before = Dictionary(
      uniqueKeysWithValues: stamps.map { ("Sources/Exercises/" + $0.key, $0.value) }
    )
  }

  /// The warnings in every exercise file, from `buildOutput` (the build that just succeeded)
  /// and the ones kept; `typeCheck` is asked only for what neither tells.
  func warnings(
    buildOutput: String,
    typeCheck: () async -> [CompilerDiagnostic]?
  ) async -> [CompilerDiagnostic] {
    let kept =
      (try? Data(contentsOf: file)).flatMap {
        try? JSONDecoder().decode([String: Kept].self, from: $0)
      } ?? [:]
    let compiled = Self.compiledFiles(in: buildOutput)
    // A warning can be printed twice in one build (by the job that emits the module and by the
    // one that compiles the file): each is kept once.
    let fresh = Dictionary(
      grouping: Self.once(
        CompilerDiagnostic.parse(buildOutput, root: root).filter { $0.severity == .warning }
      ),
      by: \.file
    )
    var now: [String: Kept] = [:]
    var unknown = false
    for (path, stamp) in before {
      if compiled.contains((path as NSString).lastPathComponent) {
        now[path] = Kept(stamp: stamp, warnings: fresh[path] ?? [])
      } else if let kept = kept[path], kept.stamp == stamp {
        now[path] = kept
      } else {
        unknown = true
      }
    }
    if unknown {
      guard let checked = await typeCheck() else { return fresh.values.flatMap { $0 } }
      let byFile = Dictionary(
        grouping: Self.once(checked.filter { $0.severity == .warning }),
        by: \.file
      )
      now = before.mapValues { Kept(stamp: $0, warnings: []) }
      for path in now.keys { now[path]?.warnings = byFile[path] ?? [] }
    }
    if now != kept, let data = try? JSONEncoder().encode(now) {
      // Not kept, the warnings are only asked for again: nothing to report.
      try? FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      try? data.write(to: file, options: .atomic)
    }
    return now.keys.sorted().flatMap { now[$0]?.warnings ?? [] }
  }

  /// `diagnostics` in their order, each one only the first time it comes.
  static func once(_ diagnostics: [CompilerDiagnostic]) -> [CompilerDiagnostic] {
    var seen: [CompilerDiagnostic] = []
    for diagnostic in diagnostics where !seen.contains(diagnostic) { seen.append(diagnostic) }
    return seen
  }

  /// The names of the exercise files the build compiled, from SwiftPM's progress lines:
  /// "[4/6] Compiling Chapter03Exercises Ex3a_EventStream.swift" (several files, separated by
  /// ", "; each chapter's stubs are a module of their own).
  static func compiledFiles(in output: String) -> Set<String> {
    var names = Set<String>()
    for line in output.split(separator: "\n") {
      guard let start = line.range(of: "Compiling Chapter") else { continue }
      let module = line[start.upperBound...].prefix { $0 != " " }
      guard module.hasSuffix("Exercises") else { continue }
      for name in line[start.upperBound...].dropFirst(module.count).split(separator: ",") {
        names.insert(name.trimmingCharacters(in: .whitespaces))
      }
    }
    return names
  }
}
