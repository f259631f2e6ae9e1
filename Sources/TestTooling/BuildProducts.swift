import Foundation

/// Finds programs built by the package, from inside a test or another built program.
///
/// ```swift
/// let chapter = try BuildProducts.executable(named: "Chapter01")
/// ```
public enum BuildProducts {
  /// A product that is not in the build folder.
  public struct NotBuilt: Error, CustomStringConvertible {
    /// The product's name.
    public let name: String
    /// The folders searched.
    public let searched: [String]

    /// A message naming the product and what to run.
    public var description: String {
      "no built '\(name)' next to this program (looked in \(searched.joined(separator: ", "))); "
        + "run 'swift build' first"
    }
  }

  /// The folder `swift build` writes products into, found from the running program's location.
  ///
  /// On Linux a test bundle is a program in that folder; on macOS it is a bundle inside it, so
  /// the search walks up a few levels.
  public static var candidateFolders: [URL] {
    guard let running = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return [] }
    var folders: [URL] = []
    var folder = running.deletingLastPathComponent()
    for _ in 0..<4 {
      folders.append(folder)
      folder = folder.deletingLastPathComponent()
    }
    return folders
  }

  /// The built executable called `name`.
  ///
  /// - Parameter name: the product name, such as "Chapter01".
  /// - Returns: its file URL.
  /// - Throws: `NotBuilt` when no such executable is found.
  public static func executable(named name: String) throws -> URL {
    let folders = candidateFolders
    for folder in folders {
      let candidate = folder.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return candidate
      }
    }
    throw NotBuilt(name: name, searched: folders.map(\.path))
  }
}
