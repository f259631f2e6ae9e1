// What tells the grader that a file was saved: its modification time and size.
import Foundation

enum FileStamps {
  /// Every Swift file under `folder`, by its path from there, with its modification time and
  /// size.
  static func swiftFiles(under folder: URL) -> [String: [Double]] {
    let files = FileManager.default
    var found: [String: [Double]] = [:]
    for case let path as String in files.enumerator(atPath: folder.path)?.allObjects ?? []
    where path.hasSuffix(".swift") {
      let attributes = try? files.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let size = (attributes?[.size] as? NSNumber)?.doubleValue ?? 0
      found[path] = [modified, size]
    }
    return found
  }
}
