import Foundation

/// What the fixture server answers: status, headers, body, and how to send it.
struct FixtureResponse {
  enum Before {
    case nothing
    /// Wait this long before the first byte (the slow fault).
    case delay(Duration)
  }

  var status: Int
  var headers: [(String, String)]
  var body: Data
  var before = Before.nothing
  var throttleBytesPerSecond: Int?
  /// Close the connection after this many body bytes (the cut-off fault).
  var cutAfter: Int?
  /// The Content-Length to announce; the body's length unless a fault says otherwise.
  var declaredLength: Int

  init(status: Int, contentType: String, body: Data, headers: [(String, String)] = []) {
    self.status = status
    self.headers = [("Content-Type", contentType)] + headers
    self.body = body
    self.declaredLength = body.count
  }

  static func json(_ status: Int, _ value: some Encodable, headers: [(String, String)] = []) -> Self
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Self(status: status, contentType: "application/json", body: body, headers: headers)
  }

  static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> Self {
    json(status, ["error": message], headers: headers)
  }

  static func text(_ status: Int, _ text: String) -> Self {
    Self(status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
  }

  static func reason(for status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 206: "Partial Content"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 413: "Content Too Large"
    case 416: "Range Not Satisfiable"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status \(status)"
    }
  }
}

/// One entry of `GET /files`.
struct FileEntry: Codable, Sendable {
  let name: String
  let size: Int
  let date: String
}

/// The fixture server's routes.
enum FixtureRoutes {
  static func response(
    to request: HTTPRequestHead,
    body: Data,
    server: FixtureServer
  ) -> FixtureResponse {
    let allowed = request.path == "/users" ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"]
    guard allowed.contains(request.method) else {
      return .error(
        405,
        "method \(request.method) is not supported",
        headers: [("Allow", allowed.joined(separator: ", "))]
      )
    }
    if request.method == "POST" {
      return UserRoutes.create(request, body: body)
    }
    switch request.path {
    case "/status":
      return .text(200, "ConcurrencyTutorial fixture server: ok\n")
    case "/users":
      return UserRoutes.page(request)
    case let path where path.hasPrefix("/users/"):
      return UserRoutes.one(String(path.dropFirst("/users/".count)))
    case "/files":
      return .json(
        200,
        FixtureFile.all.map { FileEntry(name: $0.name, size: $0.size, date: $0.date) }
      )
    case let path where path.hasPrefix("/files/"):
      return download(String(path.dropFirst("/files/".count)), request)
    case "/fault/500":
      return .error(500, "the server failed on purpose")
    case "/fault/cut":
      var response = download("small.bin", request)
      response.cutAfter = response.body.count / 2
      return response
    case "/fault/slow":
      let delay = request.query["delay_ms"].flatMap(Int.init) ?? 2000
      var response = FixtureResponse.text(200, "sorry for the wait\n")
      response.before = .delay(.milliseconds(max(0, delay)))
      return response
    case "/fault/malformed", "/fault/wrong-type", "/fault/missing-field", "/fault/null-field",
      "/fault/nested-wrong-type":
      return UserRoutes.broken(request.path)
    case "/fault/flaky":
      return flaky(request, server: server)
    case "/fault/status":
      return status(request)
    default:
      return .error(404, "no route \(request.path)")
    }
  }

  /// The first `failures` requests with a given `key` get 503, the ones after 200.
  private static func flaky(_ request: HTTPRequestHead, server: FixtureServer) -> FixtureResponse {
    guard let key = request.query["key"], !key.isEmpty,
      let failures = Int(request.query["failures"] ?? "1"), failures >= 0
    else {
      return .error(400, "flaky needs key=NAME and failures=N (0 or more)")
    }
    let attempt = server.flakyAttempts.withLock { attempts in
      attempts[key, default: 0] += 1
      return attempts[key, default: 0]
    }
    guard attempt > failures else {
      return .error(503, "busy, try again (attempt \(attempt) of key '\(key)')")
    }
    return .json(200, ["attempt": attempt])
  }

  /// Answers with the status `code` (200 to 599) and a JSON body that has no "error" key.
  private static func status(_ request: HTTPRequestHead) -> FixtureResponse {
    guard let code = request.query["code"].flatMap(Int.init), (200...599).contains(code) else {
      return .error(400, "status needs code=N, from 200 to 599")
    }
    return .json(code, ["said": "status \(code) on purpose"])
  }

  private static func download(_ name: String, _ request: HTTPRequestHead) -> FixtureResponse {
    guard let file = FixtureFile.named(name) else {
      return .error(404, "no file named '\(name)'")
    }
    var throttle: Int?
    if let value = request.query["throttle"] {
      guard let rate = Int(value), rate > 0 else {
        return .error(400, "throttle must be a positive number of bytes per second")
      }
      throttle = rate
    }
    let contents = file.contents
    var response: FixtureResponse
    switch ByteRangeRequest(header: request.headers["range"], size: file.size) {
    case .whole:
      response = FixtureResponse(
        status: 200,
        contentType: "application/octet-stream",
        body: contents
      )
    case .partial(let range):
      response = FixtureResponse(
        status: 206,
        contentType: "application/octet-stream",
        body: contents.subdata(in: range.lowerBound..<(range.upperBound + 1)),
        headers: [("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(file.size)")]
      )
    case .unsatisfiable:
      return .error(
        416,
        "range not satisfiable",
        headers: [("Content-Range", "bytes */\(file.size)")]
      )
    }
    response.headers.append(("Accept-Ranges", "bytes"))
    response.throttleBytesPerSecond = throttle
    return response
  }
}
