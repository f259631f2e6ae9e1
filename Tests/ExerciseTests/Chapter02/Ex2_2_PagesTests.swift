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
    // Each next() runs with the number of the page it asks for: a fetch started by an earlier
    // next() (a look ahead, or a task that loads the next page) still carries that one's number.
    var iterator = pages(from: source).makeAsyncIterator()
    for request in 1...2 {
      _ = try await PageRequest.$number.withValue(request) { try await iterator.next() }
    }
    for fetch in source.fetchesWithRequests where fetch.request != fetch.page {
      XCTFail(
        "pages were fetched that the consumer did not ask for: page \(fetch.page) while it "
          + (fetch.request.map { "asked for page \($0)" } ?? "asked for none")
          + "; expected each page fetched only when the consumer asks for it"
      )
      return
    }

    let oneOnly = ScriptedPagedSource(pages: scripted)
    for try await _ in pages(from: oneOnly) { break }
    XCTAssertEqual(
      oneOnly.fetchedPages,
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

  func test_theEmptyPage_endsTheStream_evenWithPagesAfterIt() async throws {
    // A source whose third page is not empty: the first empty page still ends the stream.
    let source = ScriptedPagedSource(pages: [["Ada"], [], ["Bruno"]])
    var received: [[String]] = []
    for try await page in pages(from: source) {
      received.append(page)
      if received.count == 10 { break }
    }
    XCTAssertEqual(
      received,
      [["Ada"]],
      "page 2 was empty and page 3 was not, and the stream gave \(received); expected page 1, "
        + "then the end at the first empty page"
    )
    XCTAssertEqual(
      source.fetchedPages,
      [1, 2],
      "pages \(source.fetchedPages) were fetched; expected 1 and 2 only, as the empty page 2 ends "
        + "the stream"
    )
  }

  func test_theSamePageTwice_isTwoPages() async throws {
    // A page equal to the one before it (a name that fills a page of its own, twice) is a page.
    let twice = [["Ada"], ["Ada"], ["Bruno"]]
    var received: [[String]] = []
    for try await page in pages(from: ScriptedPagedSource(pages: twice)) {
      received.append(page)
      if received.count == 10 { break }
    }
    XCTAssertEqual(
      received,
      twice,
      "pages 1 and 2 were equal, and the stream gave \(received); expected every page the source "
        + "gave, in order"
    )
  }

  func test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario() async throws {
    try await assertEveryScenario(
      pagedScenarios(count: 300, seed: 22),
      model: pagedModel,
      answer: pagedAnswer,
      explain: explainPaged
    )
  }
}
