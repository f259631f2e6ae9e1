import ExerciseSupport
import Foundation
import LessonSupport
import TestTooling
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Exercise 4c graded by its statement: generated pages of any length (empty ones among them, a
// page shorter or longer than the one before, one of 100,003 users; up to 100,003 users unread, up
// to 100,002 pages, 1,100,003 users when grading), cursors of every kind (numbers, opaque text,
// the empty text, spaces, escapes, line breaks, the same cursor every time), user ids that repeat
// or come in no order, pages that fail (a status, a transport error, a decoding error, a
// cancellation nobody asked for), pages that answer at once or after a while, and consumers that
// read everything, leave by `break` after any number of users, or are cancelled while a page is
// in flight; two streams at once.

/// One run of `users(from:)`, as the grade generates it.
struct PageScenario: GradedScenario {
  /// How the pages end: the page after those in `lengths`.
  enum Last: Equatable, Sendable, CustomStringConvertible {
    /// A page of this many users whose `next` is nil.
    case final(Int)
    /// A page that throws.
    case fails(PageFailure)
    /// A page whose request is still in flight when the consumer leaves; once its task is
    /// cancelled it throws `CancellationError`, or `URLError(.cancelled)` as a request does.
    case inFlight(throwsURLError: Bool)

    var description: String {
      switch self {
      case .final(let count): "a last page (next nil) of \(count) user\(count == 1 ? "" : "s")"
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

  /// The cursors the pages give, each to ask for the page after it with.
  enum Cursors: Equatable, Sendable, CaseIterable {
    /// "2", "3", ...: the next page's number.
    case numbers
    /// Base64 text, as many APIs give ("eyJhZnRlciI6Mn0=").
    case opaque
    /// Text in turn, as `oddCursors` lists it: the empty text, words an answer might take for
    /// the end ("null", "end", ...), spaces, tabs and line breaks at the ends, escapes, text
    /// beyond ASCII in either Unicode form, and cursors of 300 to 5,000 characters.
    case oddText
    /// "more", the same cursor for every page.
    case same
  }

  /// How many users each page before the last holds; each of them gives a cursor.
  var lengths: [Int]
  var last: Last
  var consumer: Consumer
  var cursors: Cursors = .numbers
  /// Pages answer after a few suspensions instead of at once.
  var pagesTakeAWhile = false
  /// Two users in a row share an id (1, 1, 2, 2, ...), within a page and across pages.
  var idsRepeat = false
  /// The ids come in no order: they go back and repeat (1, 7920, 8, ...).
  var idsInNoOrder = false
  /// Every page gives the first users again, as many as it holds (the users of the first page).
  var pagesRepeat = false
  /// With `idsRepeat`, the two users in a row that share an id are one user: email and all.
  var usersRepeat = false
  /// The first user's id: 1, or 0 or below (then ids go up from it: -2, -1, 0, 1, ...).
  var firstID = 1
  /// With a page in flight: once cancelled, it answers anyway, with an empty page and a cursor, as
  /// a source that does not stop for a cancel may (a producer that is cancelled asks no more).
  var pageAnswersTheCancel = false
  /// With `.readsAll(twoStreams: true)`: both streams read one source object, whose pages go by
  /// the cursor asked with ("2" gives page 2), not by the order of the requests.
  var oneSource = false
  /// Streams made at once, each of a source of its own (ids 1,000 apart); 1 for one stream.
  ///
  /// Their first pages all wait until every stream has asked for its first page: no limit of the
  /// answer's own on streams at once.
  var streamsAtOnce = 1
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
    /// How many users its last page (next nil) holds.
    var lastPage: Int
  }

  /// The page that ends the run: the one after those in `lengths` (pages are numbered from 1).
  var lastNumber: Int { lengths.count + 1 }
  var usersBeforeTheLast: Int { lengths.reduce(0, +) }
  /// How many users the last page gives: a final page's, none for one that fails or is held.
  var usersOfTheLastPage: Int {
    if case .final(let count) = last { return count }
    return 0
  }

  /// The cursor page `number` gives: the one to ask for the page after it with.
  func cursor(givenBy number: Int) -> String {
    switch cursors {
    case .numbers: return "\(number + 1)"
    case .opaque: return Data("{\"after\":\(number)}".utf8).base64EncodedString()
    case .oddText: return oddCursors[(number - 1) % oddCursors.count]
    case .same: return "more"
    }
  }

  /// The cursors an answer hands back, in order: none for the first page, then each page's.
  var cursorsAsked: [String?] {
    [nil] + (1..<lastNumber).map { cursor(givenBy: $0) }
  }

  /// The id of the user at `index` of a page whose first user is the run's `position`-th, ids
  /// from `first`.
  func id(index: Int, position: Int, from first: Int) -> Int {
    let place = pagesRepeat ? index : position
    let idPlace = idsRepeat ? place / 2 : place
    return first + firstID - 1 + (idsInNoOrder ? idPlace * 7_919 % 10_007 : idPlace)
  }

  /// The user at `index` of a page whose first user is the run's `position`-th, ids from `first`.
  func user(index: Int, position: Int, from first: Int) -> User {
    let id = id(index: index, position: position, from: first)
    let place = pagesRepeat ? index : position
    let emailPlace = idsRepeat && usersRepeat ? place / 2 : place
    // Names and emails as people type them: capitals, and an email's case kept as it came.
    return User(
      id: id,
      name: "User \(id)",
      username: "U\(id)",
      email: "Ann.\(id).\(emailPlace)@Example.ORG"
    )
  }

  /// The ids of the users of pages `lengths`, then of a last page of `lastPage` users, from
  /// `first`.
  func ids(from first: Int, lastPage: Int) -> [Int] {
    var ids: [Int] = []
    for length in lengths + [lastPage] {
      let start = ids.count
      ids += (0..<length).map { id(index: $0, position: start + $0, from: first) }
    }
    return ids
  }

  /// The users the pages give, in order, made one at a time as a consumer reads them.
  struct UsersGiven: IteratorProtocol {
    let scenario: PageScenario
    let first: Int
    let lengths: [Int]
    var page = 0
    var index = 0
    var position = 0

    mutating func next() -> User? {
      while page < lengths.count, index == lengths[page] { (page, index) = (page + 1, 0) }
      guard page < lengths.count else { return nil }
      defer { (index, position) = (index + 1, position + 1) }
      return scenario.user(index: index, position: position, from: first)
    }
  }

  /// The users of pages `lengths`, then of a last page of `lastPage` users, from `first`.
  func usersGiven(from first: Int, lastPage: Int) -> UsersGiven {
    UsersGiven(scenario: self, first: first, lengths: lengths + [lastPage])
  }

  var size: Int {
    // A page of over 150 users (up to 200,000, when grading) comes after every other run: such
    // runs are not shrunk, so a difference a smaller run shows is told first, and shrunk.
    if case .final(let count) = last, count > 150 { return 1_000_000 + count }
    let users = usersBeforeTheLast
    let large = users > 1_350 || lengths.count > 1_031 ? users / 100 : 0
    return lengths.count + (lengths.contains { $0 > 10 } ? 2 : 0)
      + (consumer == .readsAll(twoStreams: true) ? 1 : 0) + (cursors == .numbers ? 0 : 1)
      + (idsRepeat ? 1 : 0) + (idsInNoOrder ? 1 : 0) + (pagesRepeat ? 1 : 0)
      + (usersRepeat ? 1 : 0) + (firstID == 1 ? 0 : 1) + (otherStream == nil ? 0 : 1) + large
      + (pageAnswersTheCancel ? 1 : 0) + (oneSource ? 1 : 0) + streamsAtOnce - 1
  }

  var description: String {
    var text =
      lengths.isEmpty ? "no page before the last; " : spelledPages(lengths) + " before the last; "
    text += "\(last)"
    switch cursors {
    case .numbers: text += "; cursors \"2\", \"3\", ..."
    case .opaque: text += "; cursors of base64 text (\"\(cursor(givenBy: 1))\", ...)"
    case .oddText:
      text +=
        "; cursors "
        + cursorsAsked.dropFirst().prefix(8).map { spelledCursor($0) }
        .joined(separator: ", ") + (lengths.count > 8 ? ", ..." : "")
    case .same: text += "; the cursor \"more\" for every page"
    }
    if firstID != 1 { text += ", user ids from \(firstID)" }
    if idsRepeat { text += ", user ids repeating (two users in a row share one: 1, 1, 2, 2, ...)" }
    if idsInNoOrder { text += ", user ids in no order (they go back: 1, 7920, 5832, ...)" }
    if pagesRepeat { text += ", every page giving the first users again, as many as it holds" }
    if usersRepeat {
      text += ", the two users in a row that share an id the same user, email and all"
    }
    if pagesTakeAWhile { text += ", each page answering after a few suspensions" }
    if pageAnswersTheCancel {
      text +=
        ", the page in flight answering the cancel anyway with an empty page and the cursor "
        + "\"more\""
    }
    if oneSource { text += ", both streams made from one source object (pages by cursor)" }
    if streamsAtOnce > 1 {
      text +=
        "; \(streamsAtOnce) streams made at once, each of a source of its own (ids 1,000 apart), "
        + "whose first pages come once every stream has asked for its first"
    }
    switch consumer {
    case .readsAll(false): text += "; the consumer reads every user"
    case .readsAll(true):
      text += "; two streams of these pages are made, then read one after the other"
    case .breaksAfter(let count):
      text += "; once page \(lastNumber) is asked for, the consumer reads \(count) user"
      text += count == 1 ? "" : "s"
      text += " and leaves its loop by break"
    case .isCancelled:
      text += "; once page \(lastNumber) is asked for, the consumer's task is cancelled as it reads"
    }
    if let other = otherStream {
      text +=
        "; beside it, another stream of these pages (user ids from 1,001), made "
        + (other.madeFirst ? "before" : "after")
        + " it and read to its end by a consumer of its own, whose page \(lastNumber) (next nil) "
        + "holds \(other.lastPage) user\(other.lastPage == 1 ? "" : "s") and comes once the first "
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
      if case .breaksAfter(let count) = copy.consumer {
        copy.consumer = .breaksAfter(min(count, copy.usersBeforeTheLast))
      }
      if copy != self { candidates.append(copy) }
    }
    // Many pages shrink by a half, a tenth, a hundredth and a thousandth first, then one at a
    // time (the last, or the first): a hundred thousand pages, one at a time, would take
    // thousands of tries.
    let count = lengths.count
    for step in [count / 2, count / 10, count / 100, count / 1_000] where step > 1 {
      with { $0.lengths.removeLast(step) }
    }
    if count > 0 {
      with { $0.lengths.removeLast() }
      with { $0.lengths.removeFirst() }
    }
    for index in lengths.indices.prefix(8) where lengths[index] > 0 {
      if lengths[index] > 3 { with { $0.lengths[index] /= 2 } }
      with { $0.lengths[index] -= 1 }
    }
    with { $0.pagesTakeAWhile = false }
    with { $0.cursors = .numbers }
    with { $0.idsRepeat = false }
    with { $0.idsInNoOrder = false }
    with { $0.pagesRepeat = false }
    with { $0.usersRepeat = false }
    with { $0.firstID = 1 }
    with { $0.pageAnswersTheCancel = false }
    with { $0.oneSource = false }
    if streamsAtOnce > 2 { with { $0.streamsAtOnce = 2 } }
    with { $0.otherStream = nil }
    if let other = otherStream, other.lastPage > 0 { with { $0.otherStream?.lastPage = 0 } }
    with {
      $0.consumer =
        $0.consumer == .readsAll(twoStreams: true) ? .readsAll(twoStreams: false) : $0.consumer
      $0.oneSource = false
    }
    if case .breaksAfter(let count) = consumer, count > 3 {
      with { $0.consumer = .breaksAfter(count / 2) }
    }
    if case .breaksAfter(let count) = consumer, count > 0 {
      with { $0.consumer = .breaksAfter(count - 1) }
    }
    if case .final(let count) = last, count > 3 { with { $0.last = .final(count / 2) } }
    if case .final(let count) = last, count > 0 { with { $0.last = .final(count - 1) } }
    return candidates
  }
}

extension PageScenario: Equatable {}

/// The odd cursors, in turn: each is a cursor like any other, handed back as it came.
let oddCursors: [String] = [
  "", "null", " ", "end", "0", "next\n", "\tnext", "none", "a%20b&c=d", "EOF", "cafe\u{301}",
  "nil", "page\r\n", "ページ2", "-1", "false", "done", "  next  ", "line\nbreak", "café",
  String(repeating: "eyJhZnRlciI6MTJ9", count: 19), "last", "undefined",
  String(repeating: "c", count: 5_000), "\u{FEFF}next", "next\u{0}",
]

/// A cursor as the messages show it: `nil`, or the text quoted, with escapes.
func spelledCursor(_ cursor: String?) -> String {
  guard let cursor else { return "nil" }
  // Every scalar beyond ASCII escaped, so that two forms of one letter read apart.
  let escaped = cursor.unicodeScalars.map { scalar in
    scalar.isASCII ? scalar.escaped(asASCII: true) : "\\u{\(String(scalar.value, radix: 16))}"
  }
  guard escaped.count > 40 else { return "\"" + escaped.joined() + "\"" }
  return "\"" + escaped.prefix(12).joined() + "..." + escaped.suffix(12).joined()
    + "\" (\(escaped.count) characters)"
}

/// "3 pages of 2 users, then 1 empty page, then 1 page of 5 users": pages by runs of one length;
/// many runs by their start and their end.
private func spelledPages(_ lengths: [Int]) -> String {
  var runs: [(length: Int, count: Int)] = []
  for length in lengths {
    if runs.last?.length == length {
      runs[runs.count - 1].count += 1
    } else {
      runs.append((length, 1))
    }
  }
  let spelled = runs.map { run in
    let pages = "\(run.count) \(run.length == 0 ? "empty " : "")page\(run.count == 1 ? "" : "s")"
    return run.length == 0 ? pages : pages + " of \(run.length) user\(run.length == 1 ? "" : "s")"
  }
  guard spelled.count > 8 else { return spelled.joined(separator: ", then ") }
  return (spelled.prefix(5) + ["..."] + spelled.suffix(2)).joined(separator: ", then ")
    + " (\(lengths.count) pages, \(lengths.reduce(0, +)) users in all)"
}

/// The URL a failing page's URLError names.
private let pageURL = URL(string: "https://x.org/users?after=7")

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
    case .transport(let code):
      URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: pageURL as Any])
    case .cancellation: CancellationError()
    case .decoding(let index):
      DecodingError.keyNotFound(
        PageKey(stringValue: "email"),
        .init(
          codingPath: [PageKey(stringValue: "users"), PageKey(intValue: index)],
          debugDescription: "No value associated with key \"email\"."
        )
      )
    case .platform(let error): error.error
    }
  }

  var description: String {
    switch self {
    case .status(let code): "PageFailed(status: \(code))"
    case .transport(let code): spelledURLError(code) + " for https://x.org/users?after=7"
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
  /// The cursors asked with, in order, for each stream's source.
  var asked: [[String?]]
  /// Pages whose request was in flight, not cancelled, once the consumer was gone.
  var stillInFlight: [Int]

  static func == (left: PagesOutcome, right: PagesOutcome) -> Bool {
    // Cursors by their bytes: String's == takes "é" and "e" with a combining accent for one.
    let bytes = { (asked: [[String?]]) in asked.map { $0.map { $0.map { Array($0.utf8) } } } }
    return left.streams.map(\.read) == right.streams.map(\.read)
      && left.streams.map(\.end) == right.streams.map(\.end)
      && bytes(left.asked) == bytes(right.asked) && left.stillInFlight == right.stillInFlight
  }

  var description: String {
    var parts: [String] = []
    for (index, stream) in streams.enumerated() {
      let which = streams.count > 1 ? "stream \(index + 1): " : ""
      // One list of cursors per stream's source, or one for a source both streams read.
      let cursors =
        asked.count == streams.count
        ? ", pages asked after " + spelledCursors(asked[index]) : ""
      parts.append("\(which)users \(spelledIDs(stream.read)), \(stream.end)\(cursors)")
    }
    if asked.count == 1, streams.count > 1 {
      parts.append("their one source's pages asked after \(spelledCursors(asked[0]))")
    }
    if !stillInFlight.isEmpty {
      parts.append(
        "page \(spelledIDs(stillInFlight)) still in flight, not cancelled, once the consumer was gone"
      )
    }
    return parts.joined(separator: "; ")
  }
}

/// "nil, "2", "3" (3 in all)": the cursors asked with, a long list by its start and its end.
private func spelledCursors(_ cursors: [String?]) -> String {
  let spelled = cursors.map(spelledCursor)
  guard spelled.count > 10 else { return "[" + spelled.joined(separator: ", ") + "]" }
  return "[" + (spelled.prefix(6) + ["..."] + spelled.suffix(2)).joined(separator: ", ")
    + "] (\(cursors.count) in all)"
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

/// The statement of exercise 4c, as a program.
func pagesModel(_ scenario: PageScenario) -> PagesOutcome {
  let before = scenario.ids(from: 1, lastPage: 0)
  let asked = scenario.cursorsAsked
  switch scenario.consumer {
  case .readsAll(let twoStreams):
    var read = before
    let end: String
    switch scenario.last {
    case .final(let count):
      read = scenario.ids(from: 1, lastPage: count)
      end = "then the end"
    case .fails(let failure): end = "then \(failure) thrown"
    case .inFlight: end = "then nothing: the scenario never reads all with a page in flight"
    }
    let one = (read: read, end: end)
    let offset = { (ids: [Int], by: Int) in ids.map { $0 + by } }
    if scenario.streamsAtOnce > 1 {
      return PagesOutcome(
        streams: (0..<scenario.streamsAtOnce).map { (offset(read, $0 * 1_000), end) },
        asked: Array(repeating: asked, count: scenario.streamsAtOnce),
        stillInFlight: []
      )
    }
    if twoStreams, scenario.oneSource {
      // One source for both: its requests, both streams', in the order of their cursors.
      return PagesOutcome(
        streams: [one, one],
        asked: [sortedCursors(asked + asked)],
        stillInFlight: []
      )
    }
    return PagesOutcome(
      streams: twoStreams ? [one, (offset(read, 1_000), end)] : [one],
      asked: twoStreams ? [asked, asked] : [asked],
      stillInFlight: []
    )
  case .breaksAfter, .isCancelled:
    var leaving = (read: before, end: "then the end")
    // A cancelled consumer still reads what the stream holds, then its loop ends with no error.
    if case .breaksAfter(let count) = scenario.consumer {
      leaving = (Array(before.prefix(count)), "then the consumer left")
    }
    guard let other = scenario.otherStream else {
      return PagesOutcome(streams: [leaving], asked: [asked], stillInFlight: [])
    }
    // The other stream's consumer reads every user of its pages, whoever leaves beside it.
    let reading = (
      read: scenario.ids(from: 1_001, lastPage: other.lastPage), end: "then the end"
    )
    return PagesOutcome(
      streams: other.madeFirst ? [reading, leaving] : [leaving, reading],
      asked: [asked, asked],
      stillInFlight: []
    )
  }
}

/// `cursors` in one order whatever the order they were asked in: nil first, then by their bytes.
func sortedCursors(_ cursors: [String?]) -> [String?] {
  cursors.sorted { left, right in
    switch (left, right) {
    case (nil, _): right != nil
    case (_, nil): false
    case (let left?, let right?): Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
    }
  }
}

/// Until every one of `count` streams has asked for its first page: the first pages wait here.
final class FirstPagesTogether: Sendable {
  private let count: Int
  private let state = Locked<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

  init(count: Int) { self.count = count }

  func arrive() async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.arrived += 1
        state.waiting.append(continuation)
        guard state.arrived >= count else { return [] }
        defer { state.waiting = [] }
        return state.waiting
      }
      ready.forEach { $0.resume() }
    }
  }
}

/// What the test sees of the pages: the cursors asked with, which pages are in flight and not
/// cancelled, and whether the answer has let the source go.
final class PageRecord: Sendable {
  let asked = Locked<[String?]>([])
  let inFlight = Locked<[Int]>([])
  let (events, event) = AsyncStream.makeStream(of: Int.self)

  /// Records a request with `cursor`, and tells whoever waits: the request's page number (from 1).
  func ask(_ cursor: String?) -> Int {
    let number = asked.withLock {
      $0.append(cursor)
      return $0.count
    }
    event.yield(number)
    return number
  }

  /// Until page `number` is asked for, or the answer lets the source go without asking for it.
  func waitUntilAsked(_ number: Int) async {
    for await asked in events where asked == number || asked == 0 { return }
  }

  /// Until the answer lets the source go: its producer has ended.
  func waitUntilLetGo() async {
    for await asked in events where asked == 0 { return }
  }
}

/// The pages of a scenario, with user ids from `firstID`; the test keeps only the record, so
/// that it sees when the answer lets the source go.
///
/// The n-th request gets page n, whatever cursor it was made with: the cursors asked with are
/// compared with the statement's afterwards.
final class ScriptedPages: PageSource {
  private let scenario: PageScenario
  private let firstID: Int
  private let record: PageRecord
  /// When given, the last page comes only once this clock reaches 1 s (a cancel ends the wait).
  private let lastPageHeld: ManualClock?
  /// When given, the first page waits until every stream has asked for its own.
  private let together: FirstPagesTogether?
  /// Where each page's users start: the users of the pages before it.
  private let starts: [Int]

  init(
    _ scenario: PageScenario,
    firstID: Int,
    record: PageRecord,
    lastPageHeldOn lastPageHeld: ManualClock? = nil,
    together: FirstPagesTogether? = nil
  ) {
    self.scenario = scenario
    self.firstID = firstID
    self.record = record
    self.lastPageHeld = lastPageHeld
    self.together = together
    var starts = [0]
    for length in scenario.lengths { starts.append(starts[starts.count - 1] + length) }
    self.starts = starts
  }

  deinit {
    record.event.yield(0)
  }

  func page(after cursor: String?) async throws -> UserPage {
    let last = scenario.lastNumber
    if scenario.oneSource {
      // The page the cursor names ("2": page 2), whichever stream asks; one never given: past
      // the end.
      _ = record.ask(cursor)
      let number = cursor.map { Int($0) ?? last + 4 } ?? 1
      return try await answer(number, last: last)
    }
    let number = record.asked.withLock { $0.count + 1 }
    if number == 1, let together {
      _ = record.ask(cursor)
      await together.arrive()
      return try await answer(1, last: last)
    }
    guard number == last, case .inFlight(let urlError) = scenario.last else {
      return try await answer(record.ask(cursor), last: last)
    }
    // The handler is in place before the test hears of the page: a cancel from then on is seen
    // at once, on the canceller's thread.
    return try await withTaskCancellationHandler {
      record.inFlight.withLock { $0.append(number) }
      _ = record.ask(cursor)
      do {
        try await ManualClock().sleep(for: .seconds(1))  // a clock nobody moves
      } catch {
        guard scenario.pageAnswersTheCancel else {
          throw urlError ? URLError(.cancelled) : error  // as a cancelled request does
        }
      }
      // No users: whether a consumer that has just gone still reads them would be a race.
      return UserPage(users: [], next: "more")
    } onCancel: { [record] in
      record.inFlight.withLock { $0.removeAll { $0 == last } }
    }
  }

  /// Page `number` answered: one of `lengths` before `last`, the scenario's last page at `last`,
  /// and past it an empty page, then, for an answer that would page on forever, an error.
  private func answer(_ number: Int, last: Int) async throws -> UserPage {
    if scenario.pagesTakeAWhile {
      for _ in 0..<3 { await Task.yield() }
    }
    if number == last, let lastPageHeld {
      // A fixed deadline: a clock moved before this sleep begins lets it through at once.
      try await lastPageHeld.sleep(until: ManualClock.Instant(offset: .seconds(1)))
    }
    if number > last + 3 { throw PageFailed(status: 404) }
    if number > last { return UserPage(users: [], next: "past the end") }
    var count = number < last ? scenario.lengths[number - 1] : 0
    if number == last, case .final(let final) = scenario.last { count = final }
    if number == last, case .fails(let failure) = scenario.last { throw failure.error }
    let start = starts[number - 1]
    let users = (0..<count).map {
      scenario.user(index: $0, position: start + $0, from: firstID)
    }
    return UserPage(users: users, next: number < last ? scenario.cursor(givenBy: number) : nil)
  }
}

/// How a consumer's loop ended: "then the end", "then X thrown"; a stub's NotImplemented goes
/// through.
func readUsers(
  _ stream: AsyncThrowingStream<User, any Error>,
  into ids: inout [Int],
  upTo limit: Int = .max,
  given: PageScenario.UsersGiven
) async throws -> String {
  guard limit > 0 else { return "then the consumer left" }
  var given = given
  do {
    for try await user in stream {
      let page = given.next()
      ids.append(user.id)
      if let page, user.id == page.id, user != page {
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
  case let urlError as URLError:
    // The page's own error, whole: its URL too, which an error made again from its code lacks.
    spelledURLError(urlError.code)
      + (urlError.failingURL.map { " for \($0.absoluteString)" } ?? " with no URL")
  case is CancellationError: PageFailure.cancellation.description
  case let decoding as DecodingError: spelledDecodingError(decoding)
  default: PlatformError(error).map { "\($0)" } ?? "\(error)"
  }
}

/// The runs exercise 4c is graded on: a fixed list, from a fixed seed.
func pageScenarios(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed)
  // Last (they are the largest), past every round number an answer might cap at: a page of
  // 100,003 users left unread, then 100,002 users of 50,001 pages, and 100,001 pages of one
  // user. When grading only: in plain `swift test` they only show that the reference passes them.
  // Not shrunk: each try reads a hundred thousand users or pages.
  let large = [
    PageScenario(
      lengths: [100_003],
      last: .inFlight(throwsURLError: false),
      consumer: .isCancelled,
      shrinks: false
    ),
    PageScenario(
      lengths: Array(repeating: 2, count: 50_001),
      last: .inFlight(throwsURLError: true),
      consumer: .breaksAfter(100_002),
      shrinks: false
    ),
    PageScenario(
      lengths: Array(repeating: 1, count: 100_001),
      last: .final(0),
      consumer: .readsAll(twoStreams: false),
      shrinks: false
    ),
  ]
  var nextCode = 0  // the URLError codes a failing page throws, each in turn
  let generated = (0..<count).map { _ -> PageScenario in
    let usual = numbers.pick([1, 2, 3, 4, 5, 10, 40, 150])
    var pages =
      usual >= 40
      ? Int.random(in: 0...4, using: &numbers) : Int.random(in: 0...6, using: &numbers)
    // Now and then more pages than an answer that counts them might allow.
    if usual == 1, numbers.chance(30) {
      pages =
        numbers.chance(25)
        ? Int.random(in: 1_000...1_030, using: &numbers) : Int.random(in: 99...130, using: &numbers)
    }
    if usual == 150, numbers.chance(25) { pages = Int.random(in: 6...9, using: &numbers) }
    // Most pages hold the usual number of users; some none, fewer or more: none is the last.
    let lengths = (0..<pages).map { _ -> Int in
      switch Int.random(in: 0..<100, using: &numbers) {
      case 0..<55: usual
      case 55..<70: 0
      case 70..<85: Int.random(in: 0...usual, using: &numbers)
      default: usual + Int.random(in: 1...3, using: &numbers)
      }
    }
    let before = lengths.reduce(0, +)
    let last: PageScenario.Last
    let consumer: PageScenario.Consumer
    let leaves = numbers.chance(40)
    if leaves {
      last = .inFlight(throwsURLError: numbers.chance(50))
      consumer =
        numbers.chance(70)
        ? .breaksAfter(Int.random(in: 0...before, using: &numbers)) : .isCancelled
    } else {
      if numbers.chance(65) {
        last = .final(numbers.chance(25) ? 0 : Int.random(in: 0...usual + 2, using: &numbers))
      } else {
        let failure = numbers.pick([
          PageFailure.status(500), .status(404), .status(503), .transport(.timedOut),
          .transport(.cancelled), .cancellation, .transport(.timedOut),
        ])
        // A URLError of each code in turn (a lost connection, a timeout, ...).
        if failure == .transport(.timedOut) {
          last = .fails(.transport(everyURLErrorCode[nextURLErrorCode(&nextCode)].code))
        } else {
          last = .fails(failure)
        }
      }
      consumer = .readsAll(twoStreams: numbers.chance(20))
    }
    let cursors: PageScenario.Cursors
    switch Int.random(in: 0..<100, using: &numbers) {
    case 0..<30: cursors = .numbers
    case 30..<55: cursors = .opaque
    case 55..<85: cursors = .oddText
    default: cursors = .same
    }
    var scenario = PageScenario(
      lengths: lengths,
      last: last,
      consumer: consumer,
      cursors: cursors,
      pagesTakeAWhile: numbers.chance(30),
      idsRepeat: numbers.chance(15)
    )
    // A page in flight that answers the cancel with a cursor, now and then.
    scenario.pageAnswersTheCancel = leaves && numbers.chance(30)
    // Now and then ids from 0 or below, and a stretch of empty pages (2 to 40 in a row).
    if numbers.chance(15) { scenario.firstID = numbers.pick([0, -1, -2, -1_000]) }
    if numbers.chance(12) {
      let stretch = Array(repeating: 0, count: numbers.pick([2, 3, 5, 10, 11, 40]))
      let at = Int.random(in: 0...scenario.lengths.count, using: &numbers)
      scenario.lengths.insert(contentsOf: stretch, at: at)
      if case .breaksAfter(let count) = scenario.consumer {
        scenario.consumer = .breaksAfter(min(count, scenario.usersBeforeTheLast))
      }
    }
    return scenario
  }
  // Past a million users, when grading: 1,100 pages of a thousand, then three more.
  let million = PageScenario(
    lengths: Array(repeating: 1_000, count: 1_100),
    last: .final(3),
    consumer: .readsAll(twoStreams: false),
    shrinks: false
  )
  return generated + onlyWhenGrading(large + [million])
}

/// Runs 4c is graded on besides the others, from a seed of their own: pages that give the first
/// users again, and users given twice in a row (one id, one email).
func pageScenariosOfRepeats(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    if numbers.chance(50) {
      scenario.pagesRepeat = true
      if scenario.lengths.count < 2 { scenario.lengths += [3, 3] }
    } else {
      scenario.idsRepeat = true
      scenario.usersRepeat = true
    }
    return scenario
  }
}

/// Runs 4c is graded on besides `pageScenarios`': user ids in no order, pages that fail with
/// every kind of error (a DecodingError, the platform's errors, a CancellationError of the page's
/// own), and, when grading, last pages of 100 to 200,000 users.
func pageScenariosOfOddPages(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed)
  let generated = pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    scenario.idsInNoOrder = numbers.chance(50)
    if case .fails = scenario.last {
      switch Int.random(in: 0..<3, using: &numbers) {
      case 0: scenario.last = .fails(.decoding(index: scenario.lengths.count % 7))
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
  // Pages of any number of users, as likely to have any number of digits: whatever round number
  // an answer takes for a page's users, some page here is longer.
  let large = (0..<6).map { _ in
    let length = numbers.logUniform(100...200_000)
    return PageScenario(
      lengths: numbers.chance(50) ? [numbers.logUniform(100...200_000)] : [],
      last: .final(length),
      consumer: .readsAll(twoStreams: false),
      cursors: .opaque,
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

/// Runs 4c is graded on besides the others, from a seed of their own: two streams of the same
/// pages at once, made one after the other, where one consumer leaves (by `break` after any
/// number of users, or cancelled) with its page in flight while the other reads on to its end.
func pageScenariosOfTwoStreamsOneLeaving(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  return pageScenarios(count: count, seed: seed).prefix(count).map { drawn in
    var scenario = drawn
    scenario.lengths = Array(scenario.lengths.prefix(6))
    scenario.pageAnswersTheCancel = false
    scenario.last = .inFlight(throwsURLError: numbers.chance(50))
    scenario.consumer =
      numbers.chance(70)
      ? .breaksAfter(Int.random(in: 0...scenario.usersBeforeTheLast, using: &numbers))
      : .isCancelled
    scenario.otherStream = PageScenario.OtherStream(
      madeFirst: numbers.chance(50),
      lastPage: Int.random(in: 0...4, using: &numbers)
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
  let given = scenario.usersGiven(from: 1, lastPage: 0)
  guard case .breaksAfter(let count) = scenario.consumer else {
    withUnsafeCurrentTask { $0?.cancel() }
    let end = try await readUsers(stream, into: &ids, given: given)
    return (ids, end)
  }
  let end = try await readUsers(stream, into: &ids, upTo: count, given: given)
  return (ids, end)
}

/// Runs 4c is graded on besides the others: two streams made from one source object, read one
/// after the other, and streams made at once (5, 12 and 65), each of a source of its own, whose
/// first pages come once every stream has asked for its first.
func pageScenariosOfStreamsAtOnce(count: Int, seed: UInt64) -> [PageScenario] {
  var numbers = SeededNumbers(seed: seed &+ 1)
  let reading = pageScenarios(count: count * 3, seed: seed).filter {
    if case .inFlight = $0.last { return false }
    return $0.otherStream == nil
  }
  let oneSource = reading.prefix(count).map { drawn in
    var scenario = drawn
    scenario.consumer = .readsAll(twoStreams: true)
    scenario.oneSource = true
    scenario.cursors = .numbers
    return scenario
  }
  let manyAtOnce = zip(reading.dropFirst(count).prefix(3), [5, 12, 65]).map { drawn, streams in
    var scenario = drawn
    scenario.consumer = .readsAll(twoStreams: false)
    scenario.streamsAtOnce = streams
    scenario.lengths = Array(scenario.lengths.prefix(4))
    scenario.pagesTakeAWhile = numbers.chance(50)
    return scenario
  }
  return oneSource + manyAtOnce
}
