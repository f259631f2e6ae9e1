import Foundation

/// One client connection of the fixture server: read one request, answer it, close.
struct FixtureConnection {
  /// Larger request heads are answered with 431.
  static let maxHeadBytes = 8 * 1024

  let socket: Int32
  let server: FixtureServer

  func serve() {
    defer { close(socket) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)  // an idle client cannot hold a thread forever
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

    let head: HTTPRequestHead
    switch readHead() {
    case .closed:
      return
    case .tooLarge:
      return respond(
        FixtureResponse.error(431, "request headers are larger than \(Self.maxHeadBytes) bytes"),
        method: "GET",
        target: "(oversized request)"
      )
    case .text(let text):
      do {
        head = try HTTPRequestHead.parse(text)
      } catch {
        let reason = if case .malformed(let reason) = error { reason } else { "\(error)" }
        return respond(FixtureResponse.error(400, reason), method: "GET", target: "(bad request)")
      }
    }
    let response = FixtureRoutes.response(to: head, server: server)
    respond(response, method: head.method, target: head.path)
  }

  private enum Head {
    case text(String)
    case tooLarge
    case closed
  }

  /// Reads up to the blank line that ends the request head.
  private func readHead() -> Head {
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if let end = Self.endOfHead(in: received) {
        return .text(String(decoding: received[..<end], as: UTF8.self))
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

  private static func endOfHead(in bytes: [UInt8]) -> Int? {
    let crlf: [UInt8] = [13, 10, 13, 10]
    let lf: [UInt8] = [10, 10]
    for index in bytes.indices {
      if bytes[index...].starts(with: crlf) || bytes[index...].starts(with: lf) { return index }
    }
    return nil
  }

  private func respond(_ response: FixtureResponse, method: String, target: String) {
    if case .delay(let duration) = response.before {
      guard server.sleeper.sleep(for: duration) else { return }
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
        guard server.sleeper.sleep(for: .milliseconds(100)) else { return offset - body.startIndex }
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
