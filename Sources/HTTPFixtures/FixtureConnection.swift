import Foundation

/// One client connection of the fixture server: read one request, answer it, close.
struct FixtureConnection {
  /// Larger request heads are answered with 431.
  static let maxHeadBytes = 8 * 1024

  let socket: Int32
  let server: FixtureServer

  /// Larger request bodies are answered with 413.
  static let maxBodyBytes = 64 * 1024

  func serve() {
    defer { close(socket) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)  // an idle client cannot hold a thread forever
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

    let head: HTTPRequestHead
    var body: [UInt8]
    switch readHead() {
    case .closed:
      return
    case .tooLarge:
      return respond(
        FixtureResponse.error(431, "request headers are larger than \(Self.maxHeadBytes) bytes"),
        method: "GET",
        target: "(oversized request)"
      )
    case .text(let text, let rest):
      do {
        head = try HTTPRequestHead.parse(text)
      } catch {
        let reason = if case .malformed(let reason) = error { reason } else { "\(error)" }
        return respond(FixtureResponse.error(400, reason), method: "GET", target: "(bad request)")
      }
      body = rest
    }
    if let problem = readBody(announced: head.headers["content-length"], into: &body) {
      return respond(problem, method: head.method, target: head.target)
    }
    server.configuration.received?("\(head.method) \(head.target)")
    var response = FixtureRoutes.response(to: head, body: Data(body), server: server)
    if let delay = server.configuration.delays[head.target] {
      response.before = .delay(delay)
    }
    respond(response, method: head.method, target: head.target)
  }

  private enum Head {
    /// The head's text, and the bytes read after it (the start of the body).
    case text(String, rest: [UInt8])
    case tooLarge
    case closed
  }

  /// Reads up to the blank line that ends the request head.
  private func readHead() -> Head {
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if let (end, separator) = Self.endOfHead(in: received) {
        return .text(
          String(decoding: received[..<end], as: UTF8.self),
          rest: Array(received[(end + separator)...])
        )
      }
      if received.count > Self.maxHeadBytes { return .tooLarge }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[0..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return .closed
      }
    }
  }

  /// Reads the rest of a body of `Content-Length` bytes; an error response if it cannot.
  private func readBody(announced: String?, into body: inout [UInt8]) -> FixtureResponse? {
    guard let announced else { return nil }
    guard let length = Int(announced), length >= 0 else {
      return .error(400, "Content-Length '\(announced)' is not a number of bytes")
    }
    guard length <= Self.maxBodyBytes else {
      return .error(413, "request bodies are limited to \(Self.maxBodyBytes) bytes")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while body.count < length {
      let count = recv(socket, &buffer, min(buffer.count, length - body.count), 0)
      if count > 0 {
        body += buffer[0..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return .error(400, "the body ended after \(body.count) of \(length) bytes")
      }
    }
    body = Array(body.prefix(length))
    return nil
  }

  /// Where the head ends, and the length of the blank line's separator (4 for CRLF, 2 for LF).
  private static func endOfHead(in bytes: [UInt8]) -> (Int, Int)? {
    let crlf: [UInt8] = [13, 10, 13, 10]
    let lf: [UInt8] = [10, 10]
    for index in bytes.indices {
      if bytes[index...].starts(with: crlf) { return (index, 4) }
      if bytes[index...].starts(with: lf) { return (index, 2) }
    }
    return nil
  }

  private func respond(_ response: FixtureResponse, method: String, target: String) {
    if case .delay(let duration) = response.before {
      switch server.sleeper.sleep(for: duration, watching: socket) {
      case .elapsed:
        break
      case .serverStopped:
        return
      case .clientLeft:
        server.configuration.log?("\(method) \(target) closed by the client before the answer")
        return
      }
    }
    var head = "HTTP/1.1 \(response.status) \(FixtureResponse.reason(for: response.status))\r\n"
    for (name, value) in response.headers + [
      ("Content-Length", "\(response.declaredLength)"), ("Connection", "close"),
    ] {
      head += "\(name): \(value)\r\n"
    }
    head += "\r\n"
    guard send(Data(head.utf8)) else { return }
    var sent = 0
    if method != "HEAD" {
      sent = sendBody(response)
    }
    server.configuration.log?("\(method) \(target) \(response.status) \(sent) bytes")
  }

  /// Sends the body, throttled if asked, and returns how many bytes went out.
  private func sendBody(_ response: FixtureResponse) -> Int {
    let body = response.body
    let rate = response.throttleBytesPerSecond ?? server.configuration.throttleBytesPerSecond
    // Throttled: a tenth of a second's worth of bytes, then a tenth of a second's pause.
    let slice = rate.map { max(1, $0 / 10) } ?? 256 * 1024
    var offset = body.startIndex
    let end = response.cutAfter.map { body.startIndex + $0 } ?? body.endIndex
    while offset < end {
      let next = min(offset + slice, end)
      guard send(body[offset..<next]) else { return offset - body.startIndex }
      offset = next
      if rate != nil, offset < end {
        guard server.sleeper.sleep(for: .milliseconds(100)) == .elapsed else {
          return offset - body.startIndex
        }
      }
    }
    return offset - body.startIndex
  }

  /// Writes all of `data`; false when the client has gone (never a SIGPIPE: MSG_NOSIGNAL).
  private func send(_ data: Data) -> Bool {
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.send(
          socket,
          base + offset,
          buffer.count - offset,
          Int32(MSG_NOSIGNAL)
        )
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return false
        }
      }
      return true
    }
  }
}
