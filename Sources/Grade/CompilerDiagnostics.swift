// What the compiler says about the learner's files, each error or warning with the source
// excerpt and caret that swiftc prints under it.
import ChildProcesses
import Foundation

struct CompilerDiagnostic: Equatable, Sendable, Codable {
  enum Severity: String, Sendable, Codable {
    case error
    case warning
  }

  let severity: Severity
  /// "Sources/Exercises/Chapter01/Ex1a_ScannerService.swift", from the package root.
  let file: String
  let line: Int
  /// "Sources/Exercises/Chapter01/Ex1a_ScannerService.swift:23:12: error: cannot find ...",
  /// then the excerpt: numbered source lines and the caret line under them.
  private(set) var text: [String]

  /// Reads swiftc's output; paths under `root` become relative to it.
  ///
  /// Notes stay with the error or warning they follow; anything else (progress lines, notes
  /// about the standard library's candidates) is left out.
  static func parse(_ output: String, root: URL) -> [CompilerDiagnostic] {
    let prefixes = [root.path, root.resolvingSymlinksInPath().path].map { $0 + "/" }
    var found: [CompilerDiagnostic] = []
    var current: CompilerDiagnostic?
    for raw in output.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(raw)
      for prefix in prefixes where line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
      let header = Header(line)
      if current != nil, header?.severity == "note" || (header == nil && isExcerpt(line)) {
        current?.text.append(line)
      } else {
        // A new error or warning, or the end of one: anything else is not part of it.
        if let finished = current { found.append(finished) }
        current = header.flatMap { header in
          Severity(rawValue: header.severity).map {
            CompilerDiagnostic(severity: $0, file: header.file, line: header.line, text: [line])
          }
        }
      }
    }
    if let finished = current { found.append(finished) }
    return found
  }

  /// "file.swift:23:12: error: message", split up.
  private struct Header {
    let file: String
    let line: Int
    let severity: String

    init?(_ text: String) {
      let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
      guard parts.count == 5, parts[0].hasSuffix(".swift"), let line = Int(parts[1]),
        Int(parts[2]) != nil, parts[4].hasPrefix(" ")
      else { return nil }
      file = String(parts[0])
      self.line = line
      severity = parts[3].trimmingCharacters(in: .whitespaces)
    }
  }

  /// "23 |     return nonsense" or "   |            `- error: ...": the lines of an excerpt.
  private static func isExcerpt(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    let number = trimmed.prefix { $0.isNumber }
    return trimmed.dropFirst(number.count).hasPrefix(" |") || trimmed.hasPrefix("|")
  }
}

enum LearnerDiagnostics {
  /// Type-checks everything under `Sources/Exercises` the way the package builds it, each
  /// chapter's folder as its own module ("Chapter01Exercises"), against the modules in `modules`
  /// (the build's `Modules` folder).
  ///
  /// The grader asks it when the build failed (to know which files do not compile), and when
  /// it cannot know a file's warnings otherwise (see BuildWarnings). Nil when swiftc could not
  /// be run or said nothing usable.
  static func check(packageRoot root: URL, modules: URL) async -> [CompilerDiagnostic]? {
    let folder = root.appendingPathComponent("Sources/Exercises")
    let chapters = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix("Chapter") }
      .sorted()
    // One swiftc a chapter, all at once: each spends most of its time loading Foundation.
    let found = await withTaskGroup(of: (Int, [CompilerDiagnostic]?).self) { group in
      for (index, chapter) in chapters.enumerated() {
        group.addTask {
          let diagnostics = await check(
            folder.appendingPathComponent(chapter),
            moduleName: chapter + "Exercises",
            packageRoot: root,
            modules: modules
          )
          return (index, diagnostics)
        }
      }
      var byChapter: [Int: [CompilerDiagnostic]?] = [:]
      for await (index, diagnostics) in group { byChapter[index] = diagnostics }
      return chapters.indices.map { byChapter[$0] ?? nil }
    }
    guard !found.contains(where: { $0 == nil }) else { return nil }
    return found.flatMap { $0 ?? [] }
  }

  /// Type-checks the files in one chapter's folder as the module `moduleName`.
  private static func check(
    _ folder: URL,
    moduleName: String,
    packageRoot root: URL,
    modules: URL
  ) async -> [CompilerDiagnostic]? {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".swift") }
      .sorted()
      .map { folder.appendingPathComponent($0).path }
    guard !files.isEmpty else { return [] }
    let arguments =
      ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", moduleName]
      + ["-I", modules.path] + files
    guard
      let result = try? await ChildProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"),
        arguments: arguments,
        timeout: .seconds(120)
      ),
      result.termination == .exited(0) || result.termination == .exited(1)
    else { return nil }
    let diagnostics = CompilerDiagnostic.parse(result.stderr + "\n" + result.stdout, root: root)
    // A failure with no error of its own, or a support module not built yet, is not the
    // learner's to fix: the build's own output says more.
    if result.termination == .exited(1),
      !diagnostics.contains(where: { $0.severity == .error })
        || diagnostics.contains(where: { $0.text[0].contains("error: no such module") })
    {
      return nil
    }
    return diagnostics
  }
}
