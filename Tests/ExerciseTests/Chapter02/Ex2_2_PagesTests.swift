import ExerciseSupport
import XCTest

#if SOLUTIONS
import Solutions
#else
import Exercises
#endif

// MARK: - Exercise 2.2: pages on demand

final class Ex2_2_PagesTests: GradedTestCase {
  private let scripted = [["Ada", "Bruno"], ["Chiara", "Dev"], ["Elif"]]

  func test_aNewStream_startsAtPageOne() async throws {
    let source = ScriptedPagedSource(pages: scripted)
    for _ in 1...2 {
      var received: [[String]] = []
      for try await page in pages(from: source) {
        received.append(page)
        if received.count == scripted.count { break }  // how the stream ends is tested below
      }
      XCTAssertEqual(received, scripted, "a new stream over the source did not start at page 1")
    }
  }

  func test_everyPage_thenTheStreamEnds() async throws {
    var received: [[String]] = []
    for try await page in pages(from: ScriptedPagedSource(pages: scripted)) {
      received.append(page)
      if received.count == 10 { break }  // a stream that never ends would go on forever
    }
    XCTAssertEqual(
      received,
      scripted,
      "expected every page in order, then the end at the first empty page"
    )
  }

  func test_pagesOfDifferentSizes_onlyAnEmptyPageEnds() async throws {
    // Four pages, where the other tests have three: the number of pages is the source's.
    let uneven = [["Ada", "Bruno"], ["Chiara"], ["Dev", "Elif"], ["Femi"]]
    var received: [[String]] = []
    for try await page in pages(from: ScriptedPagedSource(pages: uneven)) {
      received.append(page)
      if received.count == 10 { break }
    }
    XCTAssertEqual(
      received,
      uneven,
      "expected every page, short ones too, until the first empty page"
    )
  }

  func test_pagesAreFetchedOnlyWhenAskedFor() async throws {
    let source = ScriptedPagedSource(pages: scripted)
    for try await _ in pages(from: source) { break }
    XCTAssertEqual(
      source.fetchedPages,
      [1],
      "pages were fetched that the consumer did not ask for; expected only page 1"
    )
  }

  func test_aFailingPage_throwsItsError() async throws {
    var received: [[String]] = []
    var thrown: (any Error)?
    do {
      for try await page in pages(from: ScriptedPagedSource(pages: scripted, failingPage: 2)) {
        received.append(page)
      }
    } catch {
      try rethrowIfNotImplemented(error)
      thrown = error
    }
    // The pages first: a stream that ends before page 2 never reaches its error.
    XCTAssertEqual(received, [["Ada", "Bruno"]], "expected page 1, then page 2's error")
    guard let thrown else {
      return XCTFail("page 2 failed, yet the stream ended without an error")
    }
    XCTAssertEqual(
      thrown as? ScriptedFailure,
      ScriptedFailure(),
      "the stream threw \(thrown); expected the source's own error"
    )
  }
}
