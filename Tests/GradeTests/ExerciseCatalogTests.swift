import TestTooling
import ExerciseSupport
import Foundation
import XCTest

@testable import Grade

/// The catalog is the grader's only source of truth, so it must match the files: every stub has
/// a solution, graded tests, three hints and a docs heading to link to; every stub is listed.
final class ExerciseCatalogTests: XCTestCase {
  private func read(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The exercise's stub while it is still as shipped, or nil once a learner has answered there.
  ///
  /// A shipped stub throws `NotImplemented`; an answer does not, and `swift test` must stay green
  /// for a learner. That every shipped stub throws is proven by CI's "untouched stubs" grading.
  private func shippedStub(_ exercise: Exercise) throws -> String? {
    let stub = try read(exercise.stubPath)
    return stub.contains("NotImplemented(\"\(exercise.id)\")") ? stub : nil
  }

  func test_everyExercise_hasAStub_aSolution_gradedTests_hints_andADocsAnchor() throws {
    XCTAssertFalse(ExerciseCatalog.exercises.isEmpty)
    for exercise in ExerciseCatalog.exercises {
      let chapter = exercise.chapter.name
      if let stub = try shippedStub(exercise) {
        XCTAssertTrue(
          stub.contains("TODO(\(exercise.id))"),
          "\(exercise.stubPath) has no TODO(\(exercise.id))"
        )
        XCTAssertTrue(
          stub.contains(exercise.docLink),
          "\(exercise.stubPath) does not link \(exercise.docLink)"
        )
      }
      XCTAssertNoThrow(try read("Sources/Solutions/\(chapter)/\(exercise.stubFile)"), "no solution")

      let testFiles = try FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("Tests/ExerciseTests/\(chapter)").path
      )
      let tests = try testFiles.map { try read("Tests/ExerciseTests/\(chapter)/\($0)") }.joined()
      XCTAssertTrue(
        tests.contains("class \(exercise.testClass): GradedTestCase"),
        "no \(exercise.testClass)"
      )
      XCTAssertTrue(
        tests.contains("// MARK: - Exercise \(exercise.id):"),
        "no MARK for \(exercise.id)"
      )

      XCTAssertEqual(exercise.hints.count, 3, "\(exercise.id): a nudge, the API, an outline")
      let page = try read("docs/\(exercise.chapter.docsPage)")
      XCTAssertTrue(
        MarkdownAnchors.anchors(in: page).contains(exercise.docAnchor),
        "docs/\(exercise.chapter.docsPage) has no heading for #\(exercise.docAnchor)"
      )
    }
  }

  func test_everyStubFile_isInTheCatalog() throws {
    for chapter in ExerciseCatalog.chapters {
      let folder = repositoryRoot.appendingPathComponent("Sources/Exercises/\(chapter.name)")
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      XCTAssertEqual(files, ExerciseCatalog.exercises(in: chapter).map(\.stubFile).sorted())
    }
  }

  /// An id is the chapter's number and a letter, a, b, c in order, never a section's number.
  func test_idsAreUnique_andLetteredInTheirChapter() {
    let ids = ExerciseCatalog.exercises.map(\.id)
    XCTAssertEqual(Set(ids).count, ids.count)
    for chapter in ExerciseCatalog.chapters {
      let exercises = ExerciseCatalog.exercises(in: chapter)
      XCTAssertEqual(
        exercises.map(\.id),
        zip(exercises.indices, "abcdefghi").map { "\(chapter.number)\($1)" },
        chapter.name
      )
      for exercise in exercises {
        XCTAssertTrue(exercise.stubFile.hasPrefix("Ex\(exercise.id)_"), exercise.stubFile)
        XCTAssertTrue(exercise.testClass.hasPrefix("Ex\(exercise.id)_"), exercise.testClass)
      }
    }
  }

  func test_everyExercise_namesItsSection_inTheStubAndTheDocs() throws {
    for exercise in ExerciseCatalog.exercises {
      XCTAssertTrue(exercise.section.hasPrefix("\(exercise.chapter.number)."), exercise.id)
      let page = try read("docs/\(exercise.chapter.docsPage)")
      let sectionHeading = page.split(separator: "\n").first {
        $0.hasPrefix("## \(exercise.section) ")
      }
      guard let sectionHeading else {
        XCTFail("\(exercise.id): no heading for section \(exercise.section)")
        continue
      }
      let title = sectionHeading.dropFirst(3)
      let anchor = try XCTUnwrap(MarkdownAnchors.anchors(in: String(sectionHeading)).first)
      // The exercise's own part of the page, from its heading to the next one.
      let exercisePart = try XCTUnwrap(
        page.components(separatedBy: "### Exercise \(exercise.id):").dropFirst().first?
          .components(separatedBy: "\n#").first
      )
      XCTAssertTrue(
        exercisePart.contains("Practises section [\(title)](#\(anchor))."),
        "docs: exercise \(exercise.id) does not name section \(exercise.section)"
      )
      if let stub = try shippedStub(exercise) {
        XCTAssertTrue(
          stub.contains("(section \(exercise.section)).\n"),
          "\(exercise.stubPath): the header does not name section \(exercise.section)"
        )
      }
      XCTAssertEqual(
        exercise.heading,
        "\(exercise.id)  \(exercise.title) (section \(exercise.section))"
      )
    }
  }

  /// Each mistake names a real test of its exercise, and at least one known-wrong fixture that
  /// CI grades (`.ci/grade-fixtures`) and whose expected output fails that exercise in that test.
  func test_everyMistake_hasItsTest_andAFixtureThatFailsInIt() throws {
    for exercise in ExerciseCatalog.exercises {
      XCTAssertFalse(exercise.mistakes.isEmpty, "\(exercise.id) lists no mistakes")
      let chapter = exercise.chapter.name
      let testFiles = try FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("Tests/ExerciseTests/\(chapter)").path
      )
      let testFile = try XCTUnwrap(
        testFiles.first { $0.hasPrefix(exercise.testClass) },
        "no file for \(exercise.testClass)"
      )
      let tests = try read("Tests/ExerciseTests/\(chapter)/\(testFile)")
      for mistake in exercise.mistakes {
        XCTAssertTrue(
          tests.contains("func \(mistake.test)()"),
          "\(exercise.id) '\(mistake.name)': no \(mistake.test) in \(testFile)"
        )
        XCTAssertFalse(mistake.fixtures.isEmpty, "\(exercise.id) '\(mistake.name)': no fixture")
        for fixture in mistake.fixtures {
          let folder = "Tests/GradeFixtures/\(chapter)/\(fixture)"
          let expect = try read("\(folder)/expect.txt").split(separator: "\n").map(String.init)
          XCTAssertEqual(expect.first, "1", "\(folder) must be graded as failing")
          XCTAssertTrue(
            expect.contains { $0.hasPrefix("[!] \(exercise.id)  ") },
            "\(folder)/expect.txt must expect '[!] \(exercise.id)'"
          )
          // A race that two tests try may fail in either: `one of: in A | in B`.
          let inTheTest = "in \(exercise.testClass).\(mistake.test)"
          let inEither = expect.contains {
            $0.hasPrefix("one of: ")
              && $0.dropFirst(8).split(separator: " | ").contains(Substring(inTheTest))
          }
          XCTAssertTrue(
            expect.contains(inTheTest) || inEither,
            "\(folder)/expect.txt must expect the failure in \(mistake.test)"
          )
          if let saying = mistake.saying, !inEither {
            XCTAssertTrue(
              expect.contains { $0.contains(saying) },
              "\(folder)/expect.txt must expect the message '\(saying)'"
            )
          }
        }
        if let saying = mistake.saying {
          XCTAssertTrue(tests.contains(saying), "no assertion in \(testFile) says '\(saying)'")
        }
      }
    }
  }

  /// A known-wrong fixture that no mistake names would prove nothing the catalog knows about.
  func test_everyKnownWrongFixture_isNamedByAMistake() throws {
    for chapter in ExerciseCatalog.chapters {
      let folder = repositoryRoot.appendingPathComponent("Tests/GradeFixtures/\(chapter.name)")
      let named = Set(
        ExerciseCatalog.exercises(in: chapter).flatMap(\.mistakes).flatMap(\.fixtures)
      )
      for fixture in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where !fixture.hasSuffix(".md") {  // ways-to-go-wrong.md: the table, not a fixture
        let combined = FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("\(fixture)/from.txt").path
        )
        guard !combined else { continue }  // several fixtures at once
        // A right answer of another shape (`mutex-take`) is to be graded done: no mistake.
        let expect = try String(
          contentsOf: folder.appendingPathComponent("\(fixture)/expect.txt"),
          encoding: .utf8
        )
        guard !expect.hasPrefix("0\n") else { continue }
        XCTAssertTrue(named.contains(fixture), "no mistake names \(chapter.name)/\(fixture)")
      }
    }
  }

  /// A failure matches at most one mistake, so the hint shown first is never a guess: mistakes
  /// that share a test must each name a different kind of failure or a different message.
  func test_mistakesThatShareATest_areToldApart() {
    for exercise in ExerciseCatalog.exercises {
      let byTest = Dictionary(grouping: exercise.mistakes, by: \.test)
      for (test, mistakes) in byTest where mistakes.count > 1 {
        for mistake in mistakes {
          XCTAssertTrue(
            mistake.kind != nil || mistake.saying != nil,
            "\(exercise.id) \(test) '\(mistake.name)': give it a kind or a message"
          )
        }
        let signs = mistakes.map { "\(String(describing: $0.kind)) \($0.saying ?? "")" }
        XCTAssertEqual(Set(signs).count, signs.count, "\(exercise.id) \(test): two alike")
      }
    }
  }

  /// A test with several assertions fails in other ways than the mistake it was written for: a
  /// mistake that names its message is the one a failure points to only for that message.
  func test_aMistakeThatNamesItsMessage_matchesOnlyThatMessage() throws {
    let exercise = try XCTUnwrap(ExerciseCatalog.exercise(id: "2b"))
    let mistake = try XCTUnwrap(exercise.mistakes.first { $0.saying != nil })
    let saying = try XCTUnwrap(mistake.saying)
    let quiet = Failure(test: mistake.test, message: saying, details: [])
    XCTAssertEqual(exercise.mistake(for: quiet), mistake)

    // Pages from the wrong number: the error comes through, but the pages before it are wrong.
    let otherwise = Failure(
      test: mistake.test,
      message: "XCTAssertEqual failed: (\"[[\"Zoe\"]]\") is not equal to (\"[[\"Ada\"]]\")",
      details: []
    )
    XCTAssertNil(exercise.mistake(for: otherwise))
  }
}
