import ExerciseSupport
import Foundation
import LessonSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Exercise 6c graded by its statement: generated parts (from offset 0 to Int.max, 1 byte to
// Int.max bytes, the last byte at Int.max too), URLs with paths and queries (capitals in them too),
// and answers of every kind: a transport error (a URLError of every code), a response that is not
// HTTP, any status (199 and 600 too), a Content-Range of every shape or none, under any spelling of
// its name, a body of any length; through a session whose server also tells which session each
// request came from.

/// One call of `downloadPart`, and the server's answer, as the grade generates them.
struct RangeScenario: GradedScenario {
  /// The Content-Range the server sends, built from the part asked for.
  enum ContentRange: String, Equatable, Sendable, CaseIterable {
    case exact = "the part asked for"
    case exactOfUnknownTotal = "the part asked for, of a total unknown"
    case none = "none"
    case otherUnit = "the part asked for, in items"
    case withoutSlash = "the part asked for, without the slash"
    case startOnly = "the part's start only"
    case otherStart = "another start"
    case otherEnd = "another end"
    case endWithADigitMore = "the part's end with a digit more"
    case unsatisfied = "a range not satisfied"
    case asTheRequestSaysIt = "the Range header's spelling"
    case twoSpaces = "two spaces after the unit"
    case unitInCapitals = "the part asked for, the unit in capitals"
    case unitCapitalized = "the part asked for, the unit capitalized"
    case startWithALeadingZero = "the part's start with a leading zero"
    case endWithALeadingZero = "the part's end with a leading zero"
    case startWithAPlus = "the part's start with a plus sign"
    case empty = "empty"
  }

  enum Answer: Equatable, Sendable {
    /// The request fails before any answer, with this URLError code.
    case transport(URLError.Code)
    case http(status: Int, contentRange: ContentRange, headerName: String, body: Int)
    /// A plain URLResponse, not an HTTPURLResponse (no status, no headers), with this many bytes.
    case notHTTP(body: Int)
  }

  var url: String
  var offset: Int
  var length: Int
  var answer: Answer
  /// The total after the slash of a Content-Range that names the part asked for, when it is not
  /// the one a file ending at the part would have: smaller than the part, much larger, "*", text.
  var oddTotal: String?
  /// A Retry-After header on the answer, as a server that is busy sends it.
  var retryAfter: String?
  /// Text the server puts before the Content-Range's value: a letter, or another range's value
  /// and a comma, as two Content-Range fields folded into one give.
  var before: String?

  /// The part's last byte: never past Int.max.
  var last: Int { offset + (length - 1) }

  var size: Int {
    var size = 1
    if case .http(_, let contentRange, _, let body) = answer {
      size += (contentRange == .exact ? 0 : 1) + (body > 0 ? 1 : 0)
    }
    if case .notHTTP(let body) = answer { size += 1 + (body > 0 ? 1 : 0) }
    if offset > 1_000_000 || length > 1_000_000 { size += 3 }
    if last > Int.max - 1_000 { size += 6 }  // last: an answer can trap near Int.max
    if oddTotal != nil { size += 1 }
    if retryAfter != nil { size += 1 }
    if before != nil { size += 1 }
    return size
  }

  /// The Content-Range header's value, if there is one.
  var contentRange: String? { shapedContentRange.map { (before ?? "") + $0 } }

  /// The Content-Range header's value, if there is one, but for the text before it.
  private var shapedContentRange: String? {
    guard case .http(_, let shape, _, _) = answer else { return nil }
    let total = oddTotal ?? (last == Int.max ? "*" : "\(last + 1)")
    switch shape {
    case .exact: return "bytes \(offset)-\(last)/\(total)"
    case .exactOfUnknownTotal: return "bytes \(offset)-\(last)/*"
    case .none: return nil
    case .otherUnit: return "items \(offset)-\(last)/\(total)"
    case .withoutSlash: return "bytes \(offset)-\(last)"
    case .startOnly: return "bytes \(offset)-"
    case .otherStart: return "bytes \(offset > 0 ? offset - 1 : offset + 1)-\(last)/\(total)"
    case .otherEnd: return "bytes \(offset)-\(last > 0 ? last - 1 : last + 1)/\(total)"
    case .endWithADigitMore: return "bytes \(offset)-\(last)0/\(total)"
    case .unsatisfied: return "bytes */\(total)"
    case .asTheRequestSaysIt: return "bytes=\(offset)-\(last)/\(total)"
    case .twoSpaces: return "bytes  \(offset)-\(last)/\(total)"
    case .unitInCapitals: return "BYTES \(offset)-\(last)/\(total)"
    case .unitCapitalized: return "Bytes \(offset)-\(last)/\(total)"
    case .startWithALeadingZero: return "bytes 0\(offset)-\(last)/\(total)"
    case .endWithALeadingZero: return "bytes \(offset)-0\(last)/\(total)"
    case .startWithAPlus: return "bytes +\(offset)-\(last)/\(total)"
    case .empty: return ""
    }
  }

  /// The body the server sends.
  var body: Data {
    let count: Int
    switch answer {
    case .transport: return Data()
    case .http(_, _, _, let body), .notHTTP(let body): count = body
    }
    return Data((0..<count).map { UInt8(truncatingIfNeeded: (offset &+ $0) % 251) })
  }

  var description: String {
    var text =
      "downloadPart(of: \(url), offset: \(offset), length: \(length), session: the grade's)"
    switch answer {
    case .transport(let code): text += "; the request fails with \(spelledURLError(code))"
    case .http(let status, _, let name, let body):
      text += "; the server answers \(status)"
      if let contentRange {
        text += " with \(name): \"\(contentRange)\""
      } else {
        text += " with no Content-Range"
      }
      text += " and \(body) byte\(body == 1 ? "" : "s")"
      if let retryAfter { text += ", Retry-After: \(retryAfter)" }
    case .notHTTP(let body):
      text +=
        "; the answer is a URLResponse that is not an HTTPURLResponse (no status), with \(body) "
        + "byte\(body == 1 ? "" : "s")"
    }
    return text
  }

  var smaller: [RangeScenario] {
    var candidates: [RangeScenario] = []
    func with(_ change: (inout RangeScenario) -> Void) {
      var copy = self
      change(&copy)
      if copy != self { candidates.append(copy) }
    }
    if offset > 0 {
      with { $0.offset = 0 }
      with { $0.offset = offset / 2 }
    }
    if length > 1 {
      with { $0.length = 1 }
      with { $0.length = length / 2 }
    }
    with { $0.url = rangeURLs[0] }
    with { $0.oddTotal = nil }
    with { $0.retryAfter = nil }
    with { $0.before = nil }
    if case .http(let status, let contentRange, let name, let body) = answer {
      with {
        $0.answer = .http(status: status, contentRange: contentRange, headerName: name, body: 0)
      }
      with {
        $0.answer = .http(
          status: status,
          contentRange: contentRange,
          headerName: "Content-Range",
          body: body
        )
      }
    }
    if case .notHTTP(let body) = answer, body > 0 {
      with { $0.answer = .notHTTP(body: 0) }
    }
    return candidates
  }
}

extension RangeScenario: Equatable {}

/// The URLs a part is asked of.
private let rangeURLs = [
  "http://stub.invalid/files/small.bin", "http://stub.invalid/files/a%20b.bin?version=2",
  "https://stub.invalid:8443/parts/x?first=1&second=two", "http://stub.invalid/",
]

/// The requests made, as the server saw them, and how the call came out.
struct RangeOutcome: Equatable, CustomStringConvertible {
  var log: [String]

  var description: String { log.joined(separator: ", ") }
}

/// A PartError as the log tells it.
func spelledPartError(_ error: PartError) -> String {
  switch error {
  case .status(let status): "threw PartError.status(\(status))"
  case .contentRange(let expected, let received):
    "threw PartError.contentRange(expected: \"\(expected)\", received: "
      + (received.map { "\"\($0)\"" } ?? "nil") + ")"
  }
}

/// The statement of exercise 6c, as a program.
func rangeModel(_ scenario: RangeScenario) -> RangeOutcome {
  let request = "GET \(scenario.url) with Range: bytes=\(scenario.offset)-\(scenario.last)"
  switch scenario.answer {
  case .transport(let code): return RangeOutcome(log: [request, "threw \(spelledURLError(code))"])
  case .http(let status, _, _, let body):
    guard status == 206 else {
      return RangeOutcome(log: [request, spelledPartError(.status(status))])
    }
    let expected = "bytes \(scenario.offset)-\(scenario.last)/"
    guard let received = scenario.contentRange, received.hasPrefix(expected) else {
      let error = PartError.contentRange(expected: expected, received: scenario.contentRange)
      return RangeOutcome(log: [request, spelledPartError(error)])
    }
    return RangeOutcome(log: [request, "returned the body's \(body) bytes"])
  case .notHTTP:
    // No HTTPURLResponse, no status: the statement's status 0.
    return RangeOutcome(log: [request, spelledPartError(.status(0))])
  }
}

/// A server inside URLSession that answers with the current scenario's answer, and logs each
/// request with the session it came from.
final class RangeScenarioServer: URLProtocol {
  private static let current = Locked<RangeScenario?>(nil)
  private static let requests = Locked<[String]>([])

  /// The session the grade gives `downloadPart`, with its first task numbers used up.
  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [RangeScenarioServer.self]
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration)
    // Tasks made and never resumed: they only take the numbers 1 to numbersUsedUp.
    for _ in 0..<numbersUsedUp { _ = session.dataTask(with: URLRequest(url: unusedURL)) }
    return session
  }()

  /// A session numbers its tasks from 1 (corelibs Foundation's URLSession does): a request whose
  /// task has a number this low came through a session other than the grade's.
  private static let numbersUsedUp = 1_000
  private static let unusedURL = URL(fileURLWithPath: "/")

  /// Requests held until as many as `needed` have arrived: two calls at once.
  private static let gathered = Locked<(needed: Int, held: [HeldRequest])>((1, []))

  /// Answers the requests that follow with `scenario`'s answer, and starts a new log; with
  /// `together`, holds each request until that many have arrived.
  static func serve(_ scenario: RangeScenario, together: Int = 1) {
    current.withLock { $0 = scenario }
    requests.withLock { $0 = [] }
    gathered.withLock { $0 = (together, []) }
  }

  static var log: [String] { requests.withLock { $0 } }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let method = request.httpMethod ?? "GET"
    let url = request.url?.absoluteString ?? "no URL"
    let asked =
      "\(method) \(url) with Range: " + (request.value(forHTTPHeaderField: "Range") ?? "none")
    // The session's own list of tasks (getAllTasks) is not read here: on Linux it is read off the
    // session's queue, and a task ending meanwhile can crash it.
    let given = (task?.taskIdentifier ?? 0) > Self.numbersUsedUp
    Self.requests.withLock {
      $0.append(given ? asked : asked + ", through a session other than the one given")
    }
    let ready = Self.gathered.withLock { gathered -> [HeldRequest] in
      gathered.held.append(HeldRequest(loading: self))
      guard gathered.held.count >= gathered.needed else { return [] }
      defer { gathered.held = [] }
      return gathered.held
    }
    for request in ready { request.loading.answerTheScenario() }
  }

  private func answerTheScenario() {
    guard let url = request.url, let scenario = Self.current.withLock({ $0 }) else { return }
    switch scenario.answer {
    case .transport(let code):
      // Marked, so that an error rebuilt from its code shows: it must come out as it is.
      client?.urlProtocol(
        self,
        didFailWithError: URLError(code, userInfo: [sessionsErrorKey: "the session's own"])
      )
    case .http(let status, _, let name, _):
      let body = scenario.body
      var headers = ["Content-Length": "\(body.count)"]
      headers[name] = scenario.contentRange
      headers["Retry-After"] = scenario.retryAfter
      answer(url, status: status, headers: headers, body: body)
    case .notHTTP:
      let body = scenario.body
      let response = URLResponse(
        url: url,
        mimeType: "application/octet-stream",
        expectedContentLength: body.count,
        textEncodingName: nil
      )
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      client?.urlProtocolDidFinishLoading(self)
    }
  }

  override func stopLoading() {}
}

/// A request the server holds until the other one of two calls at once has arrived.
///
/// Safety: nothing else uses the loading request until it is answered, and its client may be
/// called from any thread.
private struct HeldRequest: @unchecked Sendable {
  let loading: RangeScenarioServer
}

/// The calls exercise 6c is graded on: a fixed list, from a fixed seed.
func rangeScenarios(count: Int, seed: UInt64) -> [RangeScenario] {
  var numbers = SeededNumbers(seed: seed)
  let statuses = [
    200, 201, 202, 203, 204, 205, 207, 208, 226, 300, 301, 302, 304, 307, 400, 401, 403, 404,
    410, 416, 429, 500, 502, 503, 504,
  ]
  // Every code in turn, and the one most tempting to read as something else, a cancel, often.
  var nextCode = 0
  var scenarios = (0..<count).map { _ in
    let small = Int.random(in: 1...5_000, using: &numbers)
    let (offset, length) = numbers.pick([
      (0, 1), (0, small), (1, 1), (Int.random(in: 0...10_000_000, using: &numbers), small),
      (Int.random(in: 1 << 40...1 << 62, using: &numbers), small), (Int.max, 1),
      (Int.max - small + 1, small), (0, Int.max), (1, Int.max), (0, 2),
    ])
    var scenario = RangeScenario(
      url: numbers.pick(rangeURLs),
      offset: offset,
      length: length,
      answer: .transport(
        numbers.chance(25) ? .cancelled : everyURLErrorCode[nextURLErrorCode(&nextCode)].code
      )
    )
    guard !numbers.chance(15) else { return scenario }
    let status =
      numbers.chance(60)
      ? 206
      : numbers.chance(80) ? numbers.pick(statuses) : Int.random(in: 200...599, using: &numbers)
    let contentRange: RangeScenario.ContentRange =
      numbers.chance(40) ? .exact : numbers.pick(RangeScenario.ContentRange.allCases)
    scenario.answer = .http(
      status: status,
      contentRange: contentRange,
      headerName: numbers.pick(["Content-Range", "Content-Range", "content-range", "CONTENT-RANGE"]
      ),
      body: numbers.chance(50) ? min(length, 64) : Int.random(in: 0...20, using: &numbers)
    )
    return scenario
  }
  // Answers that are not HTTP at all (as a data: or file: URL, or a protocol of its own, gives):
  // no status to read, so PartError.status(0).
  for (url, offset, length, body) in [
    (rangeURLs[0], 0, 1, 0), (rangeURLs[1], 1000, 100, 64), (rangeURLs[2], 1 << 40, 10, 10),
  ] {
    scenarios.append(
      RangeScenario(url: url, offset: offset, length: length, answer: .notHTTP(body: body))
    )
  }
  return scenarios
}

/// Calls 6c is graded on besides `rangeScenarios`', from a seed of their own: every URLError
/// code in turn as a transport error (a timeout and a lost connection among them), a Content-Range
/// for the part asked for with a total of every kind, and answers that are not 206 with a
/// Retry-After; then URLs with capitals in their paths and queries, and the statuses 199, 600,
/// 601 and 999, and bodies over 64 KiB longer than the part.
func rangeScenariosOfOddAnswers(count: Int, seed: UInt64) -> [RangeScenario] {
  var numbers = SeededNumbers(seed: seed)
  var nextCode = 0
  let drawn = rangeScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    switch Int.random(in: 0..<3, using: &numbers) {
    case 0:
      scenario.answer = .transport(everyURLErrorCode[nextURLErrorCode(&nextCode)].code)
    case 1:
      let length = min(scenario.length, 64)
      scenario.answer = .http(
        status: 206,
        contentRange: .exact,
        headerName: "Content-Range",
        body: length
      )
      scenario.oddTotal = numbers.pick([
        "*", "\(scenario.offset)", "0", "1", "\(UInt64.max)", "many", "",
        "\(numbers.logUniform(1...Int.max))",
      ])
    default:
      scenario.answer = .http(
        status: numbers.pick([429, 503, 500, 502, 504, 301, 200]),
        contentRange: numbers.pick([.exact, .none]),
        headerName: "Content-Range",
        body: 0
      )
      scenario.retryAfter = numbers.pick(["0", "1", "120", "Wed, 21 Oct 2015 07:28:00 GMT"])
    }
    return scenario
  }
  // URLs whose paths and queries have capitals (a URL's path is case sensitive), each answered
  // with the part asked for.
  let capitals = [
    "http://stub.invalid/Files/A.bin", "https://stub.invalid:8443/Parts/X?First=1&Second=Two",
    "http://stub.invalid/files/REPORT%20Q1.PDF?Version=2",
  ].map { url in
    RangeScenario(
      url: url,
      offset: 0,
      length: 1,
      answer: .http(status: 206, contentRange: .exact, headerName: "Content-Range", body: 1)
    )
  }
  // Statuses outside 200 to 599, which an HTTPURLResponse holds as they are.
  let oddStatuses = [199, 600, 601, 999].map { status in
    RangeScenario(
      url: rangeURLs[0],
      offset: 0,
      length: 1,
      answer: .http(status: status, contentRange: .exact, headerName: "Content-Range", body: 1)
    )
  }
  // Bodies over 64 KiB longer than the part asked for, under a Content-Range for that part.
  let longBodies = [(0, 1, 65_538), (1_000, 100, 100 + 70_001)].map { offset, length, body in
    RangeScenario(
      url: rangeURLs[1],
      offset: offset,
      length: length,
      answer: .http(status: 206, contentRange: .exact, headerName: "Content-Range", body: body)
    )
  }
  return drawn + capitals + oddStatuses + longBodies + textBeforeTheContentRange()
}

/// Answers of 206 whose Content-Range names the part asked for after some text: a letter glued to
/// the unit, or another range's value and a comma (two Content-Range fields folded into one), the
/// part's own range or another's first.
func textBeforeTheContentRange() -> [RangeScenario] {
  [(0, 100), (1_000, 100), (0, 1), (1 << 40, 10), (Int.max, 1)].flatMap { offset, length in
    let last = offset + (length - 1)
    let other = offset > 0 ? "bytes 0-\(offset - 1)/*, " : "bytes \(last + 1)-\(last + 100)/*, "
    return ["x", "X", "0", other, "bytes \(offset)-\(last)/*, "].map { before in
      RangeScenario(
        url: rangeURLs[0],
        offset: offset,
        length: length,
        answer: .http(
          status: 206,
          contentRange: .exact,
          headerName: "Content-Range",
          body: min(length, 64)
        ),
        before: before
      )
    }
  }
}

/// The failure message: the call and the answer, then what the answer did and what the statement
/// gives.
func explainRanges(
  _ scenario: RangeScenario,
  _ got: RangeOutcome,
  _ expected: RangeOutcome
)
  -> String
{
  "\(scenario): your answer: \(got); the statement gives: \(expected)"
}

/// The key of a mark the test's session puts on each URLError it throws.
let sessionsErrorKey = "ConcurrencyTutorial.sessionsError"
