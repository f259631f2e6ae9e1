/// The request line and headers of an HTTP/1.x request, as the fixture server reads them.
struct HTTPRequestHead: Equatable, Sendable {
  let method: String
  /// The request target as sent, query included: "/users?page=2&per=3".
  let target: String
  /// The path, without the query: "/files/small.bin".
  let path: String
  /// The query's name=value pairs: "?page=2&per=3" gives ["page": "2", "per": "3"].
  let query: [String: String]
  /// Header names in lower case.
  let headers: [String: String]

  enum ParseError: Error, Equatable {
    /// Not "METHOD /target HTTP/1.x", or a header line without a colon.
    case malformed(String)
  }

  /// Parses everything before the blank line that ends the head (CRLF or LF line ends).
  static func parse(_ text: String) throws(ParseError) -> HTTPRequestHead {
    // "\r\n" is a single Character in Swift, so both line ends are separators in their own right.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\r\n" || $0 == "\n" }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformed("empty request") }

    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isUppercase }),
      parts[1].hasPrefix("/"), parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
    else {
      throw .malformed("bad request line '\(requestLine)'")
    }

    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw .malformed("bad header line '\(line)'")
      }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
    }

    let target = parts[1]
    let path = target.prefix { $0 != "?" }
    var query: [String: String] = [:]
    for pair in target.dropFirst(path.count + 1).split(separator: "&") {
      let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      query[String(field[0])] = field.count > 1 ? String(field[1]) : ""
    }
    return HTTPRequestHead(
      method: String(parts[0]),
      target: String(target),
      path: String(path),
      query: query,
      headers: headers
    )
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in characters: String) -> String {
    String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
  }
}

/// A single byte range of a `Range: bytes=...` header, resolved against a file's size.
enum ByteRangeRequest: Equatable, Sendable {
  /// No usable Range header: send the whole file with 200.
  case whole
  /// Send these bytes with 206.
  case partial(ClosedRange<Int>)
  /// The range starts past the end: 416.
  case unsatisfiable

  /// Resolves a Range header for a file of `size` bytes.
  ///
  /// Understands `bytes=a-b`, `bytes=a-` and `bytes=-n`. A header that is malformed or asks for
  /// several ranges is ignored, as RFC 9110 allows.
  init(header: String?, size: Int) {
    guard let header, header.hasPrefix("bytes="), !header.contains(",") else {
      self = .whole
      return
    }
    let spec = header.dropFirst("bytes=".count)
    let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard bounds.count == 2 else {
      self = .whole
      return
    }
    switch (Int(bounds[0]), Int(bounds[1]), bounds[0].isEmpty, bounds[1].isEmpty) {
    case (let first?, let last?, _, _) where first <= last:
      self = first < size ? .partial(first...min(last, size - 1)) : .unsatisfiable
    case (let first?, nil, _, true):
      self = first < size ? .partial(first...(size - 1)) : .unsatisfiable
    case (nil, let suffix?, true, _):
      self = suffix > 0 && size > 0 ? .partial(max(0, size - suffix)...(size - 1)) : .unsatisfiable
    default:
      self = .whole
    }
  }
}
