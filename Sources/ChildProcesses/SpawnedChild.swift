// How ChildProcess starts, watches and stops a child on POSIX systems.
import Foundation
import LessonSupport

/// A child started with `posix_spawn` in a process group of its own, its pipes read by two
/// threads and its exit collected with `wait4` by a third.
///
/// Foundation's `Process` is not used: on Linux it notices a child's exit through a socket the
/// child inherits, so a grandchild that inherits it too (the Swift backtracer of a crashing
/// child, say) hides the exit and the wait never ends (swift-corelibs-foundation issue 4795).
struct SpawnedChild: Sendable {
  let pid: pid_t
  let stdout: PipeDrain
  let stderr: PipeDrain
  let exit: OneShotSignal<ChildExit>

  init(
    executable: URL,
    arguments: [String],
    environment: [String: String],
    stopAtLine: (@Sendable (Substring) -> Bool)? = nil
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

    // Its own process group, so a timeout kills everything it started; an empty signal mask and
    // default handlers, whatever this process has blocked or ignored.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes,
      Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    )
    posix_spawnattr_setpgroup(&attributes, 0)
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)

    let argv = CStringArray([executable.path] + arguments)
    let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" })
    let spawned = try ChildProcessRegistry.shared.spawn { () throws -> SpawnResult in
      let stdoutPipe = try Self.makePipe(for: executable)
      let stderrPipe = try Self.makePipe(for: executable)
      posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
      posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)
      var pid: pid_t = 0
      let status = posix_spawn(
        &pid,
        executable.path,
        &actions,
        &attributes,
        argv.pointers,
        envp.pointers
      )
      close(stdoutPipe.write)
      close(stderrPipe.write)
      guard status == 0 else {
        close(stdoutPipe.read)
        close(stderrPipe.read)
        let reason = String(cString: strerror(status))
        throw ChildProcess.LaunchError(executable: executable, reason: reason)
      }
      return SpawnResult(pid: pid, stdout: stdoutPipe.read, stderr: stderrPipe.read)
    }
    let pid = spawned.pid
    self.pid = pid
    self.stdout = PipeDrain(spawned.stdout, stopAtLine: stopAtLine)
    self.stderr = PipeDrain(spawned.stderr)
    let exit = OneShotSignal<ChildExit>()
    self.exit = exit
    Thread {
      let termination = Self.waitForExit(pid)
      ChildProcessRegistry.shared.reaped(pid)
      exit.fire(termination)
    }.start()
  }

  /// Sends SIGKILL to the child's whole process group (harmless once the group is empty).
  func killGroup() {
    kill(-pid, SIGKILL)
  }

  /// Stops tracking the child's group for Ctrl-C: call once the group has been killed.
  func forget() {
    ChildProcessRegistry.shared.forgetGroup(pid)
  }

  /// A pipe whose ends close on exec, so only the dup2'd copies reach the child.
  ///
  /// Called under the registry's spawn lock, so no other spawn can inherit the ends in between.
  private static func makePipe(for executable: URL) throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      let reason = String(cString: strerror(errno))
      throw ChildProcess.LaunchError(executable: executable, reason: reason)
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
  }

  private static func waitForExit(_ pid: pid_t) -> ChildExit {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    // The WIFSIGNALED/WEXITSTATUS macros, spelled out: the low 7 bits are the signal, if any.
    let signal = status & 0x7f
    let seconds = { (time: timeval) in Duration.seconds(time.tv_sec) + .microseconds(time.tv_usec) }
    return ChildExit(
      termination: signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal),
      cpuTime: seconds(usage.ru_utime) + seconds(usage.ru_stime)
    )
  }

}

/// A NULL-terminated array of C strings that lives as long as this value.
private final class CStringArray {
  let pointers: [UnsafeMutablePointer<CChar>?]

  init(_ strings: [String]) {
    pointers = strings.map { strdup($0) } + [nil]
  }

  deinit {
    pointers.forEach { free($0) }
  }
}

/// How a child ended, and how much processor time it used (user and system) on the way.
struct ChildExit: Sendable {
  let termination: Termination
  let cpuTime: Duration
}

/// What spawning a child gives: its pid and the read ends of its output pipes.
struct SpawnResult: Sendable {
  let pid: pid_t
  let stdout: Int32
  let stderr: Int32
}

/// Reads a file descriptor to its end on a thread of its own, then closes it.
final class PipeDrain: Sendable {
  private let done = OneShotSignal<Data>()
  /// The first line `stopAtLine` returned true for (nil: fired by whoever stops waiting for one).
  let stopLine = OneShotSignal<String?>()

  init(_ fd: Int32, stopAtLine: (@Sendable (Substring) -> Bool)? = nil) {
    Thread { [done, stopLine] in
      var data = Data()
      var buffer = [UInt8](repeating: 0, count: 65536)
      var lineStart = 0  // where the line not yet given to stopAtLine begins, in data
      var watching = stopAtLine != nil
      while true {
        let count = read(fd, &buffer, buffer.count)
        if count > 0 {
          data.append(contentsOf: buffer[0..<count])
          while watching, let end = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: data[lineStart..<end], as: UTF8.self)
            lineStart = end + 1
            if stopAtLine?(line[...]) == true {
              stopLine.fire(line)
              watching = false
            }
          }
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      close(fd)
      done.fire(data)
    }.start()
  }

  func wait() async -> Data {
    await done.wait()
  }
}
