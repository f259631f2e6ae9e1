import Foundation

/// A port on 127.0.0.1 where nothing listens, and where nothing can start listening while this
/// value is alive.
///
/// ```swift
/// let refusing = try RefusingPort()
/// let url = URL(string: "http://127.0.0.1:\(refusing.port)/users")!  // refused while it lives
/// ```
///
/// The port is bound by a socket that never listens: the system refuses a connection to it, and
/// gives the port to no other socket. The port of a server that has stopped is free instead, and
/// another program (a second run of a chapter, a test's server) may be handed it at once.
public final class RefusingPort: Sendable {
  /// The port, on 127.0.0.1.
  public let port: UInt16
  private let socketHeld: Int32

  /// Takes a free port and holds it without listening.
  ///
  /// - Throws: `FixtureServer.StartError` when no socket can be opened or bound.
  public init() throws {
    let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard held >= 0 else {
      throw FixtureServer.StartError(
        description: "could not open a socket: \(String(cString: strerror(errno)))"
      )
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0  // any free port
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(held, $0, length) == 0 && getsockname(held, $0, &length) == 0
      }
    }
    guard bound else {
      let reason = String(cString: strerror(errno))
      close(held)
      throw FixtureServer.StartError(description: "could not bind a socket: \(reason)")
    }
    socketHeld = held
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(socketHeld) }
}
