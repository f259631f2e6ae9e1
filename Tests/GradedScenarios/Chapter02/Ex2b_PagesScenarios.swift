import ExerciseSupport
import Foundation
import LessonSupport

// Exercise 2b graded by its statement: generated sources (0 to 10,030 pages of 1 to 4 names, blank
// ones among them, names with spaces or line breaks around them or in decomposed Unicode, pages
// equal to the one before or to an earlier one, one page up to 5,000 times in a row, pages after
// the first empty one, a failure at any page, the empty one's too, CancellationError or any of the
// platform's POSIX errors among the failures, a fetch that throws when its task is cancelled or
// not), one to three streams read at once, in turns or one after the other, over one source or one
// each, and consumers that read to the end and ask once more, leave by break after any page, or
// whose task is cancelled between two pages or while a page is fetched. Besides, a source of
// 1,100,000 pages and one of 40,000 equal pages.

/// One run of `pages(from:)`, over one or more sources, as the grade generates it.
struct PagedScenario: GradedScenario {
  /// A source's pages.
  struct Book: Equatable, Sendable {
    /// The pages before the first empty one.
    var pages: [[String]]
    /// Pages after the first empty one, none of them empty.
    var afterTheEmpty: [[String]] = []
    /// The page (from 1) whose fetch throws `PageFetchFailed`, if any.
    var failingPage: Int?
    /// That page throws `CancellationError` instead, though nobody cancelled anything.
    var failsWithCancellation = false
    /// A fetch under way when its task is cancelled throws `CancellationError`.
    var cancelThrows = false
    /// That page throws an error of the platform's own type instead.
    var failsWith: PlatformError?
    /// Or an error that carries another (NSUnderlyingErrorKey), or a code only `CarriedError`
    /// names.
    var failsWithCarried: CarriedError?

    /// Page `number` as the source gives it.
    func page(_ number: Int) -> [String] {
      if number >= 1 && number <= pages.count { return pages[number - 1] }
      let after = number - pages.count - 2
      return after >= 0 && after < afterTheEmpty.count ? afterTheEmpty[after] : []
    }

    /// The first page that is not a page: the failing one, or the first empty one.
    var end: Int { min(failingPage ?? .max, pages.count + 1) }

    /// The error of the failing page, as the messages name it.
    var failure: String {
      failsWithCarried.map { "\($0)" } ?? failsWith.map { "\($0)" }
        ?? (failsWithCancellation ? "CancellationError" : "PageFetchFailed")
    }

    /// The error of the failing page.
    func error(of page: Int) -> any Error {
      if let failsWithCarried { return failsWithCarried.error }
      if let failsWith { return failsWith.error }
      return failsWithCancellation ? CancellationError() : PageFetchFailed(page: page)
    }
  }

  enum Consumer: Equatable, Sendable {
    /// Reads every page, then asks once more after the end (or the error).
    case readsToTheEnd
    /// Reads this many pages, then leaves its loop by break.
    case leavesAfter(Int)
    /// Reads this many pages; then its task is cancelled, and it asks once more.
    case cancelledAfter(Int)
    /// Its task is cancelled while the page it asked for is fetched (this one, from 1); then it
    /// asks once more.
    case cancelledWhileFetching(Int)
  }

  struct Reader: Equatable, Sendable {
    var book: Int
    var consumer: Consumer
  }

  var books: [Book]
  var readers: [Reader]
  /// The streams are read in turns, one step each; else one after the other (all made first).
  var inTurns = false
  /// Each stream is made in a task already cancelled, and handed to its consumer's task.
  var madeInACancelledTask = false

  var size: Int {
    books.map { $0.pages.count + $0.afterTheEmpty.count }.reduce(0, +) + 2 * readers.count
      + (inTurns ? 1 : 0) + (madeInACancelledTask ? 1 : 0)
  }

  var description: String {
    let names = ["A", "B", "C"]
    var parts = books.enumerated().map { index, book in
      var text = "source \(names[index]): " + spelledBook(book)
      let cancelled = readers.contains {
        guard $0.book == index, case .cancelledWhileFetching = $0.consumer else { return false }
        return true
      }
      if book.cancelThrows && cancelled {
        text += ", a fetch throws CancellationError if its task is cancelled"
      }
      return text
    }
    for (index, reader) in readers.enumerated() {
      let stream = readers.count > 1 ? "stream \(index + 1) = " : ""
      var text = "\(stream)pages(from: \(names[reader.book])), whose consumer "
      switch reader.consumer {
      case .readsToTheEnd: text += "reads to the end, then calls next() once more"
      case .leavesAfter(let count):
        text += "reads \(count) page\(plural(count)), then leaves by break"
      case .cancelledAfter(let count):
        text += "reads \(count) page\(plural(count)), then its task is cancelled and it calls "
        text += "next() once more"
      case .cancelledWhileFetching(let number):
        text += "is cancelled while page \(number) is fetched, then calls next() once more"
      }
      parts.append(text)
    }
    if readers.count > 1 {
      parts.append(inTurns ? "the streams take turns, one step each" : "read one after the other")
    }
    if madeInACancelledTask {
      parts.append(
        "pages(from:) called in a task already cancelled, which hands the stream to a consumer "
          + "task that is not cancelled"
      )
    }
    return parts.joined(separator: "; ")
  }

  var smaller: [PagedScenario] {
    var candidates: [PagedScenario] = []
    func with(_ change: (inout PagedScenario) -> Void) {
      var copy = self
      change(&copy)
      if copy != self, copy.isPossible { candidates.append(copy) }
    }
    for index in readers.indices where readers.count > 1 {
      with {
        $0.readers.remove(at: index)
        $0.dropUnreadBooks()
      }
    }
    with { $0.inTurns = false }
    with { $0.madeInACancelledTask = false }
    for index in books.indices {
      let count = books[index].pages.count
      // Half the pages first: a difference at page 101 of 1,030 shrinks in a few steps.
      for kept in [count / 2, count - 1] where kept >= 0 && kept < count && (kept > 0 || count > 1)
      {
        with {
          $0.books[index].pages = Array($0.books[index].pages.prefix(kept))
          $0.books[index].failingPage = $0.books[index].failingPage.map { min($0, kept + 1) }
          $0.refitReaders(of: index)
        }
      }
      if count <= 12 {
        for pages in books[index].pages.eachWithOneLeftOut {
          with {
            $0.books[index].pages = pages
            $0.books[index].failingPage = $0.books[index].failingPage.map { min($0, count) }
            $0.refitReaders(of: index)
          }
        }
      }
      with { $0.books[index].afterTheEmpty = [] }
      with {
        $0.books[index].failingPage = nil
        $0.refitReaders(of: index)
      }
      with { $0.books[index].cancelThrows = false }
      with { $0.books[index].failsWithCancellation = false }
      with { $0.books[index].failsWith = nil }
      with { $0.books[index].failsWithCarried = nil }
      with { $0.books[index].pages = $0.books[index].pages.map { [$0[0]] } }
    }
    for index in readers.indices {
      with { $0.readers[index].consumer = .readsToTheEnd }
      switch readers[index].consumer {
      case .leavesAfter(let count): with { $0.readers[index].consumer = .leavesAfter(count - 1) }
      case .cancelledAfter(let count):
        with { $0.readers[index].consumer = .cancelledAfter(count - 1) }
      case .cancelledWhileFetching(let number):
        with { $0.readers[index].consumer = .cancelledWhileFetching(number - 1) }
      case .readsToTheEnd: break
      }
    }
    return candidates
  }

  /// Each consumer fitted to its book's pages.
  var fittedReaders: Self {
    var copy = self
    for index in books.indices { copy.refitReaders(of: index) }
    return copy
  }

  /// Fits each consumer of book `index` to its pages, once they changed.
  private mutating func refitReaders(of index: Int) {
    let pages = books[index].end - 1
    readers = readers.map { $0.book == index ? $0.fitted(to: pages) : $0 }
  }

  /// Leaves out the books no reader reads.
  private mutating func dropUnreadBooks() {
    let read = books.indices.filter { book in readers.contains { $0.book == book } }
    books = read.map { books[$0] }
    readers = readers.map { reader in
      var copy = reader
      copy.book = read.firstIndex(of: reader.book) ?? 0
      return copy
    }
  }

  /// Each reader's book exists, and its consumer stays within that book's pages.
  var isPossible: Bool {
    readers.allSatisfy { reader in
      guard books.indices.contains(reader.book) else { return false }
      let pages = books[reader.book].end - 1
      switch reader.consumer {
      case .readsToTheEnd: return true
      case .leavesAfter(let count), .cancelledAfter(let count): return count >= 0 && count <= pages
      case .cancelledWhileFetching(let number): return number >= 1 && number <= pages
      }
    } && books.indices.allSatisfy { book in readers.contains { $0.book == book } }
  }

  /// What each reader does, in order.
  func steps(of reader: Reader) -> [PagedStep] {
    let end = books[reader.book].end
    switch reader.consumer {
    case .readsToTheEnd: return Array(repeating: .next, count: end + 1) + [.leave]
    case .leavesAfter(let count): return Array(repeating: .next, count: count) + [.leave]
    case .cancelledAfter(let count):
      return Array(repeating: .next, count: count) + [.cancel, .next, .leave]
    case .cancelledWhileFetching(let number):
      return Array(repeating: .next, count: number - 1) + [.cancelWhileFetching, .next, .leave]
    }
  }

  /// The order the test takes the steps in: (reader, its step).
  var schedule: [(reader: Int, step: PagedStep)] {
    let all = readers.map(steps(of:))
    guard inTurns else {
      return all.enumerated().flatMap { reader, steps in steps.map { (reader, $0) } }
    }
    var order: [(reader: Int, step: PagedStep)] = []
    for turn in 0..<(all.map(\.count).max() ?? 0) {
      for (reader, steps) in all.enumerated() where turn < steps.count {
        order.append((reader, steps[turn]))
      }
    }
    return order
  }
}

extension PagedScenario.Reader {
  /// The same reader over a book now `pages` long before its end.
  func fitted(to pages: Int) -> Self {
    var copy = self
    switch consumer {
    case .readsToTheEnd: break
    case .leavesAfter(let count): copy.consumer = .leavesAfter(min(count, pages))
    case .cancelledAfter(let count): copy.consumer = .cancelledAfter(min(count, pages))
    case .cancelledWhileFetching(let number):
      copy.consumer = pages == 0 ? .readsToTheEnd : .cancelledWhileFetching(min(number, pages))
    }
    return copy
  }
}

/// One step of a consumer.
enum PagedStep: Equatable, Sendable {
  case next
  /// The consumer's task is cancelled between two calls of next().
  case cancel
  /// The consumer calls next(), and its task is cancelled while the page is fetched.
  case cancelWhileFetching
  /// The consumer leaves its loop and lets go of the stream.
  case leave
}

extension PagedScenario: Equatable {}

/// "2 pages ["Ada"], ["Ada", ""], then an empty page": a book as the messages show it.
func spelledBook(_ book: PagedScenario.Book) -> String {
  let pages = book.pages
  var text = pages.isEmpty ? "no pages" : "\(pages.count) page\(plural(pages.count))"
  if pages.count > 0 && pages.count <= 4 {
    text += " " + pages.map { "\($0)" }.joined(separator: ", ")
  } else if pages.count > 4, let first = pages.first, pages.allSatisfy({ $0 == first }) {
    text += ", each \(first)"
  }
  let cancelled = book.failsWithCancellation ? ", nobody having cancelled anything" : ""
  if let failing = book.failingPage, failing <= pages.count {
    text += " (page \(failing) throws \(book.failure)\(cancelled))"
  }
  if book.failingPage == pages.count + 1 {
    return text + ", then page \(pages.count + 1) throws \(book.failure)\(cancelled)"
  }
  text += ", then an empty page"
  if !book.afterTheEmpty.isEmpty {
    text += ", then \(book.afterTheEmpty.count) more page\(plural(book.afterTheEmpty.count))"
  }
  return text
}

private func plural(_ count: Int) -> String { count == 1 ? "" : "s" }

/// What one consumer got from each next(), and which pages were fetched for it.
struct PagedReaderOutcome: Equatable, Sendable {
  enum Got: Equatable, Sendable {
    /// A page of the source, by its number.
    case page(Int)
    /// Names that are no page of the source.
    case names([String])
    case end
    case thrown(String)
    /// The page asked for while the task was cancelled: the page, CancellationError or the end.
    case pageOrCancellation(Int)
  }

  var got: [Got] = []
  /// (page, the next() it was fetched for, from 1).
  var fetched: [(page: Int, next: Int)] = []
  /// Pages whose fetch was under way when the consumer's task was cancelled, and went on in a
  /// task that was not cancelled.
  var fetchesNotCancelled: [Int] = []
  /// Pages fetched in a task other than the consumer's.
  var fetchedInAnotherTask: [Int] = []

  static func == (left: Self, right: Self) -> Bool {
    left.got == right.got && left.fetched.map(\.page) == right.fetched.map(\.page)
      && left.fetched.map(\.next) == right.fetched.map(\.next)
      && left.fetchesNotCancelled == right.fetchesNotCancelled
      && left.fetchedInAnotherTask == right.fetchedInAnotherTask
  }
}

/// What the consumers saw, and what was left behind.
struct PagedOutcome: Equatable, CustomStringConvertible {
  var readers: [PagedReaderOutcome]
  /// "page 1 of A": pages fetched while no consumer had called next().
  var unasked: [String] = []
  /// Sources still alive once every consumer and the test let go.
  var sourcesKept: [String] = []

  var description: String {
    var parts = readers.enumerated().map { index, reader in
      var text =
        (readers.count > 1 ? "stream \(index + 1): " : "") + "next() gave "
        + spelledGot(reader.got) + "; pages fetched: " + spelledFetches(reader.fetched)
      for page in reader.fetchesNotCancelled {
        text += "; the fetch of page \(page) went on uncancelled after the consumer's task was "
        text += "cancelled"
      }
      if let page = reader.fetchedInAnotherTask.first {
        let more = reader.fetchedInAnotherTask.count - 1
        text += "; page \(page)" + (more > 0 ? " and \(more) more" : "")
        text += " fetched in a task other than the consumer's"
      }
      return text
    }
    if !unasked.isEmpty {
      parts.append("fetched while no next() was under way: " + unasked.joined(separator: ", "))
    }
    if !sourcesKept.isEmpty {
      parts.append(
        "source \(sourcesKept.joined(separator: ", ")) still alive once the consumers and the test "
          + "let go"
      )
    }
    return parts.joined(separator: "; ")
  }
}

/// "pages 1-3, the end, the end": what each next() gave, runs of pages in one.
private func spelledGot(_ got: [PagedReaderOutcome.Got]) -> String {
  guard !got.isEmpty else { return "nothing (never called)" }
  var parts: [String] = []
  var run: (first: Int, last: Int)?
  func closeRun() {
    if let run {
      parts.append(run.first == run.last ? "page \(run.first)" : "pages \(run.first)-\(run.last)")
    }
    run = nil
  }
  for item in got {
    if case .page(let number) = item, let open = run, number == open.last + 1 {
      run = (open.first, number)
      continue
    }
    closeRun()
    switch item {
    case .page(let number): run = (number, number)
    case .names([]): parts.append("an empty page []")
    case .names(let names):
      parts.append("\(names), no page of the source")
    case .end: parts.append("the end")
    case .thrown(let error): parts.append("\(error) thrown")
    case .pageOrCancellation(let number):
      parts.append("page \(number), CancellationError or the end")
    }
  }
  closeRun()
  return parts.joined(separator: ", ")
}

/// "1-3, 4 during next() 3": fetches as the messages show them; a page alone or in a run was
/// fetched during the next() of the same number.
private func spelledFetches(_ fetched: [(page: Int, next: Int)]) -> String {
  guard !fetched.isEmpty else { return "none" }
  var parts: [String] = []
  var run: (first: Int, last: Int)?
  func closeRun() {
    if let run { parts.append(run.first == run.last ? "\(run.first)" : "\(run.first)-\(run.last)") }
    run = nil
  }
  for fetch in fetched {
    if fetch.page == fetch.next {
      if let open = run, fetch.page == open.last + 1 {
        run = (open.first, fetch.page)
      } else {
        closeRun()
        run = (fetch.page, fetch.page)
      }
      continue
    }
    closeRun()
    parts.append(
      "\(fetch.page) during next() \(fetch.next)"
    )
  }
  closeRun()
  return parts.joined(separator: ", ")
}

/// The statement of exercise 2b, as a program.
func pagedModel(_ scenario: PagedScenario) -> PagedOutcome {
  PagedOutcome(
    readers: scenario.readers.map { reader in
      let book = scenario.books[reader.book]
      var outcome = PagedReaderOutcome()
      var calls = 0
      var over = false  // the stream has ended, or its consumer's task was cancelled
      for step in scenario.steps(of: reader) {
        switch step {
        case .next, .cancelWhileFetching:
          calls += 1
          if over {
            outcome.got.append(.end)
            continue
          }
          outcome.fetched.append((calls, calls))
          if step == .cancelWhileFetching {
            outcome.got.append(.pageOrCancellation(calls))
            over = true
          } else if calls < book.end {
            outcome.got.append(.page(calls))
          } else {
            outcome.got.append(calls == book.failingPage ? .thrown(book.failure) : .end)
            over = true
          }
        case .cancel: over = true
        case .leave: break
        }
      }
      return outcome
    }
  )
}

/// A reference that does not keep its source alive.
struct WeakSource {
  weak var source: BookSource?
}

/// The runs exercise 2b is graded on: a fixed list, from a fixed seed.
func pagedScenarios(count: Int, seed: UInt64) -> [PagedScenario] {
  var numbers = SeededNumbers(seed: seed)
  var scenarios: [PagedScenario] = []
  while scenarios.count < count {
    let books = (0..<(numbers.chance(20) ? 2 : 1)).map { _ in generatedBook(&numbers) }
    let readerCount = max(books.count, numbers.pick([1, 1, 1, 2, 2, 3]))
    let readers = (0..<readerCount).map { index in
      let book = index < books.count ? index : Int.random(in: 0..<books.count, using: &numbers)
      let pages = books[book].end - 1
      let consumer: PagedScenario.Consumer =
        switch Int.random(in: 0..<100, using: &numbers) {
        case 0..<45: .readsToTheEnd
        case 45..<65: .leavesAfter(Int.random(in: 0...pages, using: &numbers))
        case 65..<80: .cancelledAfter(Int.random(in: 0...pages, using: &numbers))
        default:
          pages == 0
            ? .readsToTheEnd : .cancelledWhileFetching(Int.random(in: 1...pages, using: &numbers))
        }
      return PagedScenario.Reader(book: book, consumer: consumer)
    }
    let scenario = PagedScenario(
      books: books,
      readers: readers,
      inTurns: readers.count > 1 && numbers.chance(50)
    )
    if scenario.isPossible { scenarios.append(scenario) }
  }
  // One run always reads a source of more than 10,000 pages to its end.
  var long = generatedBook(&numbers, pages: Int.random(in: 10_000...10_030, using: &numbers))
  long.failingPage = nil
  scenarios[scenarios.count - 1] = PagedScenario(
    books: [long],
    readers: [PagedScenario.Reader(book: 0, consumer: .readsToTheEnd)],
    inTurns: false
  )
  return scenarios
}

/// Runs 2b is graded on besides `pagedScenarios`', from a seed of their own: pages that fail
/// with the platform's errors, and one page given many times in a row.
func pagedScenariosOfOddSources(count: Int, seed: UInt64) -> [PagedScenario] {
  var numbers = SeededNumbers(seed: seed)
  return pagedScenarios(count: count, seed: seed).dropLast().map { drawn in
    var scenario = drawn
    for index in scenario.books.indices {
      var book = scenario.books[index]
      if numbers.chance(50) {
        book.failingPage = Int.random(in: 1...book.pages.count + 1, using: &numbers)
        book.failsWith = numbers.platformError()
        book.failsWithCancellation = false
      }
      if numbers.chance(40), let first = book.pages.first {
        // One page, as many times in a row as any number of digits says.
        book.pages = Array(repeating: first, count: numbers.logUniform(2...300))
        book.failingPage = book.failingPage.map { min($0, book.pages.count + 1) }
      }
      scenario.books[index] = book
    }
    return scenario.fittedReaders
  }.filter(\.isPossible)
}

/// Runs 2b is graded on besides the others', from a seed of their own: a source that gives one
/// page many more times in a row (301 to 5,000, as many times as any number of digits says), then
/// up to 3 pages of its own, read to the end.
func pagedScenariosOfManyEqualPages(count: Int, seed: UInt64) -> [PagedScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return (0..<count).map { _ in
    var book = generatedBook(&numbers, pages: 1)
    let repeats = numbers.logUniform(301...5_000)
    let then = generatedBook(&numbers, pages: Int.random(in: 0...3, using: &numbers)).pages
    book.pages = Array(repeating: book.pages[0], count: repeats) + then
    book.failingPage = nil
    return PagedScenario(
      books: [book],
      readers: [PagedScenario.Reader(book: 0, consumer: .readsToTheEnd)],
      inTurns: false
    )
  }
}

/// How many pages a source has: mostly a few, now and then more than an answer that counts them
/// might allow (past 100, 128, 256, 1,000, 1,024 and 10,000).
private func generatedPageCount(_ numbers: inout SeededNumbers) -> Int {
  switch Int.random(in: 0..<200, using: &numbers) {
  case 0..<144: Int.random(in: 0...6, using: &numbers)
  case 144..<168: Int.random(in: 7...30, using: &numbers)
  case 168..<186: Int.random(in: 99...140, using: &numbers)
  case 186..<194: Int.random(in: 250...270, using: &numbers)
  case 194..<199: Int.random(in: 1_000...1_030, using: &numbers)
  default: Int.random(in: 10_000...10_030, using: &numbers)
  }
}

/// A source of `count` pages (a generated count if nil), some repeated, some failing.
private func generatedBook(
  _ numbers: inout SeededNumbers,
  pages count: Int? = nil
) -> PagedScenario.Book {
  let count = count ?? generatedPageCount(&numbers)
  // A blank name too: a page of blank names is a page.
  let names = ["Ada", "Bruno", "Chiara", "Dev", "Elif", "Femi", "Goran", "Hana", ""]
  func page() -> [String] {
    (0..<Int.random(in: 1...4, using: &numbers)).map { _ in numbers.pick(names) }
  }
  var pages: [[String]] = []
  for _ in 0..<count {
    // Now and then a page equal to the one before it, or to an earlier one.
    let repeated =
      pages.isEmpty
      ? nil : numbers.chance(15) ? pages.last : numbers.chance(8) ? numbers.pick(pages) : nil
    pages.append(repeated ?? page())
  }
  let after =
    numbers.chance(20) ? (0..<Int.random(in: 1...2, using: &numbers)).map { _ in page() } : []
  let failing = numbers.chance(25) ? Int.random(in: 1...count + 1, using: &numbers) : nil
  return PagedScenario.Book(
    pages: pages,
    afterTheEmpty: after,
    failingPage: failing,
    failsWithCancellation: failing != nil && numbers.chance(30),
    cancelThrows: numbers.chance(50)
  )
}

/// The failure message: the run, then what the answer's stream did and what the statement says.
func explainPaged(
  _ scenario: PagedScenario,
  _ got: PagedOutcome,
  _ expected: PagedOutcome
)
  -> String
{
  "\(scenario): your stream: \(got); the statement gives \(expected)"
}

/// Runs 2b is graded on besides the others', from a seed of their own: 1 to 4 pages of names as a
/// source may hold them (spaces, tabs or line breaks around or inside them, decomposed Unicode,
/// blank ones), read to the end.
func pagedScenariosOfOddNames(count: Int, seed: UInt64) -> [PagedScenario] {
  var numbers = SeededNumbers(seed: seed &+ 5)
  let names = [
    " Ada ", "Ada\n", "\tBruno", "Chiara\r\n", "Dev  ", "  ", "\n", "Zoe\u{308}", "Jose\u{301}",
    "Elif  Femi", "\u{A0}Goran", "Hana\u{2028}",
  ]
  return pagedScenarios(ofNames: names, count: count, numbers: &numbers)
}

/// Runs 2b is graded on besides the others': a source whose page 1, 2 or 3 fails with each of the
/// platform's POSIX error codes in turn, read to the end.
func pagedScenariosFailingWithEveryPOSIXError() -> [PagedScenario] {
  everyPOSIXErrorCode.enumerated().map { index, code in
    let book = PagedScenario.Book(
      pages: Array([["Ada"], ["Bruno", "Chiara"]].prefix(index % 3)),
      failingPage: index % 3 + 1,
      failsWith: .posix(code)
    )
    return PagedScenario(
      books: [book],
      readers: [PagedScenario.Reader(book: 0, consumer: .readsToTheEnd)],
      inTurns: false
    )
  }
}

/// Runs 2b is graded on besides the others': a source whose page 1, 2 or 3 fails with each of
/// `everyCarriedError` in turn (an error that carries another among them), read to the end.
func pagedScenariosFailingWithCarriedErrors() -> [PagedScenario] {
  everyCarriedError.enumerated().map { index, error in
    var book = PagedScenario.Book(
      pages: Array([["Ada"], ["Bruno", "Chiara"]].prefix(index % 3)),
      failingPage: index % 3 + 1
    )
    book.failsWithCarried = error
    return PagedScenario(
      books: [book],
      readers: [PagedScenario.Reader(book: 0, consumer: .readsToTheEnd)],
      inTurns: false
    )
  }
}

/// Runs 2b is graded on besides the others', from a seed of their own: 1 to 4 pages of names
/// with a NUL at either end or inside, other control characters, a byte order mark, a group
/// separator or a "]" first, read to the end.
func pagedScenariosOfControlCharacters(count: Int, seed: UInt64) -> [PagedScenario] {
  var numbers = SeededNumbers(seed: seed &+ 9)
  let names = [
    "Ada\u{0}Lovelace", "\u{0}Ada", "Bruno\u{0}", "\u{0}", "Hana\u{0}\u{0}", "\u{FEFF}Chiara",
    "Dev\u{1D}01", "]Elif", "Femi\u{7}", "\u{1B}[1mGoran", "Ines\u{7F}", "\u{200B}Jun",
  ]
  return pagedScenarios(ofNames: names, count: count, numbers: &numbers)
}

/// Runs 2b is graded on besides the others', from a seed of their own: `pagedScenarios`' runs
/// (without its long one), each stream made in a task already cancelled and read in its
/// consumer's task, which is not.
func pagedScenariosMadeInACancelledTask(count: Int, seed: UInt64) -> [PagedScenario] {
  pagedScenarios(count: count + 1, seed: seed).dropLast().map { drawn in
    var scenario = drawn
    scenario.madeInACancelledTask = true
    return scenario
  }
}

/// `count` runs of one book of 1 to 4 pages, each of 1 to 3 names picked from `names`, read to
/// the end.
private func pagedScenarios(
  ofNames names: [String],
  count: Int,
  numbers: inout SeededNumbers
) -> [PagedScenario] {
  (0..<count).map { _ in
    let pages = (0..<Int.random(in: 1...4, using: &numbers)).map { _ in
      (0..<Int.random(in: 1...3, using: &numbers)).map { _ in numbers.pick(names) }
    }
    return PagedScenario(
      books: [PagedScenario.Book(pages: pages)],
      readers: [PagedScenario.Reader(book: 0, consumer: .readsToTheEnd)],
      inTurns: false
    )
  }
}
