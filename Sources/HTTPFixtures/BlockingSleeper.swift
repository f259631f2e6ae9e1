import Foundation
import LessonSupport

/// Lets a serving thread pause on an async clock, and lets `stop()` end every pause at once.
final class BlockingSleeper: Sendable {
  /// Why a pause ended.
  enum End: Equatable {
    case elapsed
    case serverStopped
    /// The client closed its connection during the pause (it gave up, or was cancelled).
    case clientLeft
  }

  private let clock: any Clock<Duration>
  private let pauses = Locked<[UInt64: Task<Void, Never>]>([:])
  private let counter = Locked<UInt64>(0)
  private let stopped = Locked(false)

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  /// Blocks this (non-async) thread for `duration` on the clock, or until the server stops, or,
  /// when `socket` is given, until that client closes its connection.
  func sleep(for duration: Duration, watching socket: Int32? = nil) -> End {
    let done = DispatchSemaphore(value: 0)
    let id = counter.withLock { counter in
      counter += 1
      return counter
    }
    let task = Task { [clock] in
      try? await clock.sleep(for: duration)
      done.signal()
    }
    let registered = pauses.withLock { pauses in
      guard !stopped.withLock({ $0 }) else { return false }
      pauses[id] = task
      return true
    }
    if !registered { task.cancel() }
    let watcher = socket.flatMap { ClientWatcher(socket: $0, onLeave: { task.cancel() }) }
    done.wait()
    let clientLeft = watcher?.finish() ?? false
    pauses.withLock { _ = $0.removeValue(forKey: id) }
    // stop() marks the sleeper stopped before it shuts the sockets, so a stop is never taken
    // for a client that left.
    if !registered || stopped.withLock({ $0 }) { return .serverStopped }
    return clientLeft ? .clientLeft : .elapsed
  }

  func cancelAll() {
    let tasks = pauses.withLock { pauses in
      stopped.withLock { $0 = true }
      return Array(pauses.values)
    }
    tasks.forEach { $0.cancel() }
  }
}

/// Watches a client socket on a thread of its own while the server holds its answer back, and
/// calls `onLeave` if the client closes the connection meanwhile.
final class ClientWatcher: Sendable {
  private let socket: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let left = Locked(false)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts watching; nil if no pipe could be made to end the watch (then nothing is watched).
  init?(socket: Int32, onLeave: @escaping @Sendable () -> Void) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    self.socket = socket
    self.wakeRead = ends[0]
    self.wakeWrite = ends[1]
    Thread { [self] in
      if watchUntilWokenOrLeft() {
        left.withLock { $0 = true }
        onLeave()
      }
      finished.signal()
    }.start()
  }

  /// Ends the watch and returns whether the client left during it.
  func finish() -> Bool {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
    finished.wait()
    close(wakeRead)
    close(wakeWrite)
    return left.withLock { $0 }
  }

  /// True when the client closed its side; false when `finish()` woke the watch.
  private func watchUntilWokenOrLeft() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      var fds = [
        pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return false
      }
      if fds[1].revents != 0 { return false }
      guard fds[0].revents != 0 else { continue }
      // Readable: either bytes the client sent after its request (read and ignored), or the end
      // of the stream (0), which means it closed the connection.
      let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count > 0 || (count < 0 && (errno == EINTR || errno == EAGAIN)) { continue }
      return true
    }
  }
}
