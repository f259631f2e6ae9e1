// Which children are running, kept where Ctrl-C can find them.
import Foundation
import LessonSupport
import Synchronization

/// The children this process started: which are not yet reaped, and the process group of each,
/// for `Interrupts` to kill.
final class ChildProcessRegistry: Sendable {
  static let shared = ChildProcessRegistry()

  private struct State {
    var unreaped: Set<pid_t> = []
    var isEnding = false
  }

  // Thread safety: the state is behind the lock. Spawning happens under it too, so pipes made
  // for one child are close-on-exec before any other child starts, and after Ctrl-C has been
  // handled no child starts at all.
  private let state = Locked(State())

  /// Installs the interrupt handling on first use, then runs `spawn` and records the child.
  ///
  /// - Throws: `Interrupts.ProcessIsEnding` after Ctrl-C; a `LaunchError` from `spawn`.
  func spawn(_ spawn: () throws -> SpawnResult) throws -> SpawnResult {
    Interrupts.install()
    return try state.withLock { state in
      guard !state.isEnding else { throw Interrupts.ProcessIsEnding() }
      guard let slot = ChildGroups.freeSlot() else { throw ChildGroups.Full() }
      let result = try spawn()
      ChildGroups.record(result.pid, in: slot)
      state.unreaped.insert(result.pid)
      ChildProcessLog.record(result.pid)
      return result
    }
  }

  /// The child has exited and `waitpid` has collected it.
  func reaped(_ pid: pid_t) {
    state.withLock { _ = $0.unreaped.remove(pid) }
  }

  /// The child's process group has been killed after its exit: Ctrl-C need not kill it again.
  func forgetGroup(_ pid: pid_t) {
    state.withLock { _ in ChildGroups.remove(pid) }
  }

  /// After Ctrl-C: start no more children, and kill every group again, in case one was started
  /// between the signal and now.
  func endAll() {
    state.withLock { state in
      state.isEnding = true
      ChildGroups.killAll()
    }
  }

  /// Whether a child has not been collected yet.
  var hasUnreapedChildren: Bool {
    state.withLock { !$0.unreaped.isEmpty }
  }
}

/// The process group of every child, in a fixed table of atomics.
///
/// A signal handler can read it without taking a lock or allocating. It is written only under
/// the registry's lock.
enum ChildGroups {
  /// More children at once than the table holds.
  struct Full: Error, CustomStringConvertible {
    var description: String { "more than \(slots.count) child processes at once" }
  }

  static func freeSlot() -> Int? {
    slots.indices.first { slots[$0].load(ordering: .sequentiallyConsistent) == 0 }
  }

  static func record(_ pid: pid_t, in slot: Int) {
    slots[slot].store(pid, ordering: .sequentiallyConsistent)
  }

  static func remove(_ pid: pid_t) {
    for index in slots.indices {
      _ = slots[index].compareExchange(expected: pid, desired: 0, ordering: .sequentiallyConsistent)
    }
  }

  /// Sends SIGKILL to every group in the table.
  ///
  /// Safe in a signal handler: atomic loads and `kill`, nothing else.
  static func killAll() {
    for index in slots.indices {
      let group = slots[index].load(ordering: .sequentiallyConsistent)
      if group > 0 { kill(-group, SIGKILL) }
    }
  }
}

/// Each child's process group id (its pid, as it leads its own group), or 0 for a free slot.
private let slots = InlineArray<64, Atomic<pid_t>> { _ in Atomic(0) }

/// For tests that must know which process to watch or signal: with `TUTORIAL_CHILD_LOG=PATH` in
/// the environment, each child started appends the line "PARENT_PID started CHILD_PID" to PATH,
/// a file or a FIFO (a FIFO that nobody is reading is skipped, so it never blocks).
enum ChildProcessLog {
  private static let path = ProcessInfo.processInfo.environment["TUTORIAL_CHILD_LOG"]

  static func record(_ child: pid_t) {
    guard let path else { return }
    let fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return }
    let line = Array("\(getpid()) started \(child)\n".utf8)
    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }
}
