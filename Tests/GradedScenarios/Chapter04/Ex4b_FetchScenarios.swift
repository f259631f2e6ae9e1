import ExerciseSupport
import Foundation
import LessonSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Exercise 4b graded by its statement: generated answers from a server inside URLSession (any
// status, error bodies of every shape, bodies that decode or fail at a known place, transport
// errors), each compared with what the statement says `fetch` returns or throws.

/// A page of users inside an object, to decode with a key before the index: "users[2].id".
struct UserList: Decodable, Equatable {
  let users: [User]
  let page: Int
  let perPage: Int

  /// The server's own spelling: a decoder that converts snake case looks for "perPage".
  enum CodingKeys: String, CodingKey {
    case users, page
    case perPage = "per_page"
  }
}

/// One user under a key, to decode with a key before a key: "owner.email".
struct Owned: Decodable, Equatable {
  let owner: User
}

/// A key in mixed case and a `Date`, which a plain JSONDecoder reads as a number of seconds since
/// 2001: what a decoder with strategies of its own reads otherwise.
struct Stamped: Decodable, Equatable, CustomStringConvertible {
  let userID: Int
  let createdAt: Date

  /// The date every generated body gives, in seconds since 2001.
  static let seconds = 733_000_000.25

  /// The date as its seconds: a date of "NaN" seconds, which a decoder told so reads, is no
  /// calendar date (describing it as one stops the program).
  var description: String {
    let seconds = createdAt.timeIntervalSinceReferenceDate
    return "Stamped(userID: \(userID), createdAt: \(seconds) s after 2001)"
  }
}

/// A user whose keys are an enum of Int raw values: each key has an intValue, and its stringValue
/// is its name, so a path writes it as a key ("email"), not as an index ("[3]").
struct Numbered: Decodable, Equatable {
  let id: Int
  let name: String
  let username: String
  let email: String

  enum CodingKeys: Int, CodingKey {
    case id = 1, name, username, email
  }

  init(_ user: User) {
    (id, name, username, email) = (user.id, user.name, user.username, user.email)
  }
}

/// One answer the session gives, as the grade generates it.
struct FetchScenario: GradedScenario, Equatable {
  /// The type `fetch` is asked to decode.
  enum Shape: String, Sendable {
    case user = "User"
    case users = "[User]"
    case list = "UserList"
    case owned = "Owned"
    /// Users in pages of two: the paths go through arrays in arrays ("[1][0].id").
    case pages = "[[User]]"
    case stamped = "Stamped"
    /// Users in an object, each under its id as a key ("1", "2", ...): keys of digits, which a
    /// path writes after a dot ("2.id"), as any key, not in brackets as an index.
    case keyed = "[String: User]"
    /// A user whose CodingKeys have Int raw values.
    case numbered = "Numbered"
    /// A number alone at the top, 42: JSON allows any value there, not only an object or array.
    case scalar = "Int"

    /// One value, at the top or under a key.
    var isOneUser: Bool {
      self == .user || self == .owned || self == .stamped || self == .numbered || self == .scalar
    }
  }

  /// Where a 2xx body goes wrong, if it does.
  enum Fault: Equatable, Sendable {
    case none
    /// The user at `index` (nil: the top-level one) lacks `key`.
    case missingKey(index: Int?, key: String)
    /// The user's `key` holds a value of the wrong type (a string for `id`, a number otherwise).
    case wrongType(index: Int?, key: String)
    /// The user's `key` is null.
    case null(index: Int?, key: String)
    /// `page` is missing from the list.
    case missingPage
    /// The body is not JSON at all.
    case notJSON
    /// The body is JSON5, which a plain decoder does not read: a key without quotes, or a comment.
    case looseJSON(commented: Bool)
    /// The top level is of another type (an object for an array, an array for an object).
    case wrongTopLevel
    /// The body's JSON with text before or after it (a guard such as `)]}'`, a callback's name),
    /// which makes the body no JSON.
    case wrapped(prefix: String, suffix: String)
  }

  /// An error body that looks like JSON with an "error" string, and is not one: no message.
  enum Lookalike: Equatable, Sendable {
    /// JSON5: the key without quotes.
    case unquotedKey
    /// JSON5: the message in single quotes.
    case singleQuotes
    /// JSON5: a comment before the key, or before or after the object.
    case comment(at: CommentPlace)
    /// A key spelled otherwise: another case ("Error"), or more letters ("errors").
    case otherKey(String)
    /// The object inside an array.
    case inAnArray
    /// Text before or after the object.
    case wrapped(prefix: String, suffix: String)

    enum CommentPlace: Equatable, Sendable {
      case inside, before, after
    }

    /// The body, with `message` as a JSON string.
    func body(_ message: String) -> String {
      let message = jsonString(message)
      switch self {
      case .unquotedKey: return "{error: \(message)}"
      case .singleQuotes:
        let inner = message.dropFirst().dropLast().replacingOccurrences(of: "'", with: "\\'")
        return "{\"error\": '\(inner)'}"
      case .comment(.inside): return "{/* why */ \"error\": \(message)}"
      case .comment(.before): return "// why\n{\"error\": \(message)}"
      case .comment(.after): return "{\"error\": \(message)} // why"
      case .otherKey(let key): return "{\(jsonString(key)): \(message)}"
      case .inAnArray: return "[{\"error\": \(message)}]"
      case .wrapped(let prefix, let suffix): return prefix + "{\"error\": \(message)}" + suffix
      }
    }
  }

  /// What the server says for a status outside 2xx.
  enum ErrorBody: Equatable, Sendable {
    case message(String)
    /// `{"error": "...", "code": 42, ...}`: the message among other keys.
    case messageAmongOthers(String)
    case messageNotAString
    /// `{"error": {"message": "..."}}`: the "error" is an object, not a string.
    case messageInAnObject(String)
    /// `{"problem": {"error": "..."}}`: an "error" string below the top, not at it.
    case messageBelowTheTop(String)
    /// `{"error": "...", "pad": "aaa..."}`: the message, then a string of `padding` letters.
    case messagePadded(String, padding: Int)
    /// The message's object after white space (`lead`), which JSON allows before a value.
    case messageAfterSpace(String, lead: String)
    /// A body that looks like a JSON object with an "error" string, and is not one.
    case lookalike(String, Lookalike)
    /// `{"error": "...", "size": 1e400}`: the message beside a number past any Double, which
    /// JSON allows (it sets no range).
    case messageBesideAHugeNumber(String, number: String)
    case otherKey
    case array
    case html
    case empty
  }

  /// When the task that calls `fetch` is cancelled, if it is.
  enum CallerCancel: Equatable, Sendable {
    case never
    /// Before it calls `fetch`: the session still answers, as a stub may.
    case beforeTheCall
    /// While its request is in flight: the server holds it and never answers.
    case whileInFlight
  }

  /// A setting of the request given to `fetch` that a new URLRequest does not have.
  enum Setting: Equatable, Sendable, CustomStringConvertible {
    case cachePolicy(URLRequest.CachePolicy)
    case cookiesOff
    case pipelining(Bool)
    case cellularOff
    case serviceType(URLRequest.NetworkServiceType)
    case mainDocument
    /// A body of `bytes` bytes, in `httpBody`.
    case body(bytes: Int)
    /// A body of `bytes` bytes, as a stream: `httpBodyStream`.
    case bodyStream(bytes: Int)

    var isABody: Bool {
      switch self {
      case .body, .bodyStream: return true
      default: return false
      }
    }

    func apply(to request: inout URLRequest) {
      switch self {
      case .cachePolicy(let policy): request.cachePolicy = policy
      case .cookiesOff: request.httpShouldHandleCookies = false
      case .pipelining(let on): setPipelining(of: &request, to: on)
      case .cellularOff: request.allowsCellularAccess = false
      case .serviceType(let type): request.networkServiceType = type
      case .mainDocument: request.mainDocumentURL = URL(string: "http://scenario.invalid/page")
      case .body(let bytes): request.httpBody = Data(repeating: UInt8(ascii: "a"), count: bytes)
      case .bodyStream(let bytes):
        request.httpBodyStream = InputStream(data: Data(repeating: UInt8(ascii: "a"), count: bytes))
      }
    }

    /// Named as `requestSettings` names them, so that a difference reads the same.
    var description: String {
      switch self {
      case .cachePolicy(let policy): "cachePolicy \(policy.rawValue)"
      case .cookiesOff: "httpShouldHandleCookies false"
      case .pipelining(let on): "httpShouldUsePipelining \(on)"
      case .cellularOff: "allowsCellularAccess false"
      case .serviceType(let type): "networkServiceType \(type.rawValue)"
      case .mainDocument: "mainDocumentURL http://scenario.invalid/page"
      case .body(let bytes): "a body of \(bytes) bytes"
      case .bodyStream(let bytes): "a body stream of \(bytes) bytes"
      }
    }
  }

  enum Answer: Equatable, Sendable {
    case success(status: Int, shape: Shape, count: Int, fault: Fault)
    case failure(status: Int, body: ErrorBody)
    case transport(URLError.Code)
  }

  var answer: Answer
  /// The type asked for, for a failure or a transport error.
  var shape: Shape
  /// The answer's Content-Type: JSON, or not said, or plain text, whatever the body.
  var contentType: String? = "application/json"
  var cancel = CallerCancel.never
  /// Headers of the request given to `fetch`, which the server must receive as they are.
  var headers: [String: String] = [:]
  /// The request's method and timeout when not GET and 60 s: the server must receive them too.
  var method: String?
  var timeout: TimeInterval?
  /// The request's other settings, where they are not a new request's.
  var settings: [Setting] = []
  /// The answer is a plain `URLResponse`, not an HTTP one: it has no status.
  var notHTTP = false
  /// What a `.keyed` body's keys start with before the user's number: "" for "1", "2", ...,
  /// "Index " for "Index 1", "Index 2", ..., as JSONDecoder names an array's elements.
  var keyWord = ""

  var size: Int {
    (cancel == .never ? 0 : 1) + (headers.isEmpty ? 0 : 1) + (method == nil ? 0 : 1)
      + (timeout == nil ? 0 : 1) + settings.count + answerSize
  }

  private var answerSize: Int {
    switch answer {
    case .success(_, _, let count, let fault): return count + (fault == .none ? 0 : 1)
    case .failure(_, .lookalike): return 3  // after the other error bodies of one user
    case .failure(_, let body): return body == .empty ? 0 : 1
    case .transport: return 0
    }
  }

  var description: String {
    let given =
      (method.map { ["method \($0)"] } ?? [])
      + (timeout.map { ["timeoutInterval \($0)"] } ?? []) + settings.map(\.description)
      + headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    let sent = given.isEmpty ? "" : " (a request with " + given.joined(separator: ", ") + ")"
    switch cancel {
    case .never where notHTTP:
      return answerDescription + sent
        + ", in a response that is not HTTP (a URLResponse, no status)"
    case .never: return answerDescription + sent
    case .beforeTheCall:
      return answerDescription + sent + "; the caller's task is cancelled before it calls fetch"
    case .whileInFlight:
      return "fetch(\(shape.rawValue).self, ...)\(sent): the caller's task is cancelled while the "
        + "request is in flight (the server has not answered)"
    }
  }

  private var sentAs: String {
    contentType.map { $0 == "application/json" ? "" : " sent as \($0)" }
      ?? " with no Content-Type"
  }

  private var answerDescription: String {
    switch answer {
    case .success(let status, let shape, let count, let fault):
      let what =
        shape == .stamped
        ? "{\"userID\": 1, \"createdAt\": \(Stamped.seconds)}"
        : shape == .scalar
          ? (fault == .wrongTopLevel ? "\"42\", a string" : "42, a number alone")
          : shape.isOneUser
            ? (shape == .owned ? "one user as {\"owner\": {...}}" : "one user")
            : (count == 1 ? "1 user" : "\(count) users")
              + (shape == .list
                ? " in {\"users\": [...], \"page\": 1}"
                : shape == .pages
                  ? " in pages of two, [[...], [...]]"
                  : shape == .keyed ? " keyed by id, {\"\(keyWord)1\": {...}, ...}" : "")
      return "fetch(\(shape.rawValue).self, ...) answered \(statusText(status))with \(what)"
        + faultText(fault)
        + sentAs
    case .failure(let status, let body):
      return "fetch(\(shape.rawValue).self, ...) answered \(statusText(status))with "
        + bodyText(body)
        + sentAs
    case .transport(let code):
      return "fetch(\(shape.rawValue).self, ...): URLSession throws \(spelledURLError(code))"
    }
  }

  /// "404 ": the status, or nothing for an answer that is not HTTP, which has none.
  private func statusText(_ status: Int) -> String {
    notHTTP ? "" : "\(status) "
  }

  private func faultText(_ fault: Fault) -> String {
    func whose(_ index: Int?) -> String {
      guard let index else { return shape == .stamped ? "the body" : "the user" }
      if shape == .keyed { return "the user under \"\(keyWord)\(index + 1)\"" }
      return shape == .pages ? "the user at [\(index / 2)][\(index % 2)]" : "the user at [\(index)]"
    }
    switch fault {
    case .none: return ""
    case .missingKey(let index, let key): return ", but \(whose(index)) has no \"\(key)\""
    case .wrongType(let index, let key):
      return ", but \(whose(index))'s \"\(key)\" is of the wrong type"
    case .null(let index, let key): return ", but \(whose(index))'s \"\(key)\" is null"
    case .missingPage: return ", but no \"page\""
    case .notJSON: return ", but the body is not JSON"
    case .looseJSON(let commented):
      return commented
        ? ", but the body holds a comment (/* ... */)" : ", but its first key has no quotes"
    case .wrongTopLevel: return ", but the top level is of another type"
    case .wrapped(let prefix, let suffix):
      return ", but with \(textAround(prefix: prefix, suffix: suffix)) (the body is no JSON)"
    }
  }

  /// A body with no "error" key, but the keys other APIs put a message in (RFC 9457's problem
  /// details among them): the statement's message is still nil.
  static let otherKeys =
    "{\"message\": \"no\", \"detail\": \"no user 9\", \"title\": \"Not Found\"}"

  private func bodyText(_ body: ErrorBody) -> String {
    switch body {
    case .message(let text): return "{\"error\": \"\(escapedText(text))\"}"
    case .messageAmongOthers(let text):
      return "{\"code\": 42, \"error\": \"\(escapedText(text))\", \"retry\": false}"
    case .messageNotAString: return "{\"error\": 42}"
    case .messageInAnObject(let text):
      return "{\"error\": {\"message\": \"\(escapedText(text))\"}}"
    case .messageBelowTheTop(let text):
      return "{\"problem\": {\"error\": \"\(escapedText(text))\"}}"
    case .messagePadded(let text, let padding):
      return "{\"error\": \"\(escapedText(text))\", \"pad\": \"\(padding) letters\"} "
        + "(\(padding + text.utf8.count + 24) bytes)"
    case .messageAfterSpace(let text, let lead):
      return "\"\(escapedText(lead))\" then {\"error\": \"\(escapedText(text))\"}"
    case .lookalike(let text, let form): return escapedText(form.body(text), longerThan: 240)
    case .messageBesideAHugeNumber(let text, let number):
      return "{\"error\": \"\(escapedText(text))\", \"size\": \(number)}"
    case .otherKey: return Self.otherKeys
    case .array: return "[\"error\"]"
    case .html: return "an HTML page"
    case .empty: return "an empty body"
    }
  }

  var smaller: [FetchScenario] {
    var candidates = smallerAnswers.map { candidate in
      var copy = candidate
      copy.contentType = contentType
      copy.cancel = cancel
      copy.headers = headers
      copy.method = method
      copy.timeout = timeout
      copy.settings = settings
      return copy
    }
    if contentType != "application/json" {
      var copy = self
      copy.contentType = "application/json"
      candidates.append(copy)
    }
    if cancel != .never {
      var copy = self
      copy.cancel = .never
      candidates.append(copy)
    }
    if !headers.isEmpty {
      var copy = self
      copy.headers = [:]
      candidates.append(copy)
    }
    if method != nil, !settings.contains(where: \.isABody) {
      var copy = self
      copy.method = nil
      candidates.append(copy)
    }
    if timeout != nil {
      var copy = self
      copy.timeout = nil
      candidates.append(copy)
    }
    for index in settings.indices {
      var copy = self
      copy.settings.remove(at: index)
      candidates.append(copy)
    }
    return candidates
  }

  private var smallerAnswers: [FetchScenario] {
    switch answer {
    case .success(let status, let shape, let count, let fault):
      var candidates: [FetchScenario] = []
      if status != 200 {
        candidates.append(
          FetchScenario(
            answer: .success(status: 200, shape: shape, count: count, fault: fault),
            shape: shape
          )
        )
      }
      if count > 1, !shape.isOneUser {
        let fewer = Self.keep(fault, below: count - 1)
        candidates.append(
          FetchScenario(
            answer: .success(status: status, shape: shape, count: count - 1, fault: fewer),
            shape: shape
          )
        )
      }
      return candidates
    case .failure(let status, let body):
      var candidates =
        body == .empty
        ? [] : [FetchScenario(answer: .failure(status: status, body: .empty), shape: shape)]
      // A status of odd length loses a digit, and stays outside 100...999.
      if !(100...999).contains(status), status != status / 10, !(100...999).contains(status / 10) {
        candidates.append(
          FetchScenario(answer: .failure(status: status / 10, body: body), shape: shape)
        )
      }
      return candidates
    case .transport:
      return []
    }
  }

  /// The fault, if it is still inside a list of `count` users.
  private static func keep(_ fault: Fault, below count: Int) -> Fault {
    switch fault {
    case .missingKey(let index?, _), .wrongType(let index?, _), .null(let index?, _):
      return index < count ? fault : .none
    default: return fault
    }
  }
}

private func codeName(_ code: URLError.Code) -> String {
  let name = urlErrorCodeName(code)
  return name.hasPrefix("code ") ? name : ".\(name)"
}

/// What `fetch` returned or threw, as a learner reads it.
enum FetchOutcome: Equatable, CustomStringConvertible {
  case value(String)
  case error(FetchError)
  case otherError(String)
  /// The server received another request than the one given to `fetch` (headers, method, timeout).
  case sentOtherHeaders(String)
  /// The server received a request more than the scenario answers: `fetch` sent one again.
  case sentOneMore
  /// Two calls at once with one request ended differently.
  case twoCallsDiffer(String, String)
  /// A `FetchError`, whichever: what a response that is not HTTP gives.
  case someFetchError

  var description: String {
    switch self {
    case .value(let value): return "returned \(value)"
    case .error(.status(let code, let message)):
      return "threw .status(\(code), message: \(message.map { "\"\(escapedText($0))\"" } ?? "nil"))"
    case .error(.decoding(let path)): return "threw .decoding(path: \"\(path)\")"
    case .error(.transport(let code)): return "threw .transport(\(codeName(code)))"
    case .otherError(let error): return "threw \(error), not a FetchError"
    case .sentOneMore: return "sent one more request than it was given"
    case .sentOtherHeaders(let headers): return "sent the request with \(headers)"
    case .twoCallsDiffer(let first, let second):
      return "\(first) in one call and \(second) in the other"
    case .someFetchError: return "threw a FetchError"
    }
  }
}

/// The users of a scenario: user n has id n.
private func user(_ id: Int) -> User {
  User(id: id, name: "User \(id)", username: "user\(id)", email: "user\(id)@example.org")
}

/// The body's JSON for one user, with the fault if it is this one's.
private func userJSON(_ id: Int, fault: (key: String, kind: String)?) -> String {
  let fields = [
    ("id", "\(id)"), ("name", "\"User \(id)\""), ("username", "\"user\(id)\""),
    ("email", "\"user\(id)@example.org\""),
  ]
  return jsonObject(fields, fault: fault) { $0 == "id" ? "\"\(id)\"" : "\(id)" }
}

/// The body's JSON for a `Stamped`, with the fault if there is one: the wrong type for
/// "createdAt" is "NaN", text that only a decoder told to read floats from text reads.
private func stampedJSON(fault: (key: String, kind: String)?) -> String {
  let fields = [("userID", "1"), ("createdAt", "\(Stamped.seconds)")]
  return jsonObject(fields, fault: fault) { $0 == "userID" ? "\"1\"" : "\"NaN\"" }
}

/// A JSON object of `fields`, in order, with the fault if it falls on one of them: the key left
/// out, its value null, or `wrongType(key)` in its place.
private func jsonObject(
  _ fields: [(key: String, value: String)],
  fault: (key: String, kind: String)?,
  wrongType: (String) -> String
) -> String {
  var fields = fields
  if let fault, let at = fields.firstIndex(where: { $0.key == fault.key }) {
    switch fault.kind {
    case "missing": fields.remove(at: at)
    case "null": fields[at].value = "null"
    default: fields[at].value = wrongType(fault.key)
    }
  }
  return "{" + fields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
}

/// The status, headers and body the session answers with for `scenario`.
func fetchResponse(_ scenario: FetchScenario) -> (status: Int, body: Data)? {
  switch scenario.answer {
  case .transport: return nil
  case .failure(let status, let body):
    let text: String
    switch body {
    case .message(let message): text = "{\"error\": \(jsonString(message))}"
    case .messageAmongOthers(let message):
      text = "{\"code\": 42, \"error\": \(jsonString(message)), \"retry\": false}"
    case .messageNotAString: text = "{\"error\": 42}"
    case .messageInAnObject(let message):
      text = "{\"error\": {\"message\": \(jsonString(message))}}"
    case .messageBelowTheTop(let message):
      text = "{\"problem\": {\"error\": \(jsonString(message))}}"
    case .messagePadded(let message, let padding):
      text =
        "{\"error\": \(jsonString(message)), \"pad\": \""
        + String(repeating: "a", count: padding) + "\"}"
    case .messageAfterSpace(let message, let lead):
      text = lead + "{\"error\": \(jsonString(message))}"
    case .lookalike(let message, let form): text = form.body(message)
    case .messageBesideAHugeNumber(let message, let number):
      text = "{\"error\": \(jsonString(message)), \"size\": \(number)}"
    case .otherKey: text = FetchScenario.otherKeys
    case .array: text = "[\"error\"]"
    case .html: text = "<html><body><h1>\(status)</h1></body></html>"
    case .empty: text = ""
    }
    return (status, Data(text.utf8))
  case .success(let status, let shape, let count, let fault):
    func faultFor(_ index: Int?) -> (key: String, kind: String)? {
      switch fault {
      case .missingKey(index, let key): return (key, "missing")
      case .wrongType(index, let key): return (key, "type")
      case .null(index, let key): return (key, "null")
      default: return nil
      }
    }
    if fault == .notJSON { return (status, Data("users: none, sorry".utf8)) }
    let users = (0..<count).map { userJSON($0 + 1, fault: faultFor($0)) }
    let array = "[" + users.joined(separator: ", ") + "]"
    var text: String
    switch shape {
    case .stamped:
      text =
        fault == .wrongTopLevel ? "[\(stampedJSON(fault: nil))]" : stampedJSON(fault: faultFor(nil))
    case .user, .numbered:
      text =
        fault == .wrongTopLevel ? "[\(userJSON(1, fault: nil))]" : userJSON(1, fault: faultFor(nil))
    case .scalar: text = fault == .wrongTopLevel ? "\"42\"" : "42"
    case .owned:
      text =
        fault == .wrongTopLevel
        ? "[\(userJSON(1, fault: nil))]" : "{\"owner\": \(userJSON(1, fault: faultFor(nil)))}"
    case .users: text = fault == .wrongTopLevel ? "{\"users\": \(array)}" : array
    case .pages:
      let pages = stride(from: 0, to: users.count, by: 2).map { first in
        "[" + users[first..<min(first + 2, users.count)].joined(separator: ", ") + "]"
      }
      let nested = "[" + pages.joined(separator: ", ") + "]"
      text = fault == .wrongTopLevel ? "{\"pages\": \(nested)}" : nested
    case .list:
      text =
        fault == .wrongTopLevel
        ? array
        : "{\"users\": \(array), \"per_page\": 10"
          + (fault == .missingPage ? "}" : ", \"page\": 1}")
    case .keyed:
      let keyed = users.enumerated().map {
        "\(jsonString(scenario.keyWord + "\($0.offset + 1)")): \($0.element)"
      }
      text = fault == .wrongTopLevel ? array : "{" + keyed.joined(separator: ", ") + "}"
    }
    if case .wrapped(let prefix, let suffix) = fault { text = prefix + text + suffix }
    if case .looseJSON(let commented) = fault {
      // JSON5: the first key without its quotes, or a comment after the first value.
      if commented, let comma = text.firstIndex(of: ",") {
        text.insert(contentsOf: " /* JSON5 */", at: comma)
      } else if let quote = text.firstIndex(of: "\""),
        let end = text[text.index(after: quote)...].firstIndex(of: "\"")
      {
        text.replaceSubrange(quote...end, with: text[text.index(after: quote)..<end])
      }
    }
    return (status, Data(text.utf8))
  }
}

/// `text` as a JSON string, quotes and all.
private func jsonString(_ text: String) -> String {
  (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
}

/// The statement of exercise 4b, as a program.
///
/// A cancelled caller changes nothing of what the session hands back; a request the cancel stops
/// in flight is `.transport(.cancelled)`, as URLSession throws it.
func fetchModel(_ scenario: FetchScenario) -> FetchOutcome {
  if scenario.cancel == .whileInFlight { return .error(.transport(.cancelled)) }
  // A response that is not HTTP has no status, so none in 200...299: a failure.
  if scenario.notHTTP { return .someFetchError }
  switch scenario.answer {
  case .transport(let code): return .error(.transport(code))
  case .failure(let status, let body):
    switch body {
    case .message(let message), .messageAmongOthers(let message),
      .messagePadded(let message, _), .messageAfterSpace(let message, _),
      .messageBesideAHugeNumber(let message, _):
      return .error(.status(status, message: message))
    // A body that only looks like a JSON object is not one: no message.
    case .lookalike: return .error(.status(status, message: nil))
    default: return .error(.status(status, message: nil))
    }
  case .success(_, let shape, let count, let fault):
    func path(_ index: Int?, _ key: String) -> String {
      let top = shape == .list ? "users" : ""
      guard let index else { return shape == .owned ? "owner.\(key)" : key }
      if shape == .pages { return "[\(index / 2)][\(index % 2)].\(key)" }
      // A key of digits is a key: after a dot, as any key, not in brackets.
      if shape == .keyed { return "\(scenario.keyWord)\(index + 1).\(key)" }
      return "\(top)[\(index)].\(key)"
    }
    switch fault {
    case .none:
      let users = (1...max(count, 1)).map(user)
      switch shape {
      case .stamped:
        return .value(
          "\(Stamped(userID: 1, createdAt: Date(timeIntervalSinceReferenceDate: Stamped.seconds)))"
        )
      case .user: return .value("\(user(1))")
      case .numbered: return .value("\(Numbered(user(1)))")
      case .scalar: return .value("42")
      case .owned: return .value("\(Owned(owner: user(1)))")
      case .users: return .value("\(Array(users.prefix(count)))")
      case .pages:
        let pages = stride(from: 0, to: count, by: 2).map { Array(users[$0..<min($0 + 2, count)]) }
        return .value("\(pages)")
      case .list:
        return .value("\(UserList(users: Array(users.prefix(count)), page: 1, perPage: 10))")
      case .keyed:
        return .value(
          keyedDescription(
            Dictionary(
              uniqueKeysWithValues: users.prefix(count).map { ("\(scenario.keyWord)\($0.id)", $0) }
            )
          )
        )
      }
    case .missingKey(let index, let key), .wrongType(let index, let key), .null(let index, let key):
      return .error(.decoding(path: path(index, key)))
    case .missingPage: return .error(.decoding(path: "page"))
    case .notJSON, .wrongTopLevel, .looseJSON, .wrapped: return .error(.decoding(path: ""))
    }
  }
}

/// A server inside URLSession that answers each request with its scenario's status and body, or
/// fails it with its transport error.
final class ScenarioAnswers: URLProtocol {
  /// The scenarios a request's URL is answered with, one per request, in turn; a request's path
  /// is its key.
  private static let scenarios = Locked<[String: [FetchScenario]]>([:])
  /// Told when a held request reaches the server (true).
  private static let arrivals = Locked<[String: OneShotSignal<Bool>]>([:])
  /// What the server received of each request, if it was not the request given.
  private static let received = Locked<[String: FetchOutcome]>([:])
  /// Requests held until as many as `count` have arrived for their key: two calls at once.
  private static let gathered = Locked<[String: (count: Int, held: [HeldAnswer])]>([:])

  static let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [ScenarioAnswers.self]
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
  }()

  /// A request whose answer is `scenario`'s: the next one for `key`'s URL when a key is given.
  static func request(
    for scenario: FetchScenario,
    key given: String? = nil,
    arrived: OneShotSignal<Bool>? = nil
  ) -> (request: URLRequest, key: String) {
    let key = given ?? UUID().uuidString
    scenarios.withLock { $0[key, default: []].append(scenario) }
    if let arrived { arrivals.withLock { $0[key] = arrived } }
    return (requestGiven(scenario, key: key), key)
  }

  /// The request `fetch` is given for `scenario`, whose URL's path is `key`.
  private static func requestGiven(_ scenario: FetchScenario, key: String) -> URLRequest {
    var request = URLRequest(
      url: URL(string: "http://scenario.invalid/\(key)") ?? URL(fileURLWithPath: "/")
    )
    for (name, value) in scenario.headers { request.setValue(value, forHTTPHeaderField: name) }
    if let method = scenario.method { request.httpMethod = method }
    if let timeout = scenario.timeout { request.timeoutInterval = timeout }
    for setting in scenario.settings { setting.apply(to: &request) }
    return request
  }

  /// Holds the requests for `key` until `count` of them have arrived, then answers them all.
  static func gather(_ count: Int, for key: String) {
    gathered.withLock { $0[key] = (count, []) }
  }

  /// What the server received for `key` (and the call's header) other than the request given:
  /// another request, or one more.
  static func otherRequest(for key: String) -> FetchOutcome? {
    received.withLock { $0.removeValue(forKey: key) }
  }

  /// What differs between the request given and the one received, or nil.
  private static func difference(
    given scenario: FetchScenario,
    key: String,
    received: URLRequest
  ) -> String? {
    // Header names are the same in any case: keyed lower case, shown as written.
    func lowered(_ headers: [String: String]) -> [String: (name: String, value: String)] {
      Dictionary(headers.map { ($0.key.lowercased(), ($0.key, $0.value)) }) { first, _ in first }
    }
    let sent = requestGiven(scenario, key: key)
    let given = lowered(scenario.headers)
    let got = lowered(received.allHTTPHeaderFields ?? [:])
    var changes: [String] = []
    if received.httpMethod != sent.httpMethod {
      changes.append(
        "method \(received.httpMethod ?? "none") instead of \(sent.httpMethod ?? "none")"
      )
    }
    if received.url != sent.url {
      changes.append(
        "URL \(received.url?.absoluteString ?? "none") instead of "
          + (sent.url?.absoluteString ?? "none")
      )
    }
    changes += settingsChanged(in: received, from: sent)
    if received.httpBody != sent.httpBody {
      changes.append(
        "a body of \(received.httpBody?.count ?? 0) bytes instead of \(sent.httpBody?.count ?? 0)"
      )
    }
    for (key, header) in got.sorted(by: { $0.key < $1.key }) {
      if let was = given[key] {
        if was.value != header.value {
          changes.append("\(header.name): \(header.value) instead of \(was.value)")
        }
      } else {
        changes.append("\(header.name): \(header.value) added")
      }
    }
    for (key, header) in given.sorted(by: { $0.key < $1.key }) where got[key] == nil {
      changes.append("\(header.name) left out")
    }
    return changes.isEmpty ? nil : changes.joined(separator: ", ")
  }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let key = request.url.map { String($0.path.dropFirst()) } ?? ""
    // Two calls at once with one URL tell their requests apart by a header of their own.
    let call = request.value(forHTTPHeaderField: callHeader)
    guard
      let scenario = Self.scenarios.withLock({ queued -> FetchScenario? in
        guard let next = queued[key]?.firstIndex(where: { $0.headers[callHeader] == call })
        else { return nil }
        return queued[key]?.remove(at: next)
      })
    else {
      // A request the scenario does not answer: fetch sent one more than it was given.
      Self.received.withLock { $0[key + (call ?? "")] = .sentOneMore }
      return client?.urlProtocol(self, didFailWithError: URLError(.badURL)) ?? ()
    }
    if let changes = Self.difference(given: scenario, key: key, received: request) {
      Self.received.withLock { $0[key + (call ?? "")] = .sentOtherHeaders(changes) }
    }
    if scenario.cancel == .whileInFlight {
      // Held: only the cancel ends this request.
      Self.arrivals.withLock { $0.removeValue(forKey: key) }?.fire(true)
      return
    }
    let held = HeldAnswer(loading: self, scenario: scenario)
    let ready = Self.gathered.withLock { gathered -> [HeldAnswer] in
      guard var waiting = gathered[key] else { return [held] }
      waiting.held.append(held)
      guard waiting.held.count >= waiting.count else {
        gathered[key] = waiting
        return []
      }
      gathered[key] = nil
      return waiting.held
    }
    for answer in ready { answer.send() }
  }

  override func stopLoading() {}

  /// Answers the request with its scenario's status and body, or fails it.
  fileprivate func send(_ scenario: FetchScenario) {
    guard let url = request.url, let (status, body) = fetchResponse(scenario) else {
      if case .transport(let code) = scenario.answer {
        client?.urlProtocol(self, didFailWithError: URLError(code))
      }
      return
    }
    var headers = ["Content-Length": "\(body.count)"]
    headers["Content-Type"] = scenario.contentType
    guard scenario.notHTTP else { return answer(url, status: status, headers: headers, body: body) }
    let response = URLResponse(
      url: url,
      mimeType: scenario.contentType,
      expectedContentLength: body.count,
      textEncodingName: nil
    )
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: body)
    client?.urlProtocolDidFinishLoading(self)
  }
}

/// A request the server holds, and its answer.
///
/// The loading request is only answered once, by whichever thread lets the held ones go; its
/// client passes the answer on to the session's own queue.
private struct HeldAnswer: @unchecked Sendable {
  let loading: ScenarioAnswers
  let scenario: FetchScenario

  func send() { loading.send(scenario) }
}

/// The header that tells two calls at once with one URL apart.
let callHeader = "X-Call"

/// A generated answer given to two calls of fetch at once with one request.
struct TwiceAtOnce: GradedScenario {
  var scenario: FetchScenario

  var size: Int { scenario.size }
  var smaller: [TwiceAtOnce] { scenario.smaller.map(TwiceAtOnce.init) }
  var description: String { "one request given to two calls of fetch at once, \(scenario)" }
}

/// Answers 4b is graded on besides `fetchScenarios`': those of `[User]` asked for as users in
/// pages, `[[User]]`, so that a failing value's path goes through arrays in arrays.
func fetchScenariosOfNestedArrays(count: Int, seed: UInt64) -> [FetchScenario] {
  fetchScenarios(count: count, seed: seed).map { drawn in
    guard drawn.shape == .users else { return drawn }
    var scenario = drawn
    scenario.shape = .pages
    if case .success(let status, _, let users, let fault) = drawn.answer {
      scenario.answer = .success(status: status, shape: .pages, count: users, fault: fault)
    }
    return scenario
  }
}

/// The answers exercise 4b is graded on: a fixed list, from fixed seeds.
func fetchScenarios(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  var nextCode = 0
  let keys = ["id", "name", "username", "email"]
  let messages = [
    "no such user", "", "Überlastet: später", "rate \"limit\"", "x", "not found: /users/9",
    "  no such user  ", " ",
  ]
  let answers = (0..<count).map { _ -> FetchScenario in
    let shape = numbers.pick([FetchScenario.Shape.user, .users, .list, .owned])
    switch Int.random(in: 0..<10, using: &numbers) {
    case 0:
      // The usual ones half the time; else every code Foundation has, each in turn.
      let code =
        numbers.chance(50)
        ? numbers.pick([
          URLError.Code.timedOut, .cannotConnectToHost, .networkConnectionLost,
          .notConnectedToInternet,
          .cannotFindHost, .badServerResponse, .secureConnectionFailed, .cancelled,
        ]) : everyURLErrorCode[nextURLErrorCode(&nextCode)].code
      return FetchScenario(answer: .transport(code), shape: shape)
    case 1, 2, 3:
      let contentType = numbers.pick([
        "application/json", "application/json", nil, "text/plain", "text/html",
      ])
      let status = numbers.pick([
        100, 199, 300, 304, 307, 399, 400, 401, 403, 404, 409, 413, 418, 422, 429, 499, 500, 501,
        502, 503, 504, 505, 599, 600, 999, Int.random(in: 400...599, using: &numbers),
      ])
      let message = numbers.pick(messages)
      let body = numbers.pick([
        FetchScenario.ErrorBody.message(message), .messageAmongOthers(message), .messageNotAString,
        .otherKey, .array, .html, .empty,
      ])
      return FetchScenario(
        answer: .failure(status: status, body: body),
        shape: shape,
        contentType: contentType
      )
    default:
      let status = numbers.pick([
        200, 200, 200, 201, 202, 203, 206, 299, Int.random(in: 200...299, using: &numbers),
      ])
      let count = shape.isOneUser ? 1 : Int.random(in: 0...6, using: &numbers)
      var fault = FetchScenario.Fault.none
      if numbers.chance(55) {
        let index: Int? =
          shape.isOneUser ? nil : (count == 0 ? nil : Int.random(in: 0..<count, using: &numbers))
        let key = numbers.pick(keys)
        if !shape.isOneUser, index == nil {
          fault = numbers.pick([.notJSON, .wrongTopLevel])
        } else {
          fault = numbers.pick([
            .missingKey(index: index, key: key), .wrongType(index: index, key: key),
            .null(index: index, key: key), .notJSON, .wrongTopLevel,
          ])
        }
        if shape == .list, numbers.chance(15) { fault = .missingPage }
      }
      var scenario = FetchScenario(
        answer: .success(status: status, shape: shape, count: count, fault: fault),
        shape: shape
      )
      scenario.contentType = numbers.pick([
        "application/json", "application/json", nil, "text/plain",
      ])
      return scenario
    }
  }
  // Callers cancelled before the call or with the request in flight, and requests that come
  // with headers of their own.
  return answers.map { answer in
    var scenario = answer
    if numbers.chance(10) {
      scenario.cancel = .beforeTheCall
    } else if numbers.chance(7) {
      scenario.cancel = .whileInFlight
      scenario.answer = .success(status: 200, shape: scenario.shape, count: 1, fault: .none)
      scenario.contentType = "application/json"
    }
    if numbers.chance(15) {
      scenario.headers = numbers.pick([
        ["Authorization": "Bearer tutorial-token"], ["Accept": "text/plain"],
        ["Content-Type": "application/json", "X-Request-ID": "42"],
      ])
    }
    return scenario
  }
}

/// Answers 4b is graded on besides `fetchScenarios`': statuses below 100 and above 999 (any
/// number of digits), and requests with a method and a timeout of their own.
func fetchScenariosOfOddRequests(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return fetchScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    if scenario.cancel != .whileInFlight, numbers.chance(50) {
      let status =
        numbers.chance(30)
        ? Int.random(in: 0...99, using: &numbers) : numbers.logUniform(1_000...Int(Int32.max))
      let body = numbers.pick([
        FetchScenario.ErrorBody.message("no"), .messageNotAString, .otherKey, .empty,
      ])
      scenario.answer = .failure(status: status, body: body)
    }
    if numbers.chance(40) {
      scenario.method = numbers.pick(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    }
    if numbers.chance(50) {
      scenario.timeout = numbers.pick([
        1, 5, 15, 30, 59, 61, 120, 300, 3_600, Double.random(in: 0.5...600, using: &numbers),
      ])
    }
    return scenario
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: a `Stamped` asked for
/// where `fetchScenarios` asks for one user (the others are left out), so a key in mixed case and
/// a `Date` are decoded as a plain JSONDecoder decodes them.
func fetchScenariosOfOtherTypes(count: Int, seed: UInt64) -> [FetchScenario] {
  fetchScenarios(count: count, seed: seed).filter { $0.shape == .user }.map { drawn in
    var scenario = drawn
    scenario.shape = .stamped
    guard case .success(let status, _, let users, let fault) = drawn.answer else { return scenario }
    let stampedFault: FetchScenario.Fault
    switch fault {
    case .missingKey(_, let key): stampedFault = .missingKey(index: nil, key: stampedKey(key))
    case .wrongType(_, let key): stampedFault = .wrongType(index: nil, key: stampedKey(key))
    case .null(_, let key): stampedFault = .null(index: nil, key: stampedKey(key))
    default: stampedFault = fault
    }
    scenario.answer = .success(status: status, shape: .stamped, count: users, fault: stampedFault)
    return scenario
  }
}

/// A user's key, as the `Stamped` key a fault of it falls on: "id" on "userID", any other on
/// "createdAt".
private func stampedKey(_ key: String) -> String {
  key == "id" ? "userID" : "createdAt"
}

/// Answers 4b is graded on besides the others, from a seed of their own: requests given with
/// settings a new URLRequest does not have (cache policy, cookies, pipelining, cellular access,
/// service type, main document URL, a body or a body stream), which the server must receive too.
func fetchScenariosOfOtherSettings(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  let plain = URLRequest(url: URL(fileURLWithPath: "/"))
  return fetchScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    var settings: [FetchScenario.Setting] = [
      .cachePolicy(
        numbers.pick([
          .reloadIgnoringLocalCacheData, .returnCacheDataElseLoad, .returnCacheDataDontLoad,
        ])
      ),
      .cookiesOff, .pipelining(!pipelining(of: plain)), .cellularOff,
      .serviceType(numbers.pick([.background, .video, .voice, .voip])), .mainDocument,
    ]
    if numbers.chance(40) {
      // A body goes with a method that sends one.
      scenario.method = numbers.pick(["POST", "PUT", "PATCH"])
      let bytes = numbers.pick([1, 17, 1_000, Int.random(in: 2...70_000, using: &numbers)])
      settings.append(numbers.chance(50) ? .body(bytes: bytes) : .bodyStream(bytes: bytes))
    }
    settings.shuffle(using: &numbers)
    scenario.settings = Array(settings.prefix(Int.random(in: 1...3, using: &numbers)))
    return scenario
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: error bodies whose
/// message is text as people and servers give it (long, with spaces or line breaks around it,
/// empty, beyond ASCII), or sits in an object under "error".
func fetchScenariosOfOddMessages(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let message = oddText(numbers.pick(["no such user", "slow down", "x"]), using: &numbers)
    let body = numbers.pick([
      FetchScenario.ErrorBody.message(message), .messageAmongOthers(message),
      .messageInAnObject(message),
    ])
    return FetchScenario(
      answer: .failure(status: numbers.pick([400, 404, 429, 500, 503]), body: body),
      shape: numbers.pick([.user, .users, .list, .owned])
    )
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: bodies in JSON5 (a key
/// without quotes, a comment), which a plain JSONDecoder does not read.
func fetchScenariosOfLooseJSON(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let shape = numbers.pick([FetchScenario.Shape.user, .users, .list, .owned, .stamped])
    let users = shape.isOneUser ? 1 : Int.random(in: 1...4, using: &numbers)
    let fault = FetchScenario.Fault.looseJSON(commented: numbers.chance(50))
    return FetchScenario(
      answer: .success(status: 200, shape: shape, count: users, fault: fault),
      shape: shape
    )
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: statuses past Int32.max
/// and below zero, some of them a 2xx in their low 32 bits or without their sign.
func fetchScenariosOfOutlandishStatuses(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    let success = numbers.pick([200, 201, 204, 299])
    let status = numbers.pick([
      -success, (1 << 32) + success, (Int.random(in: 1...1_000, using: &numbers) << 32) + success,
      Int.min, Int.max, numbers.logUniform(Int(Int32.max) + 1...Int.max),
    ])
    return FetchScenario(
      answer: .failure(status: status, body: numbers.pick([.message("no"), .empty])),
      shape: numbers.pick([.user, .users, .list, .owned])
    )
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: error bodies with an
/// "error" string below the top level (`{"problem": {"error": "..."}}`), which is no message.
func fetchScenariosOfNestedErrors(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { _ in
    FetchScenario(
      answer: .failure(
        status: numbers.pick([400, 404, 409, 422, 429, 500, 503]),
        body: .messageBelowTheTop(numbers.pick(["no such user", "slow down", "x", ""]))
      ),
      shape: numbers.pick([.user, .users, .list, .owned, .stamped]),
      contentType: numbers.pick(["application/json", nil, "text/plain"])
    )
  }
}

/// The failure message: the scenario, what the answer did, and what the statement says.
func explainFetch(
  _ scenario: some GradedScenario,
  _ got: FetchOutcome,
  _ expected: FetchOutcome
) -> String {
  "\(scenario): your fetch \(got); the statement gives: it \(expected)"
}

/// Answers 4b is graded on besides the others, from a seed of their own: error bodies of 1 to
/// 512 KiB (a message, then a long string), as likely to have any number of digits, error bodies
/// whose object comes after white space (spaces, tabs, line breaks), which JSON allows, and
/// answers that are not HTTP (a `URLResponse` with no status), whatever their body.
func fetchScenariosOfWideAndOddAnswers(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { index in
    let message = numbers.pick(["no such user", "slow down", "x", ""])
    let shape = numbers.pick([FetchScenario.Shape.user, .users, .list, .owned])
    let body: FetchScenario.ErrorBody
    switch index % 3 {
    case 0:
      body = .messagePadded(message, padding: numbers.logUniform(1_024...512 << 10))
    case 1:
      body = .messageAfterSpace(
        message,
        lead: (0..<Int.random(in: 1...3, using: &numbers)).map { _ in
          numbers.pick([" ", "\n", "\t", "\r\n"])
        }.joined()
      )
    default:
      var scenario = FetchScenario(
        answer: numbers.chance(50)
          ? .success(status: 200, shape: shape, count: shape.isOneUser ? 1 : 2, fault: .none)
          : .failure(status: 200, body: .message(message)),
        shape: shape
      )
      scenario.notHTTP = true
      return scenario
    }
    return FetchScenario(
      answer: .failure(status: numbers.pick([400, 404, 429, 500, 503]), body: body),
      shape: shape,
      contentType: numbers.pick(["application/json", nil, "text/plain"])
    )
  }
}

/// Users decoded as `[String: User]`, as the messages show them: by key, in order.
func keyedDescription(_ users: [String: User]) -> String {
  guard !users.isEmpty else { return "[:]" }
  let sorted = users.sorted { ($0.key.count, $0.key) < ($1.key.count, $1.key) }
  return "[" + sorted.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
}

/// "the text )]}' before it": what a wrapped body has around its JSON.
private func textAround(prefix: String, suffix: String) -> String {
  switch (prefix.isEmpty, suffix.isEmpty) {
  case (false, true): "the text \"\(escapedText(prefix))\" before it"
  case (true, false): "the text \"\(escapedText(suffix))\" after it"
  default: "the text \"\(escapedText(prefix))\" before it and \"\(escapedText(suffix))\" after it"
  }
}

/// Text a body's JSON may come with that makes it no JSON: guards against scripts that read
/// JSON (`)]}'`, `while(1);`), a callback's name (JSONP), an event stream's field name, a
/// comment, one more brace, a second object.
private let textsAroundJSON: [(prefix: String, suffix: String)] = [
  (")]}'\n", ""), (")]}',\n", ""), ("while(1);", ""), ("for(;;);", ""), ("data: ", ""),
  ("callback(", ");"), ("", "\n<!-- 12 ms -->"), ("", "}"), ("", " {\"more\": 1}"),
  ("OK ", ""),
]

/// Answers 4b is graded on besides the others, from a seed of their own: bodies that are almost
/// JSON, and so no JSON at all.
///
/// Error bodies that look like a JSON object with an "error" string (JSON5, the key in another case or spelling, the object in an array, text before or
/// after it): no message; and 2xx bodies with text before or after their JSON (a guard such as
/// `)]}'`): `.decoding(path: "")`.
func fetchScenariosOfAlmostJSON(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  return (0..<count).map { index in
    let shape = numbers.pick([FetchScenario.Shape.user, .users, .list, .owned, .pages, .stamped])
    let around = numbers.pick(textsAroundJSON)
    var scenario: FetchScenario
    if index % 3 == 2 {
      let users = shape.isOneUser ? 1 : Int.random(in: 1...4, using: &numbers)
      let fault = FetchScenario.Fault.wrapped(prefix: around.prefix, suffix: around.suffix)
      scenario = FetchScenario(
        answer: .success(
          status: numbers.pick([200, 201]),
          shape: shape,
          count: users,
          fault: fault
        ),
        shape: shape
      )
    } else {
      let form = numbers.pick([
        FetchScenario.Lookalike.unquotedKey, .singleQuotes, .comment(at: .inside),
        .comment(at: .before), .comment(at: .after),
        .otherKey(numbers.pick(["Error", "ERROR", "eRRoR", "errors", "error_message", " error"])),
        .inAnArray, .wrapped(prefix: around.prefix, suffix: around.suffix),
      ])
      scenario = FetchScenario(
        answer: .failure(
          status: numbers.pick([400, 404, 409, 422, 429, 500, 503]),
          body: .lookalike(numbers.pick(["no such user", "slow down", "x", ""]), form)
        ),
        shape: shape
      )
    }
    scenario.contentType = numbers.pick(["application/json", "application/json", nil, "text/plain"])
    return scenario
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: `fetchScenarios`' answers
/// with users under their ids, asked for as `[String: User]` (`{"1": {...}, "2": {...}}`), so that
/// a failing value's path starts with a key of digits: "2.id".
func fetchScenariosOfKeyedUsers(count: Int, seed: UInt64) -> [FetchScenario] {
  fetchScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    scenario.shape = .keyed
    guard case .success(let status, _, let users, let fault) = drawn.answer else { return scenario }
    // A fault of the one user of another shape falls on the first user here.
    let keyedFault: FetchScenario.Fault
    switch fault {
    case .missingKey(let index, let key): keyedFault = .missingKey(index: index ?? 0, key: key)
    case .wrongType(let index, let key): keyedFault = .wrongType(index: index ?? 0, key: key)
    case .null(let index, let key): keyedFault = .null(index: index ?? 0, key: key)
    case .missingPage: keyedFault = .wrongType(index: 0, key: "id")
    default: keyedFault = fault
    }
    scenario.answer = .success(status: status, shape: .keyed, count: users, fault: keyedFault)
    return scenario
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: error bodies whose
/// message sits beside a number JSON allows and a Double cannot hold (1e400, -1e400, a hundred
/// digits): the body is a JSON object with an "error" string all the same.
func fetchScenariosOfHugeNumbers(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  let huge = ["1e400", "-1e400", "1E+999", String(repeating: "9", count: 100), "1e-400"]
  return (0..<count).map { _ in
    FetchScenario(
      answer: .failure(
        status: numbers.pick([400, 404, 429, 500, 503]),
        body: .messageBesideAHugeNumber(
          numbers.pick(["no such user", "slow down", "x"]),
          number: numbers.pick(huge)
        )
      ),
      shape: numbers.pick([.user, .users, .list, .owned])
    )
  }
}

/// Answers 4b is graded on besides the others, from a seed of their own: keys a path must write
/// as keys though they have an intValue or read like an index (a user whose CodingKeys have Int raw
/// values; users keyed "Index 1", "Index 2", ..., the names JSONDecoder gives an array's
/// elements), and a number alone at the top of the body, which JSON allows.
func fetchScenariosOfOtherKeys(count: Int, seed: UInt64) -> [FetchScenario] {
  var numbers = SeededNumbers(seed: seed)
  let keys = ["id", "name", "username", "email"]
  return (0..<count).map { _ in
    let status = numbers.pick([200, 201, 203, 299])
    switch Int.random(in: 0...2, using: &numbers) {
    case 0:
      let key = numbers.pick(keys)
      let fault = numbers.pick([
        FetchScenario.Fault.missingKey(index: nil, key: key), .wrongType(index: nil, key: key),
        .null(index: nil, key: key), .none,
      ])
      return FetchScenario(
        answer: .success(status: status, shape: .numbered, count: 1, fault: fault),
        shape: .numbered
      )
    case 1:
      let fault = numbers.pick([FetchScenario.Fault.none, .none, .wrongTopLevel, .notJSON])
      return FetchScenario(
        answer: .success(status: status, shape: .scalar, count: 1, fault: fault),
        shape: .scalar
      )
    default:
      let users = Int.random(in: 1...12, using: &numbers)
      let key = numbers.pick(keys)
      let index = Int.random(in: 0...users - 1, using: &numbers)
      let fault = numbers.pick([
        FetchScenario.Fault.missingKey(index: index, key: key), .wrongType(index: index, key: key),
        .null(index: index, key: key), .none,
      ])
      var scenario = FetchScenario(
        answer: .success(status: status, shape: .keyed, count: users, fault: fault),
        shape: .keyed
      )
      scenario.keyWord = numbers.pick(["Index ", "Index ", "index ", "Item "])
      return scenario
    }
  }
}
