import ExerciseSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Exercise 4a graded by its statement: generated endpoints (schemes, hosts, ports, paths, query
// items, methods, tokens and bodies, odd ones included), each compared with the request the
// statement describes.

/// An endpoint the grade generates, told as the learner would write it.
struct EndpointScenario: GradedScenario {
  var endpoint: Endpoint

  var size: Int {
    var size =
      endpoint.queryItems.count + endpoint.path.count / 4 + endpoint.token.count / 8
      + endpoint.host.count / 12
    if endpoint.scheme != "http" { size += 1 }
    if endpoint.host != "127.0.0.1" { size += 1 }
    if endpoint.port != nil { size += 1 }
    // A body past 16 MiB (when grading) comes after every other endpoint: a smaller one that
    // shows a difference is told first.
    if let body = endpoint.body { size += body.count > 16 << 20 ? 1_000 : body.count > 40 ? 2 : 1 }
    if endpoint.method != .get { size += 1 }
    return size
  }

  var description: String {
    var parts = ["scheme: \(quoted(endpoint.scheme))", "host: \(quoted(endpoint.host))"]
    if let port = endpoint.port { parts.append("port: \(port)") }
    parts.append("path: \(quoted(endpoint.path))")
    if endpoint.method != .get { parts.append("method: .\(endpoint.method)") }
    if !endpoint.token.isEmpty { parts.append("token: \(quoted(endpoint.token))") }
    if !endpoint.queryItems.isEmpty {
      let items = endpoint.queryItems.map { item in
        "(\(quoted(item.name)), \(item.value.map(quoted) ?? "nil"))"
      }
      parts.append("queryItems: [" + items.joined(separator: ", ") + "]")
    }
    if let body = endpoint.body { parts.append("body: \(body.count) bytes") }
    return "Endpoint(" + parts.joined(separator: ", ") + ")"
  }

  var smaller: [EndpointScenario] {
    var candidates: [EndpointScenario] = []
    func add(_ change: (inout Endpoint) -> Void) {
      var copy = endpoint
      change(&copy)
      candidates.append(EndpointScenario(endpoint: copy))
    }
    if let body = endpoint.body {
      add { $0.body = nil }
      if body.count > 40 { add { $0.body = body.prefix(body.count / 2) } }
    }
    if endpoint.queryItems.count > 60 {
      // Many query items lose half of them first: one at a time takes thousands of tries.
      add { $0.queryItems.removeLast(endpoint.queryItems.count / 2) }
    }
    for index in endpoint.queryItems.indices { add { $0.queryItems.remove(at: index) } }
    if !endpoint.token.isEmpty { add { $0.token = "" } }
    if endpoint.port != nil { add { $0.port = nil } }
    if endpoint.method != .get { add { $0.method = .get } }
    if endpoint.host != "127.0.0.1" { add { $0.host = "127.0.0.1" } }
    if endpoint.path != "/" { add { $0.path = "/" } }
    // Then one character fewer, to find the one that makes the difference; a long host is cut
    // from its end by a half, a tenth, a hundredth, then one (one at a time: thousands of tries).
    if endpoint.host.count > 100 {
      let count = endpoint.host.count
      for cut in Set([count / 2, count / 10, count / 100, 1]).sorted(by: >) {
        add { $0.host = String(endpoint.host.dropLast(cut)) }
      }
    } else if endpoint.host != "127.0.0.1" {
      for text in oneCharacterLeftOut(endpoint.host) { add { $0.host = text } }
    }
    if endpoint.path.count > 100 {
      // A long path is only halved: leaving out one character at a time takes thousands of tries.
      add { $0.path = String(endpoint.path.prefix(endpoint.path.count / 2)) }
    } else {
      for text in oneCharacterLeftOut(endpoint.path) { add { $0.path = text } }
    }
    if endpoint.scheme != "http" { add { $0.scheme = "http" } }
    return candidates
  }
}

/// `text` without one of its characters, each in turn.
private func oneCharacterLeftOut(_ text: String) -> [String] {
  Array(text).eachWithOneLeftOut.map { String($0) }
}

/// A part of an endpoint in quotes: long ones (hosts of up to 4,000 characters) by their ends.
private func quoted(_ text: String) -> String {
  quotedText(text, longerThan: 240, head: 40, tail: 20)
}

/// What the statement promises of a request, or that it throws an `EndpointError`.
enum RequestOutcome: Equatable, CustomStringConvertible {
  case request(
    url: String,
    method: String?,
    authorization: String?,
    contentType: String?,
    body: Data?,
    otherHeaders: [String],
    /// The request's other settings (timeout, cache policy, cookies...) where they are not a new
    /// URLRequest's.
    otherSettings: [String] = []
  )
  case endpointError
  case otherError(String)

  init(_ request: URLRequest) {
    self = .request(
      url: request.url?.absoluteString ?? "no URL",
      method: request.httpMethod,
      authorization: request.value(forHTTPHeaderField: "Authorization"),
      contentType: request.value(forHTTPHeaderField: "Content-Type"),
      body: request.httpBody,
      otherHeaders: (request.allHTTPHeaderFields ?? [:]).keys
        .filter { !["authorization", "content-type"].contains($0.lowercased()) }.sorted(),
      otherSettings: Self.settings(of: request)
    )
  }

  /// What differs from a plain URLRequest in the request's other settings: every one it has.
  private static func settings(of request: URLRequest) -> [String] {
    settingsChanged(in: request, from: URLRequest(url: URL(fileURLWithPath: "/")))
  }

  var description: String {
    switch self {
    case .endpointError: return "an EndpointError thrown"
    case .otherError(let error): return "\(error) thrown"
    case .request(
      let url,
      let method,
      let authorization,
      let contentType,
      let body,
      let others,
      let settings
    ):
      let bodyText = body.map { "a body of \($0.count) bytes" } ?? "no body"
      let othersText =
        (others.isEmpty ? "" : ", other headers: " + others.joined(separator: ", "))
        + (settings.isEmpty ? "" : ", " + settings.joined(separator: ", "))
      // A long URL by its ends and its length: the outcomes compare it whole.
      return "\(method ?? "no method") \(escapedText(url, longerThan: 240, head: 60, tail: 20)), "
        + (authorization.map { "Authorization: \(quoted($0))" } ?? "no Authorization") + ", "
        + (contentType.map { "Content-Type: \($0)" } ?? "no Content-Type") + ", " + bodyText
        + othersText
    }
  }
}

/// The statement of exercise 4a, as a program: URLComponents builds the URL, as it says.
func endpointModel(_ scenario: EndpointScenario) -> RequestOutcome {
  let endpoint = scenario.endpoint
  guard ["http", "https"].contains(endpoint.scheme) else { return .endpointError }
  if let port = endpoint.port, port < 0 || port > 65535 { return .endpointError }
  var components = URLComponents()
  components.scheme = endpoint.scheme
  components.host = endpoint.host
  components.port = endpoint.port
  components.path = endpoint.path
  if !endpoint.queryItems.isEmpty { components.queryItems = endpoint.queryItems }
  guard let url = components.url else { return .endpointError }
  return .request(
    url: url.absoluteString,
    method: endpoint.method.rawValue,
    authorization: endpoint.token.isEmpty ? nil : "Bearer \(endpoint.token)",
    contentType: endpoint.body == nil ? nil : "application/json",
    body: endpoint.body,
    otherHeaders: []
  )
}

/// The endpoints exercise 4a is graded on: a fixed list, from fixed seeds.
func endpointScenarios(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  func text(_ alphabet: [String], _ length: ClosedRange<Int>) -> String {
    (0..<Int.random(in: length, using: &numbers)).map { _ in numbers.pick(alphabet) }.joined()
  }
  let letters = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
  let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init)
  // Every ASCII punctuation character, and letters from beyond ASCII.
  let punctuation = ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.map(String.init)
  let odd = punctuation + [" ", "é", "ü", "ß"]
  return (0..<count).map { _ in
    let scheme =
      numbers.chance(75)
      ? numbers.pick(["http", "https"])
      : numbers.pick(["HTTP", "Https", "httpx", "http2", "htt", "ftp", "file", "ws", "", "é"])
    let host =
      numbers.chance(60)
      ? numbers.pick(["127.0.0.1", "localhost", "example.org", "api.example.com"])
      : numbers.pick([
        text(letters, 1...12), text(letters, 1...5) + "." + text(letters, 2...4),
        text(letters + [" ", "<", "_"], 1...6), "exa mple.org", "a/b",
        // Upper case, empty, beyond ASCII: URLComponents decides what each makes.
        text(letters + upper, 1...12),
        numbers.pick(["Example.ORG", "LOCALHOST", "API.Example.com"]),
        "", numbers.pick(["é", "café.org", "ÄB.example", "日本.jp", "straße.de", "Ünïcode"]),
        text(letters + upper + ["é", "ü", "Ö", "%", "-", "."], 1...8),
        // An IPv6 address as given (no brackets), and labels longer than DNS allows.
        numbers.pick(["::1", "[::1]", "fe80::1"]), text(letters, 64...80),
        text(letters, 64...70) + ".org",
      ])
    var port: Int?
    if numbers.chance(50) {
      port = numbers.pick([
        0, 1, 80, 443, 8080, 65535, 65536, -1, Int.max, Int.min,
        Int.random(in: 1...65535, using: &numbers),
        Int.random(in: 65536...1_000_000, using: &numbers),
      ])
    }
    let path =
      numbers.chance(55)
      ? numbers.pick(["/", "/users", "/users/3", "/v2/a/b", ""])
      : numbers.pick([
        "/" + text(letters + odd, 1...10), text(letters, 1...6), "/a b", "/100%", "/caf\u{E9}",
        "/" + text(punctuation, 1...6), "/" + punctuation.joined(),
        // Longer than any limit a browser keeps: a URL has none.
        "/" + text(letters, 2_100...2_400),
      ])
    var items: [URLQueryItem] = []
    if numbers.chance(50) {
      items = (0..<Int.random(in: 1...4, using: &numbers)).map { _ in
        let name =
          numbers.chance(60)
          ? numbers.pick(["q", "page", "per_page", "sort"]) : text(letters + odd, 0...5)
        let value: String? =
          numbers.chance(15)
          ? nil
          : numbers.chance(50) ? text(letters, 0...6) : text(letters + odd, 1...6)
        return URLQueryItem(name: name, value: value)
      }
    }
    let token =
      numbers.chance(35)
      ? ""
      : numbers.chance(8)
        ? numbers.pick([" ", "  ", "\t"])
        : numbers.chance(30)
          ? "tutorial-token" : text(letters + ["-", ".", "_", " ", "é"], 1...24)
    var body: Data?
    if numbers.chance(45) {
      body =
        numbers.chance(20)
        ? Data()
        : Data(
          (0..<Int.random(in: 1...40, using: &numbers)).map { _ in
            UInt8.random(in: 0...255, using: &numbers)
          }
        )
    }
    let method = numbers.pick([HTTPMethod.get, .post, .put, .patch, .delete])
    return EndpointScenario(
      endpoint: Endpoint(
        scheme: scheme,
        host: host,
        port: port,
        path: path,
        method: method,
        token: token,
        queryItems: items,
        body: body
      )
    )
  }
}

/// Endpoints 4a is graded on besides `endpointScenarios`': bodies of any size in `sizes` (41
/// bytes to 16 MiB unless told), as likely to have any number of digits.
func endpointScenariosOfLargeBodies(
  count: Int,
  seed: UInt64,
  sizes: ClosedRange<Int> = 41...16 << 20
) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  return endpointScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    let size = numbers.logUniform(sizes)
    // One byte repeated, then drawn bytes at both ends: drawing millions costs seconds.
    var body = Data(repeating: UInt8.random(in: 0...255, using: &numbers), count: size)
    for index in [0, 1, 2, size - 3, size - 2, size - 1] {
      body[index] = UInt8.random(in: 0...255, using: &numbers)
    }
    scenario.endpoint.body = body
    return scenario
  }
}

/// Endpoints 4a is graded on besides those above: schemes and tokens as a person may type them
/// (spaces or line breaks at an end, other cases, a token that already says "Bearer"), and host
/// names of 64 to 4,000 characters, longer than DNS allows, in labels DNS would take.
func endpointScenariosOfOddParts(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  let letters = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
  return endpointScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    let scheme = numbers.pick(["http", "https"])
    switch Int.random(in: 0..<3, using: &numbers) {
    case 0: scenario.endpoint.scheme = oddText(scheme, using: &numbers)
    case 1:
      // One character more, fewer or other: every neighbour of a scheme that is right.
      var characters = Array(scheme)
      let index = Int.random(in: 0..<characters.count, using: &numbers)
      switch Int.random(in: 0..<3, using: &numbers) {
      case 0: characters.remove(at: index)
      case 1: characters.insert(numbers.pick([" ", "s", ":", "\t", "/"]), at: index)
      default: characters[index] = Character(characters[index].uppercased())
      }
      scenario.endpoint.scheme = String(characters)
    default: scenario.endpoint.scheme = scheme
    }
    let token = numbers.pick(["tutorial-token", "abc.def", "x"])
    scenario.endpoint.token =
      numbers.chance(50)
      ? numbers.pick(["Bearer ", "bearer ", "Bearer", "BEARER ", "Basic "]) + token
      : oddText(token, using: &numbers).filter { !$0.isNewline }  // left free: no header holds one
    if numbers.chance(50) {
      let length = numbers.logUniform(64...4_000)
      var host = ""
      while host.count < length {
        let label = (0..<Int.random(in: 1...63, using: &numbers)).map { _ in numbers.pick(letters) }
        host += (host.isEmpty ? "" : ".") + label.joined()
      }
      scenario.endpoint.host = String(host.prefix(length))
    }
    return scenario
  }
}

/// Endpoints 4a is graded on besides those above: paths with control characters (line breaks,
/// tabs, NUL, DEL) at their start, at their end or inside, which URLComponents escapes or refuses
/// as it does any other character.
func endpointScenariosOfControlCharacters(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  return endpointScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    var path = Array(numbers.pick(["/users", "/users/3", "/", drawn.endpoint.path]))
    let control = numbers.pick(["\n", "\r\n", "\r", "\t", "\u{0}", "\u{7F}", "\u{1B}", "\n\n"])
    switch Int.random(in: 0..<3, using: &numbers) {
    case 0: path.insert(contentsOf: control, at: 0)
    case 1: path.append(contentsOf: control)
    default: path.insert(contentsOf: control, at: Int.random(in: 0...path.count, using: &numbers))
    }
    scenario.endpoint.path = String(path)
    return scenario
  }
}

/// Endpoints 4a is graded on besides those above: five to 60 query items, query items with
/// control characters, hosts that carry a port of their own ("example.org:8080", which makes no
/// URL), and paths of 8,000 to 100,000 characters.
func endpointScenariosOfLongAndOddURLs(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  let words = ["a", "page", "q", "x y", "caf\u{E9}", "a&b", "1=2", ""]
  let controls = ["\n", "\t", "\r\n", "\u{0}", "\u{7F}", "\u{1B}"]
  return endpointScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    switch Int.random(in: 0..<4, using: &numbers) {
    case 0:
      scenario.endpoint.queryItems = (0..<numbers.logUniform(5...60)).map { index in
        URLQueryItem(name: "q\(index)", value: numbers.chance(10) ? nil : numbers.pick(words))
      }
    case 1:
      let control = numbers.pick(controls)
      let item =
        numbers.chance(50)
        ? URLQueryItem(name: "q" + control, value: "1")
        : URLQueryItem(name: "q", value: numbers.pick(["", "a", "x y"]) + control)
      scenario.endpoint.queryItems = [item]
    case 2:
      scenario.endpoint.host =
        numbers.pick(["example.org", "localhost", "127.0.0.1"]) + ":"
        + "\(numbers.pick([80, 443, 8080, 65535]))"
      scenario.endpoint.port = nil
    default:
      let length = numbers.logUniform(8_000...100_000)
      scenario.endpoint.path = "/" + String(repeating: "segment/", count: length / 8)
    }
    return scenario
  }
}

/// The failure message: the endpoint, what the answer made of it, and what the statement does.
func explainEndpoint(
  _ scenario: EndpointScenario,
  _ got: RequestOutcome,
  _ expected: RequestOutcome
)
  -> String
{
  "\(scenario): your answer gave \(got); the statement gives \(expected)"
}

/// Endpoints 4a is graded on besides those above, from a seed of their own, each with a scheme,
/// host and port that make a URL: 61 to 1,000 query items (one in three), paths of 100,000 to
/// 200,000 characters (one in six), and paths and query values with letters in decomposed form (a letter then a
/// combining mark, as "e\u{301}"), which URLComponents escapes as they are.
func endpointScenariosOfWideURLs(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  let letters = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
  let decomposed = [
    "e\u{301}", "n\u{303}", "A\u{30A}", "u\u{308}", "o\u{302}\u{323}", "\u{212B}",
    "\u{1100}\u{1161}",
  ]
  func mixed() -> String {
    (0..<Int.random(in: 1...8, using: &numbers)).map { _ in
      numbers.chance(40) ? numbers.pick(decomposed) : numbers.pick(letters)
    }.joined()
  }
  return endpointScenarios(count: count, seed: seed).enumerated().map { index, drawn in
    var scenario = drawn
    scenario.endpoint.scheme = numbers.pick(["http", "https"])
    scenario.endpoint.host = numbers.pick(["127.0.0.1", "localhost", "example.org"])
    scenario.endpoint.port = nil
    switch index % 6 {
    case 3, 5:
      scenario.endpoint.queryItems = (0..<numbers.logUniform(61...1_000)).map { index in
        URLQueryItem(name: "q\(index)", value: numbers.pick(["1", "a b", "", "x"]))
      }
    case 1:
      let length = numbers.logUniform(100_000...200_000)
      scenario.endpoint.path = "/" + String(repeating: "segment/", count: length / 8)
    default:
      scenario.endpoint.path =
        "/"
        + (0..<Int.random(in: 1...3, using: &numbers)).map { _ in
          mixed()
        }.joined(separator: "/")
      if numbers.chance(50) {
        scenario.endpoint.queryItems = [URLQueryItem(name: "q", value: mixed())]
      }
    }
    return scenario
  }
}

/// Endpoints 4a is graded on besides those above, from a seed of their own: paths and query items
/// that hold percent escapes.
///
/// Each has a scheme, host and port that make a URL, and paths or query names and values with
/// escapes (`%20`, `%2F`, `%25`, `%C3%A9`, in upper and lower case) alone or among letters and
/// other characters. They are text like any other: URLComponents escapes each `%` as `%25`.
func endpointScenariosOfPercentEscapes(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  let letters = "abcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
  let escapes = [
    "%20", "%2F", "%2f", "%25", "%3F", "%23", "%26", "%3D", "%2B", "%41", "%7E", "%C3%A9",
    "%c3%a9", "%E2%82%AC", "%00", "%0A",
  ]
  let others = [" ", "/", "-", ".", "_", "~", "\u{E9}", "%"]
  func escaped(_ length: ClosedRange<Int>, among extra: [String]) -> String {
    var parts = (0..<Int.random(in: length, using: &numbers)).map { _ in
      numbers.chance(40) ? numbers.pick(escapes) : numbers.pick(letters + extra)
    }
    // At least one escape in each text drawn.
    parts.insert(numbers.pick(escapes), at: Int.random(in: 0...parts.count, using: &numbers))
    return parts.joined()
  }
  return endpointScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    scenario.endpoint.scheme = numbers.pick(["http", "https"])
    scenario.endpoint.host = numbers.pick(["127.0.0.1", "localhost", "example.org"])
    scenario.endpoint.port = nil
    let inPath = numbers.chance(60)
    let inQuery = !inPath || numbers.chance(30)
    if inPath {
      // Escapes alone ("/a%20b"), or among characters URLComponents escapes itself.
      scenario.endpoint.path =
        "/" + escaped(0...6, among: numbers.chance(50) ? ["/"] : ["/"] + others)
    }
    if inQuery {
      scenario.endpoint.queryItems = (0..<Int.random(in: 1...3, using: &numbers)).map { _ in
        let name =
          numbers.chance(70) ? numbers.pick(["q", "page", "name"]) : escaped(0...3, among: [])
        let value = escaped(0...6, among: numbers.chance(50) ? [] : others)
        return URLQueryItem(name: name, value: value)
      }
    }
    return scenario
  }
}

/// Endpoints 4a is graded on besides those above, from a seed of their own: schemes typed with
/// their separator, whole or in part ("https://", "http:", "http:/"), and hosts with a control
/// character (a line break, a tab, NUL, DEL) at their start, at their end or inside, which
/// URLComponents refuses or keeps as it does any other character.
func endpointScenariosOfTypedSchemesAndHosts(count: Int, seed: UInt64) -> [EndpointScenario] {
  var numbers = SeededNumbers(seed: seed)
  return endpointScenarios(count: count, seed: seed).map { drawn in
    var scenario = drawn
    let scheme = numbers.pick(["http", "https"])
    if numbers.chance(50) {
      scenario.endpoint.scheme = scheme + numbers.pick(["://", ":", ":/", "//", "/", ": "])
      scenario.endpoint.host = numbers.pick(["example.org", "localhost", "127.0.0.1"])
    } else {
      scenario.endpoint.scheme = scheme
      var host = Array(numbers.pick(["example.org", "localhost", "127.0.0.1", "api.example.com"]))
      let control = numbers.pick(["\n", "\r\n", "\r", "\t", "\u{0}", "\u{7F}", "\u{1B}", "\u{85}"])
      switch Int.random(in: 0..<3, using: &numbers) {
      case 0: host.insert(contentsOf: control, at: 0)
      case 1: host.append(contentsOf: control)
      default: host.insert(contentsOf: control, at: Int.random(in: 0...host.count, using: &numbers))
      }
      scenario.endpoint.host = String(host)
    }
    return scenario
  }
}
