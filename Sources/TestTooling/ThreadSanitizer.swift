import Foundation

/// Whether this program was built with `--sanitize=thread`.
///
/// On Linux, `Mutex` takes a contended lock in the Synchronization library, which the sanitizer
/// does not instrument: it misses that ordering and reports a race that is not there. Racing
/// rounds under the sanitizer therefore take turns. A child program built with the sanitizer
/// also ends differently when it does something undefined: it reports a data race and exits with
/// status 66, or spins. Elsewhere `isRunning` is false.
public enum ThreadSanitizer {
  /// True in a build made with `--sanitize=thread` on Linux.
  public static let isRunning: Bool = {
    #if os(Linux)
    return dlsym(nil, "__tsan_init") != nil
    #else
    return false
    #endif
  }()
}
