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
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
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
    case 206: "Partial Content"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 416: "Range Not Satisfiable"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
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
  static func response(to request: HTTPRequestHead, server: FixtureServer) -> FixtureResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .error(
        405,
        "method \(request.method) is not supported",
        headers: [("Allow", "GET, HEAD")]
      )
    }
    switch request.path {
    case "/status":
      return .text(200, "ConcurrencyTutorial fixture server: ok\n")
    case "/users":
      return users(request)
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
    default:
      return .error(404, "no route \(request.path)")
    }
  }

  private static func users(_ request: HTTPRequestHead) -> FixtureResponse {
    let all = FixtureUser.all
    guard request.query["page"] != nil || request.query["per"] != nil else {
      return .json(200, all)
    }
    guard let page = Int(request.query["page"] ?? "1"), page >= 1,
      let per = Int(request.query["per"] ?? "10"), (1...100).contains(per)
    else {
      return .error(400, "page must be 1 or more and per from 1 to 100")
    }
    let pages = (all.count + per - 1) / per
    let slice = all.dropFirst((page - 1) * per).prefix(per)
    return .json(
      200,
      Array(slice),
      headers: [("X-Total-Count", "\(all.count)"), ("X-Page-Count", "\(pages)")]
    )
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
