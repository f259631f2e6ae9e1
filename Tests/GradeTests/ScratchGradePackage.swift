import Foundation
import XCTest

/// A throwaway folder that Grade takes for the tutorial's package, removed when the test ends:
/// a `Package.swift` that names it, the files a test needs, and stand-in test programs (shell
/// scripts) that Grade runs in place of the real tests through `TUTORIAL_GRADE_TESTS`.
struct ScratchGradePackage {
  let folder: URL

  /// Makes the folder, named after `purpose`, with a Package.swift when `isPackage`.
  init(_ purpose: String, isPackage: Bool = true, for test: XCTestCase) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("grade-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { [folder] in try? FileManager.default.removeItem(at: folder) }
    if isPackage {
      try write(#"let package = Package(name: "ConcurrencyTutorial")"#, to: "Package.swift")
    }
  }

  /// Writes `text` to `path` inside the folder, making the folders on the way.
  @discardableResult
  func write(_ text: String, to path: String) throws -> URL {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Writes a shell script that can be run, for Grade to run as the tests.
  @discardableResult
  func writeProgram(_ script: String, to path: String) throws -> URL {
    let file = try write(script, to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    return file
  }
}
