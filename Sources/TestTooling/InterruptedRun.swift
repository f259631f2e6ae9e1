// Sends Ctrl-C (or SIGTERM) to a real program once it has started its children, then checks that
// none of them is left running. Linux only: it watches processes through pidfd.
#if os(Linux)
import ChildProcesses
import Foundation

/// What became of a program interrupted by `InterruptedRun.start`.
public struct InterruptedRun: Sendable {
  /// The program's output and how it ended.
  public let result: ChildProcessResult
  /// Every child the program (and its children) reported starting, by pid.
  public let children: [pid_t]
  /// The children left running: a child of the program itself still running when the program
  /// had ended (it must wait for its children), or a grandchild still running 10 s later.
  public let survivors: [pid_t]

  /// Runs `program`, waits until `childCount` children have been started (the program and its
  /// children report them through `TUTORIAL_CHILD_LOG`), sends `signal` to the program, then
  /// waits for it to end and for each child to be gone.
  ///
  /// ```swift
  /// let run = try await InterruptedRun.start(
  ///   chapter,
  ///   arguments: ["--section", "misuse"],
  ///   interruptAfter: 1,
  ///   with: SIGINT
  /// )
  /// XCTAssertEqual(run.result.termination, .signalled(SIGINT))
  /// XCTAssertEqual(run.survivors, [])
  /// ```
  ///
  /// No step waits on a timer: the log is a FIFO the program writes to, and a pidfd tells when a
  /// process has ended. The time limits are safety nets that only a failing program reaches.
  public static func start(
    _ program: URL,
    arguments: [String] = [],
    environment: [String: String] = [:],
    interruptAfter childCount: Int,
    with signal: Int32
  ) async throws -> InterruptedRun {
    let log = try ChildLogFIFO()
    defer { log.remove() }
    let run = Task {
      try await ChildProcess.run(
        program,
        arguments: arguments,
        environment: environment.merging(["TUTORIAL_CHILD_LOG": log.path]) { $1 },
        timeout: .seconds(120)
      )
    }
    let started = await log.readStarts(count: childCount)
    let children = started.map(\.child)
    // The program is the one parent that is not itself a child.
    guard let parent = started.map(\.parent).first(where: { !children.contains($0) }) else {
      run.cancel()
      throw LogError(description: "no child-start lines from the program: \(started)")
    }
    let watches = children.map(ProcessWatch.init)  // opened while the children still run
    kill(parent, signal)
    let result = try await run.value
    let survivors = zip(started, watches).filter { start, watch in
      !watch.waitForExit(seconds: start.parent == parent ? 0 : 10)
    }
    return InterruptedRun(result: result, children: children, survivors: survivors.map(\.0.child))
  }

  struct LogError: Error, CustomStringConvertible {
    let description: String
  }
}

/// A FIFO for `TUTORIAL_CHILD_LOG`, read on a thread of its own.
private final class ChildLogFIFO: Sendable {
  let path: String
  private let readEnd: Int32
  private let keepOpen: Int32

  init() throws {
    path = NSTemporaryDirectory() + "child-log-\(getpid())-\(UUID().uuidString)"
    guard mkfifo(path, 0o600) == 0 else {
      throw InterruptedRun.LogError(
        description: "mkfifo \(path): \(String(cString: strerror(errno)))"
      )
    }
    // Open the reading end first (without blocking), then a writing end of our own, so reads
    // wait for the program's lines instead of seeing an end of file before it writes.
    readEnd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    keepOpen = open(path, O_WRONLY | O_CLOEXEC)
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) & ~O_NONBLOCK)
  }

  func remove() {
    close(readEnd)
    close(keepOpen)
    unlink(path)
  }

  /// The first `count` lines "PARENT started CHILD", or fewer if none comes for 60 s.
  func readStarts(count: Int) async -> [(parent: pid_t, child: pid_t)] {
    await withCheckedContinuation { continuation in
      Thread { [readEnd] in
        var text = ""
        var byte: UInt8 = 0
        var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while text.filter({ $0 == "\n" }).count < count, poll(&poller, 1, 60_000) > 0,
          read(readEnd, &byte, 1) == 1
        {
          text.append(Character(UnicodeScalar(byte)))
        }
        let starts = text.split(separator: "\n").compactMap { line -> (pid_t, pid_t)? in
          let words = line.split(separator: " ")
          guard words.count == 3, let parent = pid_t(words[0]), let child = pid_t(words[2])
          else { return nil }
          return (parent, child)
        }
        continuation.resume(returning: starts)
      }.start()
    }
  }
}

/// Watches one process through a pidfd, which becomes readable when the process ends.
private struct ProcessWatch: Sendable {
  private let pid: pid_t
  private let fd: Int32
  private let openError: Int32

  init(_ pid: pid_t) {
    self.pid = pid
    fd = pidfdOpen.map { $0(pid, 0) } ?? -1
    openError = fd >= 0 ? 0 : errno
  }

  /// Whether the process has ended within `seconds` (at once if it was gone already).
  func waitForExit(seconds: Int32) -> Bool {
    guard fd >= 0 else {
      // Gone before we looked; or, without pidfd_open, gone now (a zombie would count as alive).
      return openError == ESRCH || (kill(pid, 0) == -1 && errno == ESRCH)
    }
    defer { close(fd) }
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&poller, 1, seconds * 1000) == 1
  }
}

/// glibc's pidfd_open (2.36 and later), found at run time: Swift does not import its header.
private let pidfdOpen: (@convention(c) (pid_t, UInt32) -> Int32)? = {
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") else {
    return nil
  }
  return unsafeBitCast(symbol, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
}()
#endif
