import Foundation

/// A tiny blocking HTTP client on raw sockets, for the tests of the fixture server.
///
/// It sends what URLSession never would (bad request lines, huge headers) and reads exactly
/// what comes back. Each call runs on a thread of its own, so the cooperative pool is never
/// blocked.
enum RawHTTPClient {
  struct Reply {
    let head: String
    let body: [UInt8]

    var statusLine: String { String(head.prefix { $0 != "\r\n" && $0 != "\n" }) }

    /// The body as `JSONSerialization` reads it (a dictionary, an array...).
    func json() throws -> Any {
      try JSONSerialization.jsonObject(with: Data(body))
    }

    func header(_ name: String) -> String? {
      for line in head.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }).dropFirst() {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2, parts[0].lowercased() == name.lowercased() {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
      return nil
    }
  }

  /// Sends `request` as is, reads until the server closes, and splits head from body.
  static func send(_ request: String, port: UInt16, readAtMost: Int? = nil) async -> Reply {
    await onThread {
      let socket = connectedSocket(port: port)
      defer { close(socket) }
      _ = request.utf8CString.withUnsafeBufferPointer { buffer in
        Foundation.send(socket, buffer.baseAddress, buffer.count - 1, Int32(MSG_NOSIGNAL))
      }
      var received = [UInt8]()
      var buffer = [UInt8](repeating: 0, count: 65536)
      while readAtMost.map({ received.count < $0 }) ?? true {
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { break }
        received += buffer[0..<count]
      }
      let separator: [UInt8] = [13, 10, 13, 10]
      let end = received.indices.first { received[$0...].starts(with: separator) } ?? received.count
      return Reply(
        head: String(decoding: received[..<end], as: UTF8.self),
        body: Array(received.dropFirst(min(end + 4, received.count)))
      )
    }
  }

  /// A socket connected to 127.0.0.1:`port`, or -1 when the connection is refused.
  static func connectedSocket(port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if result != 0 {
      close(fd)
      return -1
    }
    return fd
  }

  static func get(_ path: String, port: UInt16, headers: [String] = []) async -> Reply {
    let extra = headers.map { $0 + "\r\n" }.joined()
    return await send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(extra)\r\n", port: port)
  }

  /// Runs blocking work on a new thread and awaits its result.
  static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
}
