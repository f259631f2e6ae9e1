// The connection of exercise 3b, shaped like a socket or a session a service owns.
// Learners use it; they do not change it.

/// A connection a heartbeat sends on, and closes when it stops.
public protocol HeartbeatConnection: Sendable {
  /// Sends one beat; throws once the connection is closed.
  func send(_ beat: Int) async throws

  /// Closes the connection. Its owner calls this exactly once; it may call back into the owner.
  func close()
}

/// Thrown by `Heartbeat.start()` when the heartbeat was stopped before it started.
public struct HeartbeatStopped: Error, Equatable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// "the heartbeat was stopped before it started".
  public var description: String { "the heartbeat was stopped before it started" }
}
