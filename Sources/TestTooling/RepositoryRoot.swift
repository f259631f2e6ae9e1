import Foundation

/// The package's root folder, found from this source file's path: tests read the docs and the
/// sources through it.
///
/// ```swift
/// let page = repositoryRoot.appendingPathComponent("docs/Chapter01-Continuations.md")
/// ```
public let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // TestTooling
  .deletingLastPathComponent()  // Sources
  .deletingLastPathComponent()
