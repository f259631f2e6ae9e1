import Foundation
import XCTest

@testable import Grade

/// The copy that grades around broken files links to the learner's files and never writes to
/// them; only the stand-ins are real files, and the copy's build folder survives a new layout.
final class ScratchPackageTests: XCTestCase {
  func test_theCopyLinksEveryFile_butTheStandIns_andLeavesOutWhatItIsTold() throws {
    let files = FileManager.default
    let root = files.temporaryDirectory.appendingPathComponent("scratch-\(UUID().uuidString)")
    addTeardownBlock { try? files.removeItem(at: root) }
    let learner: [String: String] = [
      "Package.swift": "// manifest",
      "Tests/T.swift": "// tests",
      "Sources/ExerciseSupport/S.swift": "// support",
      "Sources/Exercises/Chapter01/Ex1_1.swift": "broken",
      "Sources/Exercises/Chapter01/Ex1_2.swift": "fine",
      "Sources/Exercises/Chapter01/Helper.swift": "broken helper",
    ]
    for (path, text) in learner {
      let file = root.appendingPathComponent(path)
      try files.createDirectory(
        at: file.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    try files.createDirectory(
      at: root.appendingPathComponent("Chapters"),
      withIntermediateDirectories: true
    )

    for _ in 1...2 {  // laid out again over an existing copy, as every run does
      let copy = try ScratchPackage.prepare(
        packageRoot: root,
        standIns: ["Sources/Exercises/Chapter01/Ex1_1.swift": "stub"],
        leftOut: ["Sources/Exercises/Chapter01/Helper.swift"]
      )
      try files.createDirectory(
        at: copy.appendingPathComponent(".build"),
        withIntermediateDirectories: true
      )
      func read(_ path: String) throws -> String {
        try String(contentsOf: copy.appendingPathComponent(path), encoding: .utf8)
      }
      func isLink(_ path: String) -> Bool {
        (try? files.destinationOfSymbolicLink(atPath: copy.appendingPathComponent(path).path))
          != nil
      }
      XCTAssertEqual(try read("Sources/Exercises/Chapter01/Ex1_1.swift"), "stub")
      XCTAssertFalse(isLink("Sources/Exercises/Chapter01/Ex1_1.swift"))
      XCTAssertEqual(try read("Sources/Exercises/Chapter01/Ex1_2.swift"), "fine")
      XCTAssertTrue(isLink("Sources/Exercises/Chapter01/Ex1_2.swift"))
      XCTAssertFalse(
        files.fileExists(
          atPath: copy.appendingPathComponent("Sources/Exercises/Chapter01/Helper.swift").path
        )
      )
      for path in ["Tests", "Chapters", "Sources/ExerciseSupport"] {
        XCTAssertTrue(isLink(path), path)
      }
      XCTAssertFalse(isLink("Package.swift"))
      XCTAssertEqual(try read("Package.swift"), "// manifest" + ScratchPackage.onlyTheGradedTests)
      XCTAssertTrue(files.fileExists(atPath: copy.appendingPathComponent(".build").path))
    }
    // The learner's files are as they were.
    for (path, text) in learner {
      XCTAssertEqual(
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8),
        text
      )
    }
  }
}
