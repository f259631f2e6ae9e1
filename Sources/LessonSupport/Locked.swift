import Foundation

/// A value guarded by a lock: every read and write goes through `withLock`.
///
/// ```swift
/// let lines = Locked<[String]>([])
/// lines.withLock { $0.append("hello") }
/// let count = lines.withLock { $0.count }
/// ```
///
/// The support library uses this instead of `Synchronization.Mutex` because on Linux the
/// thread sanitizer cannot see inside `Mutex` (it is built on raw futex calls) and reports false
/// races; `NSLock` is built on `pthread_mutex`, which the sanitizer understands. Lesson code may
/// use `Mutex` or `Atomic` freely; see docs/Chapter01-Continuations.md.
///
/// Do: decide under the lock, act after it. Not: resume continuations, print or call unknown
/// code inside `withLock`.
public final class Locked<State: Sendable>: @unchecked Sendable {
  // Safety: `state` is read and written only inside `withLock`, while `lock` is held, so no two
  // threads touch it at once; `State` is Sendable, so values handed out are safe to share.
  private var state: State
  private let lock = NSLock()

  /// Creates a lock guarding `state`.
  public init(_ state: State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state and returns its result.
  ///
  /// - Parameter body: reads or changes the state; must not block or call out.
  /// - Returns: what `body` returns.
  public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
