// When some exercise files do not compile, the other exercises are graded in a copy of the
// package where the original stubs stand in for the broken files. The learner's files are never
// touched: the copy is symbolic links to them, plus the stand-ins and a manifest that keeps only
// the graded tests and what they need, with a build folder of its own.
import Foundation

enum ScratchPackage {
  /// The copy, from the package root (inside `.build`, so git and the cleanup of `.build`
  /// already cover it).
  static let path = ".build/grade-scratch/package"

  /// Lays out the copy: everything the build needs linked to the learner's package, except the
  /// manifest (the learner's, with `onlyTheGradedTests` after it), the files in `standIns` (path
  /// from the root: contents), written out, and in `leftOut`.
  ///
  /// - Returns: the copy's root.
  static func prepare(
    packageRoot root: URL,
    standIns: [String: String],
    leftOut: Set<String>
  ) throws -> URL {
    let files = FileManager.default
    let copy = root.appendingPathComponent(path)
    // Everything but the copy's own build folder is laid out afresh each time.
    try files.createDirectory(at: copy, withIntermediateDirectories: true)
    for entry in try files.contentsOfDirectory(atPath: copy.path) where entry != ".build" {
      try files.removeItem(at: copy.appendingPathComponent(entry))
    }
    for entry in ["Chapters", "Tests"] {
      try link(copy.appendingPathComponent(entry), to: root.appendingPathComponent(entry))
    }
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"),
      encoding: .utf8
    )
    try (manifest + onlyTheGradedTests).write(
      to: copy.appendingPathComponent("Package.swift"),
      atomically: true,
      encoding: .utf8
    )
    let sources = root.appendingPathComponent("Sources")
    for module in try files.contentsOfDirectory(atPath: sources.path) where module != "Exercises" {
      try link(
        copy.appendingPathComponent("Sources/\(module)"),
        to: sources.appendingPathComponent(module)
      )
    }
    let exercises = "Sources/Exercises"
    let enumerator = files.enumerator(atPath: root.appendingPathComponent(exercises).path)
    for case let relative as String in enumerator?.allObjects ?? [] {
      let path = "\(exercises)/\(relative)"
      let original = root.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard files.fileExists(atPath: original.path, isDirectory: &isFolder), !isFolder.boolValue,
        !leftOut.contains(path)
      else { continue }
      let target = copy.appendingPathComponent(path)
      if let standIn = standIns[path] {
        try files.createDirectory(
          at: target.deletingLastPathComponent(),
          withIntermediateDirectories: true
        )
        try standIn.write(to: target, atomically: true, encoding: .utf8)
      } else {
        try link(target, to: original)
      }
    }
    return copy
  }

  /// Added to the copy's manifest: the grader runs only the graded tests (ExerciseTests), so the
  /// copy builds only them and the targets they need, not the chapters, the solutions, the
  /// other tests, nor the grader.
  static let onlyTheGradedTests = """

    // Grade's copy for grading around files that do not compile (Sources/Grade/ScratchPackage.swift):
    // only the graded tests and the targets they need.
    do {
      var needed: Set<String> = ["ExerciseTests"]
      var grew = true
      while grew {
        grew = false
        for target in package.targets where needed.contains(target.name) {
          for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _):
              if needed.insert(name).inserted { grew = true }
            default:
              continue
            }
          }
        }
      }
      package.targets.removeAll { !needed.contains($0.name) }
      package.products.removeAll()
    }

    """

  private static func link(_ link: URL, to destination: URL) throws {
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: destination)
  }
}
