import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Exercise 4.3 graded by its statement: generated page sizes (1 to 150 a page, and one of 100,003;
// up to 100,003 users unread, up to 100,002 pages, 1,100,003 users when grading), user ids that
// repeat, last pages short or empty, pages that fail (a status, a transport error, a cancellation
// nobody asked for), pages that answer at once or after a while, and consumers that read
// everything, leave by `break` after any number of users, or are cancelled while a page is in
// flight; two streams read one after the other.

/// One run of `users(from:)`, as the grade generates it.
struct PageScenario: GradedScenario {
  /// How the pages end: the page after the full ones.
  enum Last: Equatable, Sendable, CustomStringConvertible {
    /// A page of this many users, fewer than `perPage`.
    case short(Int)
    /// A page that throws.
    case fails(PageFailure)
    /// A page whose request is still in flight when the consumer leaves; once its task is
    /// cancelled it throws `CancellationError`, or `URLError(.cancelled)` as a request does.
    case inFlight(throwsURLError: Bool)

    var description: String {
      switch self {
      case .short(let count): "a page of \(count)"
      case .fails(let failure): "a page that throws \(failure)"
      case .inFlight(let urlError):
        "a page still in flight (cancelled, it throws \(urlError ? "URLError(.cancelled)" : "CancellationError"))"
      }
    }
  }

  enum Consumer: Equatable, Sendable {
    /// Reads every user as it comes; with `twoStreams`, a second stream of the same pages is
    /// made before the first is read, and read after it.
    case readsAll(twoStreams: Bool)
    /// Waits until the page in flight is asked for, reads this many users, then leaves its loop
    /// by `break` and lets the stream go.
    case breaksAfter(Int)
    /// Waits until the page in flight is asked for, then its task is cancelled while it reads.
    case isCancelled
  }

  var perPage: Int
  var fullPages: Int
  var last: Last
  var consumer: Consumer
  /// Pages answer after a few suspensions instead of at once.
  var pagesTakeAWhile: Bool
  /// How many users more than `perPage` each full page holds: a longer page is not the last.
  var moreThanPerPage = 0
  /// Two users in a row share an id (1, 1, 2, 2, ...), within a page and across pages.
  var idsRepeat = false
  /// The ids come in no order: they go back and repeat (1, 7920, 8, ...).
  var idsInNoOrder = false
  /// Every page gives the users the first page gives (the last one, its first few).
  var pagesRepeat = false
  /// With `idsRepeat`, the two users in a row that share an id are one user: email and all.
  var usersRepeat = false
  /// Full pages of two lengths in turn: the odd ones one user longer, so a full page may be
  /// shorter than the one before.
  var fullPagesVary = false
  /// Whether a difference is shrunk: not for a million users, where each try costs seconds.
  var shrinks = true
  /// With a consumer that leaves: a second stream of these pages at the same time, read to its
  /// end by a consumer of its own.
  var otherStream: OtherStream?

  /// A second stream of a scenario's pages (user ids from 1,001), made with the one whose
  /// consumer leaves.
  ///
  /// A consumer of its own reads it to its end. Its last page is held until the consumer that
  /// leaves has gone: a leave that cancels this stream's producer shows.
  struct OtherStream: Equatable, Sendable {
    /// Whether it is made before the stream whose consumer leaves, or after it.
    var madeFirst: Bool
    /// How many users its last page holds, fewer than `perPage`.
    var lastPage: Int
  }

  /// The id of the user at `position` (from 0, across pages) of pages whose ids start at `first`.
  func id(at position: Int, from first: Int) -> Int {
    let position = pagesRepeat ? position % usersOfAFullPage : position
    let place = idsRepeat ? position / 2 : position
    return first + (idsInNoOrder ? place * 7_919 % 10_007 : place)
  }

  /// The user the pages give at `position`: one id given twice comes with two emails, unless
  /// `usersRepeat`.
  func user(at position: Int, from first: Int) -> User {
    let id = id(at: position, from: first)
    var place = pagesRepeat ? position % usersOfAFullPage : position
    if idsRepeat, usersRepeat { place /= 2 }
    return User(id: id, name: "User \(id)", username: "u\(id)", email: "u\(id).\(place)@x.org")
  }

  var usersOfAFullPage: Int { perPage + moreThanPerPage }
  var usersBeforeTheLast: Int { firstPosition(ofPage: fullPages + 1) }

  /// How many users full page `number` (from 1) holds.
  func usersOfPage(_ number: Int) -> Int {
    usersOfAFullPage + (fullPagesVary && number % 2 == 1 ? 1 : 0)
  }

  /// The position of page `number`'s first user: the users of the pages before it.
  func firstPosition(ofPage number: Int) -> Int {
    (number - 1) * usersOfAFullPage + (fullPagesVary ? number / 2 : 0)
  }
  var size: Int {
    // A last page of over 150 users (up to 200,000, when grading) comes after every other run:
    // such runs are not shrunk, so a difference a smaller run shows is told first, and shrunk.
    if case .short(let count) = last, count > 150 { return 1_000_000 + count }
    let large = usersBeforeTheLast > 1_350 || fullPages > 1_031 ? usersBeforeTheLast / 100 : 0
    return fullPages + (perPage > 10 ? 2 : 0) + (consumer == .readsAll(twoStreams: true) ? 1 : 0)
      + (idsRepeat ? 1 : 0) + (idsInNoOrder ? 1 : 0) + (pagesRepeat ? 1 : 0)
      + (usersRepeat ? 1 : 0) + (otherStream == nil ? 0 : 1) + large
  }

  var description: String {
    var text = "perPage \(perPage): "
    if fullPages > 0, fullPagesVary {
      text +=
        "\(fullPages) full page\(fullPages == 1 ? "" : "s") of \(usersOfAFullPage + 1) and "
        + "\(usersOfAFullPage) users in turn, then "
    } else if fullPages > 0, moreThanPerPage > 0 {
      text += "\(fullPages) page\(fullPages == 1 ? "" : "s") of \(usersOfAFullPage) users, then "
    } else if fullPages > 0 {
      text += "\(fullPages) full page\(fullPages == 1 ? "" : "s"), then "
    }
    text += "\(last)"
    if idsRepeat { text += ", user ids repeating (two users in a row share one: 1, 1, 2, 2, ...)" }
    if idsInNoOrder { text += ", user ids in no order (they go back: 1, 7920, 5832, ...)" }
    if pagesRepeat {
      text += ", every page giving the users of the first (the last, its first few)"
    }
    if usersRepeat {
      text += ", the two users in a row that share an id the same user, email and all"
    }
    if pagesTakeAWhile { text += ", each page answering after a few suspensions" }
    switch consumer {
    case .readsAll(false): text += "; the consumer reads every user"
    case .readsAll(true):
      text += "; two streams of these pages are made, then read one after the other"
    case .breaksAfter(let count):
      text += "; once page \(fullPages + 1) is asked for, the consumer reads \(count) user"
      text += count == 1 ? "" : "s"
      text += " and leaves its loop by break"
    case .isCancelled:
      text +=
        "; once page \(fullPages + 1) is asked for, the consumer's task is cancelled as it reads"
    }
    if let other = otherStream {
      text +=
        "; beside it, another stream of these pages (user ids from 1,001), made "
        + (other.madeFirst ? "before" : "after")
        + " it and read to its end by a consumer of its own, whose page \(fullPages + 1) holds "
        + "\(other.lastPage) user\(other.lastPage == 1 ? "" : "s") and comes once the first "
        + "consumer has gone"
    }
    return text
  }

  var smaller: [PageScenario] {
    guard shrinks else { return [] }
    var candidates: [PageScenario] = []
    func with(_ change: (inout PageScenario) -> Void) {
      var copy = self
      change(&copy)
      if copy != self { candidates.append(copy) }
    }
    // Many pages shrink by a half, a tenth, a hundredth and a thousandth first, then one at a
    // time: a hundred thousand pages, one at a time, would take thousands of tries.
    let steps = [fullPages / 2, fullPages / 10, fullPages / 100, fullPages / 1_000]
    for step in steps.filter({ $0 > 1 }) + (fullPages > 0 ? [1] : []) {
      with {
        $0.fullPages -= step
        if case .breaksAfter(let count) = $0.consumer {
          $0.consumer = .breaksAfter(min(count, $0.usersBeforeTheLast))
        }
      }
    }
    with { $0.pagesTakeAWhile = false }
    with { $0.idsRepeat = false }
    with { $0.idsInNoOrder = false }
    with { $0.pagesRepeat = false }
    with { $0.usersRepeat = false }
    with { $0.fullPagesVary = false }
    with { $0.otherStream = nil }
    if let other = otherStream, other.lastPage > 0 { with { $0.otherStream?.lastPage = 0 } }
    with { $0.moreThanPerPage = 0 }
    with {
      $0.consumer =
        $0.consumer == .readsAll(twoStreams: true) ? .readsAll(twoStreams: false) : $0.consumer
    }
    if case .breaksAfter(let count) = consumer, count > 3 {
      with { $0.consumer = .breaksAfter(count / 2) }
    }
    if case .breaksAfter(let count) = consumer, count > 0 {
      with { $0.consumer = .breaksAfter(count - 1) }
    }
    if case .short(let count) = last, count > 3 { with { $0.last = .short(count / 2) } }
    if case .short(let count) = last, count > 0 { with { $0.last = .short(count - 1) } }
    for smallerPage in [perPage / 2, 1, 2, 3] where smallerPage > 0 && smallerPage < perPage {
      with {
        $0.perPage = smallerPage
        if case .short(let count) = $0.last { $0.last = .short(min(count, smallerPage - 1)) }
        if let other = $0.otherStream {
          $0.otherStream?.lastPage = min(other.lastPage, smallerPage - 1)
        }
        if case .breaksAfter(let count) = $0.consumer {
          $0.consumer = .breaksAfter(min(count, $0.usersBeforeTheLast))
        }
      }
    }
    return candidates
  }
}

extension PageScenario: Equatable {}

/// A page's failure, as the scenario describes it.
enum PageFailure: Equatable, Sendable, CustomStringConvertible {
  case status(Int)
  case transport(URLError.Code)
  case cancellation
  /// The page's JSON did not decode: the user at `index` has no "email".
  case decoding(index: Int)
  /// An error of the platform's own, other than a URLError.
  case platform(PlatformError)

  var error: any Error {
    switch self {
    case .status(let code): PageFailed(status: code)
    case .transport(let code): URLError(code)
    case .cancellation: CancellationError()
    case .decoding(let index):
      DecodingError.keyNotFound(
        PageKey(stringValue: "email"),
        .init(
          codingPath: [PageKey(intValue: index)],
          debugDescription: "No value associated with key \"email\"."
        )
      )
    case .platform(let error): error.error
    }
  }

  var description: String {
    switch self {
    case .status(let code): "PageFailed(status: \(code))"
    case .transport(.cancelled): "URLError(.cancelled)"
    case .transport(.timedOut): "URLError(.timedOut)"
    case .transport(let code): "URLError(code \(code.rawValue))"
    case .cancellation: "CancellationError"
    case .decoding: (error as? DecodingError).map(spelledDecodingError) ?? "\(error)"
    case .platform(let error): "\(error)"
    }
  }
}

/// A DecodingError as a learner reads it: its case, where, and what the decoder said.
private func spelledDecodingError(_ error: DecodingError) -> String {
  func spelled(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
    return " at \"\(path.joined())\" (\(context.debugDescription))"
  }
  switch error {
  case .keyNotFound(let key, let context):
    return "DecodingError.keyNotFound(\"\(key.stringValue)\")" + spelled(context)
  case .typeMismatch(let type, let context):
    return "DecodingError.typeMismatch(\(type))" + spelled(context)
  case .valueNotFound(let type, let context):
    return "DecodingError.valueNotFound(\(type))" + spelled(context)
  case .dataCorrupted(let context): return "DecodingError.dataCorrupted" + spelled(context)
  @unknown default: return "\(error)"
  }
}

/// A key of a page's JSON: an index or a name.
private struct PageKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
  init(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }
}

/// What a consumer saw, and what the pages saw.
struct PagesOutcome: Equatable, CustomStringConvertible {
  /// The ids read, and how the loop ended, for each stream.
  var streams: [(read: [Int], end: String)]
  /// The page numbers asked for, in order, for each stream's source.
  var asked: [[Int]]
  /// Pages whose request was in flight, not cancelled, once the consumer was gone.
  var stillInFlight: [Int]

  static func == (left: PagesOutcome, right: PagesOutcome) -> Bool {
    left.streams.map(\.read) == right.streams.map(\.read)
      && left.streams.map(\.end) == right.streams.map(\.end)
      && left.asked == right.asked && left.stillInFlight == right.stillInFlight
  }

  var description: String {
    var parts: [String] = []
    for (index, stream) in streams.enumerated() {
      let which =
        streams.count > 1 ? (index == 0 ? "the first stream: " : "the second stream: ") : ""
      parts.append(
        "\(which)users \(spelledIDs(stream.read)), \(stream.end), pages asked \(spelledIDs(asked[index]))"
      )
    }
    if !stillInFlight.isEmpty {
      parts.append(
        "page \(spelledIDs(stillInFlight)) still in flight, not cancelled, once the consumer was gone"
      )
    }
    return parts.joined(separator: "; ")
  }
}

/// "none", "1", "1-12", "1-3, 7": ids as the messages show them.
private func spelledIDs(_ ids: [Int]) -> String {
  guard !ids.isEmpty else { return "none" }
  var runs: [String] = []
  var start = ids[0]
  var previous = ids[0]
  for id in ids.dropFirst() + [Int.min] {
    if id == previous + 1 {
      previous = id
      continue
    }
    switch previous - start {
    case 0: runs.append("\(start)")
    case 1: runs.append("\(start), \(previous)")
    default: runs.append("\(start)-\(previous)")
    }
    (start, previous) = (id, id)
  }
  // A long list: its start and its end.
  guard runs.count > 12 else { return runs.joined(separator: ", ") }
  return (runs.prefix(8) + ["..."] + runs.suffix(2)).joined(separator: ", ")
    + " (\(ids.count) in all)"
}

/// The statement of exercise 4.3, as a program.
func pagesModel(_ scenario: PageScenario) -> PagesOutcome {
  let before = (0..<scenario.usersBeforeTheLast).map { scenario.id(at: $0, from: 1) }
  let pages = Array(1...scenario.fullPages + 1)
  switch scenario.consumer {
  case .readsAll(let twoStreams):
    var read = Array(before)
    let end: String
    switch scenario.last {
    case .short(let count):
      read += (0..<count).map { scenario.id(at: scenario.usersBeforeTheLast + $0, from: 1) }
      end = "then the end"
    case .fails(let failure): end = "then \(failure) thrown"
    case .inFlight: end = "then nothing: the scenario never reads all with a page in flight"
    }
    let one = (read: read, end: end)
    let offset = { (ids: [Int]) in ids.map { $0 + 1_000 } }
    return PagesOutcome(
      streams: twoStreams ? [one, (offset(read), end)] : [one],
      asked: twoStreams ? [pages, pages] : [pages],
      stillInFlight: []
    )
  case .breaksAfter, .isCancelled:
    var leaving = (read: Array(before), end: "then the end")
    // A cancelled consumer still reads what the stream holds, then its loop ends with no error.
    if case .breaksAfter(let count) = scenario.consumer {
      leaving = (Array(before.prefix(count)), "then the consumer left")
    }
    guard let other = scenario.otherStream else {
      return PagesOutcome(streams: [leaving], asked: [pages], stillInFlight: [])
    }
    // The other stream's consumer reads every user of its pages, whoever leaves beside it.
    let read = (0..<scenario.usersBeforeTheLast + other.lastPage).map {
      scenario.id(at: $0, from: 1_001)
    }
    let reading = (read: read, end: "then the end")
    return PagesOutcome(
      streams: other.madeFirst ? [reading, leaving] : [leaving, reading],
      asked: [pages, pages],
      stillInFlight: []
    )
  }
}

/// What the test sees of the pages: which were asked for, which are in flight and not
/// cancelled, and whether the answer has let the source go.
final class PageRecord: Sendable {
  let asked = Locked<[Int]>([])
  let inFlight = Locked<[Int]>([])
  let (events, event) = AsyncStream.makeStream(of: Int.self)

  /// Until page `number` is asked for, or the answer lets the source go without asking for it.
  func waitUntilAsked(_ number: Int) async {
    for await asked in events where asked == number || asked == 0 { return }
  }
}

/// The pages of a scenario, with user ids from `firstID`; the test keeps only the record, so
/// that it sees when the answer lets the source go.
final class ScriptedPages: PageSource {
  let perPage: Int
  private let scenario: PageScenario
  private let firstID: Int
  private let record: PageRecord
  /// When given, the last page comes only once this clock reaches 1 s (a cancel ends the wait).
  private let lastPageHeld: ManualClock?

  init(
    _ scenario: PageScenario,
    firstID: Int,
    record: PageRecord,
    lastPageHeldOn lastPageHeld: ManualClock? = nil
  ) {
    perPage = scenario.perPage
    self.scenario = scenario
    self.firstID = firstID
    self.record = record
    self.lastPageHeld = lastPageHeld
  }

  deinit {
    record.event.yield(0)
  }

  func page(_ number: Int) async throws -> [User] {
    let last = scenario.fullPages + 1
    guard number == last, case .inFlight(let urlError) = scenario.last else {
      return try await answer(number, last: last)
    }
    // The handler is in place before the test hears of the page: a cancel from then on is seen
    // at once, on the canceller's thread.
    return try await withTaskCancellationHandler {
      record.inFlight.withLock { $0.append(number) }
      record.asked.withLock { $0.append(number) }
      record.event.yield(number)
      do {
        try await ManualClock().sleep(for: .seconds(1))  // a clock nobody moves
      } catch {
        throw urlError ? URLError(.cancelled) : error  // as a cancelled request does
      }
      return []
    } onCancel: { [record] in
      record.inFlight.withLock { $0.removeAll { $0 == number } }
    }
  }

  /// A page that answers: full before `last`, the scenario's last page at `last`, and past it an
  /// empty page, then, for an answer that would page on forever, an error.
  private func answer(_ number: Int, last: Int) async throws -> [User] {
    record.asked.withLock { $0.append(number) }
    record.event.yield(number)
    if scenario.pagesTakeAWhile {
      for _ in 0..<3 { await Task.yield() }
    }
    if number == last, let lastPageHeld {
      // A fixed deadline: a clock moved before this sleep begins lets it through at once.
      try await lastPageHeld.sleep(until: ManualClock.Instant(offset: .seconds(1)))
    }
    var count = scenario.usersOfPage(number)
    if number > last + 3 { throw PageFailed(status: 404) }
    if number > last { count = 0 }
    if number == last, case .short(let short) = scenario.last { count = short }
    if number == last, case .fails(let failure) = scenario.last { throw failure.error }
    let first = scenario.firstPosition(ofPage: number)
    return (first..<first + count).map { scenario.user(at: $0, from: firstID) }
  }
}

/// How a consumer's loop ended: "then the end", "then X thrown"; a stub's NotImplemented goes
/// through.
func readUsers(
  _ stream: AsyncThrowingStream<User, any Error>,
  into ids: inout [Int],
  upTo limit: Int = .max,
  given: (_ position: Int) -> User
) async throws -> String {
  guard limit > 0 else { return "then the consumer left" }
  do {
    for try await user in stream {
      let page = given(ids.count)
      ids.append(user.id)
      if user.id == page.id, user != page {
        return "then user \(user.id) with another name, username or email than its page gave"
      }
      if ids.count == limit { return "then the consumer left" }
    }
    return "then the end"
  } catch let error as NotImplemented {
    throw error
  } catch {
    return "then \(spelledError(error)) thrown"
  }
}

private func spelledError(_ error: any Error) -> String {
  switch error {
  case let failed as PageFailed: PageFailure.status(failed.status).description
  case let urlError as URLError: PageFailure.transport(urlError.code).description
  case is CancellationError: PageFailure.cancellation.description
  case let decoding as DecodingError: spelledDecodingError(decoding)
  default: PlatformError(error).map { "\($0)" } ?? "\(error)"
  }
}

/// The runs exercise 4.3 is graded on: a fixed list, from a fixed seed.
func pageScenarios(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed)
  // Last (they are the largest), past every round number an answer might cap at: a page of
  // 100,003 users left unread, then 100,002 users of 50,001 pages, and 100,001 full pages of one
  // user. When grading only: in plain `swift test` they only show that the reference passes them.
  let large = [
    PageScenario(
      perPage: 100_003,
      fullPages: 1,
      last: .inFlight(throwsURLError: false),
      consumer: .isCancelled,
      pagesTakeAWhile: false
    ),
    PageScenario(
      perPage: 2,
      fullPages: 50_001,
      last: .inFlight(throwsURLError: true),
      consumer: .breaksAfter(100_002),
      pagesTakeAWhile: false
    ),
    PageScenario(
      perPage: 1,
      fullPages: 100_001,
      last: .short(0),
      consumer: .readsAll(twoStreams: false),
      pagesTakeAWhile: false
    ),
  ]
  let generated = (0..<count).map { _ -> PageScenario in
    let perPage = numbers.pick([1, 2, 3, 4, 5, 10, 40, 150])
    var fullPages =
      perPage >= 40
      ? Int.random(in: 0...4, using: &numbers) : Int.random(in: 0...6, using: &numbers)
    // Now and then more pages than an answer that counts them might allow.
    if perPage == 1, numbers.chance(30) {
      fullPages =
        numbers.chance(25)
        ? Int.random(in: 1_000...1_030, using: &numbers) : Int.random(in: 99...130, using: &numbers)
    }
    if perPage == 150, numbers.chance(25) { fullPages = Int.random(in: 6...9, using: &numbers) }
    let more = numbers.chance(10) ? Int.random(in: 1...2, using: &numbers) : 0
    let before = (perPage + more) * fullPages
    let leaves = numbers.chance(40)
    let last: PageScenario.Last
    let consumer: PageScenario.Consumer
    if leaves {
      last = .inFlight(throwsURLError: numbers.chance(50))
      consumer =
        numbers.chance(70)
        ? .breaksAfter(Int.random(in: 0...before, using: &numbers)) : .isCancelled
    } else {
      if numbers.chance(65) {
        last = .short(numbers.chance(25) ? 0 : Int.random(in: 0..<perPage, using: &numbers))
      } else {
        last = .fails(
          numbers.pick([
            .status(500), .status(404), .status(503), .transport(.timedOut), .transport(.cancelled),
            .cancellation,
          ])
        )
      }
      consumer = .readsAll(twoStreams: numbers.chance(20))
    }
    return PageScenario(
      perPage: perPage,
      fullPages: fullPages,
      last: last,
      consumer: consumer,
      pagesTakeAWhile: numbers.chance(30),
      moreThanPerPage: more
    )
  }
  // Past a million users, when grading: 1,100 full pages of a thousand, then three more.
  let million = PageScenario(
    perPage: 1_000,
    fullPages: 1_100,
    last: .short(3),
    consumer: .readsAll(twoStreams: false),
    pagesTakeAWhile: false,
    shrinks: false
  )
  // User ids that repeat, within a page and across pages.
  return generated.map { scenario in
    var scenario = scenario
    scenario.idsRepeat = numbers.chance(15)
    return scenario
  } + onlyWhenGrading(large + [million])
}

/// Runs 4.3 is graded on besides the others, from a seed of their own: pages that repeat the first
/// one, and users given twice in a row (one id, one email).
func pageScenariosOfRepeats(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    if numbers.chance(50) {
      scenario.pagesRepeat = true
      scenario.fullPages = max(scenario.fullPages, 2)
    } else {
      scenario.idsRepeat = true
      scenario.usersRepeat = true
    }
    return scenario
  }
}

/// Runs 4.3 is graded on besides the others, from a seed of their own: full pages of two lengths
/// in turn, so that a full page may be shorter than the one before (and still not the last).
func pageScenariosOfVaryingPages(count: Int, seed: UInt64) -> [PageScenario] {
  pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    scenario.fullPagesVary = true
    scenario.fullPages = max(scenario.fullPages, 2)
    return scenario
  }
}

/// Runs 4.3 is graded on besides `pageScenarios`': user ids in no order, pages that fail with
/// every kind of error (a DecodingError, the platform's errors, a CancellationError of the page's
/// own), and, when grading, pages of 100 to 200,000 users ended by a page of any length below.
func pageScenariosOfOddPages(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed)
  let generated = pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    scenario.idsInNoOrder = numbers.chance(50)
    if case .fails = scenario.last {
      switch Int.random(in: 0..<3, using: &numbers) {
      case 0: scenario.last = .fails(.decoding(index: scenario.perPage % 7))
      case 1: scenario.last = .fails(.cancellation)
      default:
        // A URLError is spelled as the other transport errors are.
        let platform = numbers.platformError()
        if case .url(let code) = platform {
          scenario.last = .fails(.transport(code))
        } else {
          scenario.last = .fails(.platform(platform))
        }
      }
    }
    return scenario
  }
  // A last page short by any number of users, most often by a few: whatever round number an
  // answer takes for the page size, some page here is longer than it and still short.
  let large = (0..<12).map { _ in
    let perPage = numbers.logUniform(100...200_000)
    return PageScenario(
      perPage: perPage,
      fullPages: Int.random(in: 0...1, using: &numbers),
      last: .short(perPage - numbers.logUniform(1...perPage - 1)),
      consumer: .readsAll(twoStreams: false),
      pagesTakeAWhile: false,
      shrinks: false  // each try reads up to 400,000 users
    )
  }
  return generated + onlyWhenGrading(large)
}

/// The failure message: the run, then what the answer's stream did and what the statement says.
func explainPages(_ scenario: PageScenario, _ got: PagesOutcome, _ expected: PagesOutcome) -> String
{
  "\(scenario): your stream gave \(got); the statement gives \(expected)"
}

/// Runs 4.3 is graded on besides the others, from a seed of their own: two streams of the same
/// pages at once, made one after the other, where one consumer leaves (by `break` after any
/// number of users, or cancelled) with its page in flight while the other reads on to its end.
func pageScenariosOfTwoStreamsOneLeaving(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    scenario.fullPages = min(scenario.fullPages, 6)
    scenario.last = .inFlight(throwsURLError: numbers.chance(50))
    scenario.consumer =
      numbers.chance(70)
      ? .breaksAfter(Int.random(in: 0...scenario.usersBeforeTheLast, using: &numbers))
      : .isCancelled
    scenario.otherStream = PageScenario.OtherStream(
      madeFirst: numbers.chance(50),
      lastPage: Int.random(in: 0..<scenario.perPage, using: &numbers)
    )
    return scenario
  }
}

/// The ids a consumer that leaves as `scenario` says read from `stream`, and how its reading ended.
///
/// It reads up to its count, then breaks; or it reads in a task it has cancelled first.
func readUsersThenLeave(
  _ stream: AsyncThrowingStream<User, any Error>,
  as scenario: PageScenario
) async throws -> ([Int], String) {
  var ids: [Int] = []
  guard case .breaksAfter(let count) = scenario.consumer else {
    withUnsafeCurrentTask { $0?.cancel() }
    let end = try await readUsers(stream, into: &ids) { scenario.user(at: $0, from: 1) }
    return (ids, end)
  }
  let end = try await readUsers(stream, into: &ids, upTo: count) {
    scenario.user(at: $0, from: 1)
  }
  return (ids, end)
}
