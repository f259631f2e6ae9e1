// Ctrl-C and SIGTERM in a program that starts child processes.
import Foundation
import LessonSupport
import Synchronization

/// What Ctrl-C (SIGINT) and SIGTERM do once a program has started a child: kill every child's
/// process group, give them a moment to be collected, print the program's last words if it set
/// any, then end the program by the same signal, so a shell shows status 130 (SIGINT) or 143
/// (SIGTERM), and a shell script running it stops too.
///
/// Each child runs in a process group of its own, so that a timeout can kill all it started; that
/// is also why the terminal's Ctrl-C never reaches a child, and why this is needed at all.
///
/// The signal handler only does what is safe inside one: it stores and loads atomics, calls
/// `kill` and writes one byte to a pipe. A thread of its own wakes on that byte and does the rest.
package enum Interrupts {
  /// Thrown instead of starting a child once Ctrl-C has been handled.
  package struct ProcessIsEnding: Error {}

  /// Installs the handlers for SIGINT and SIGTERM (once; later calls do nothing).
  package static func install() {
    _ = installation
  }

  /// Whether SIGINT or SIGTERM has arrived: this process is ending.
  package static var hasBeenInterrupted: Bool {
    receivedSignal.load(ordering: .sequentiallyConsistent) != 0
  }

  /// Sets the line printed on standard error just before this process ends by the signal.
  ///
  /// - Parameter words: called on the interrupt thread; returns the line, such as
  ///   "Grade: interrupted while grading 1.3".
  package static func setLastWords(_ words: @escaping @Sendable () -> String) {
    lastWords.withLock { $0 = words }
  }

  /// Suspends the caller until the interrupt thread ends the process: after Ctrl-C, whatever a
  /// child did on the way out is not a result, so nothing should report it.
  package static func waitForTheEnd() async -> Never {
    while true {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        parked.withLock { $0.append(continuation) }  // never resumed: the process ends first
      }
    }
  }

  private static let lastWords = Locked<(@Sendable () -> String)?>(nil)
  private static let parked = Locked<[CheckedContinuation<Void, Never>]>([])

  private static let installation: Void = {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }  // no pipe, no handler: Ctrl-C keeps its default
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    wakeUpFD.store(fds[1], ordering: .sequentiallyConsistent)
    let readEnd = fds[0]
    Thread { finishAfterSignal(readingFrom: readEnd) }.start()
    signal(SIGINT, forwardSignalToChildren)
    signal(SIGTERM, forwardSignalToChildren)
  }()

  /// The interrupt thread: waits for the handler's byte, then ends the process.
  private static func finishAfterSignal(readingFrom fd: Int32) {
    // Threads inherit the signal mask of the thread that started them, and the concurrency
    // runtime's threads block signals; this thread must be able to receive them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)

    var byte: UInt8 = 0
    while read(fd, &byte, 1) != 1 {}
    let signalNumber = receivedSignal.load(ordering: .sequentiallyConsistent)

    ChildProcessRegistry.shared.endAll()
    for _ in 0..<100 where ChildProcessRegistry.shared.hasUnreapedChildren {
      usleep(10_000)  // up to a second for the killed children to be collected
    }
    if let words = lastWords.withLock({ $0 })?() {
      FileHandle.standardError.write(Data((words + "\n").utf8))
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)  // unblocked on this thread: the process ends here, by the signal
    _exit(128 + signalNumber)
  }
}

/// The first signal that arrived, or 0.
private let receivedSignal = Atomic<Int32>(0)
/// The pipe end the handler writes to, to wake the interrupt thread.
private let wakeUpFD = Atomic<Int32>(-1)

/// The handler for SIGINT and SIGTERM.
///
/// Only async-signal-safe work: atomics, `kill` and `write`; errno is left as it was found.
private func forwardSignalToChildren(_ signalNumber: Int32) {
  let savedErrno = errno
  _ = receivedSignal.compareExchange(
    expected: 0,
    desired: signalNumber,
    ordering: .sequentiallyConsistent
  )
  ChildGroups.killAll()
  var byte: UInt8 = 1
  _ = write(wakeUpFD.load(ordering: .sequentiallyConsistent), &byte, 1)
  errno = savedErrno
}
