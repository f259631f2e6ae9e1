import Foundation

/// The signal a Swift runtime trap raises on this machine: a failed precondition, a force
/// unwrap of nil, a continuation resumed twice.
///
/// ```swift
/// if result.termination == .signalled(RuntimeTrap.signal) { print("a runtime trap") }
/// ```
///
/// The runtime stops the program with the processor's trap instruction, so the signal depends on
/// the processor: `ud2` raises SIGILL on x86_64 (status 132 in a shell), `brk` raises SIGTRAP
/// on arm64, Linux and Apple silicon alike (status 133). Speak of "a runtime trap", not of one
/// signal, in anything a learner on another machine may read.
public enum RuntimeTrap {
  #if arch(x86_64)
  /// SIGILL, the signal of `ud2` on x86_64.
  public static let signal: Int32 = SIGILL  // x86_64
  /// "SIGILL", the name on x86_64.
  public static let signalName = "SIGILL"  // x86_64
  #elseif arch(arm64)
  /// SIGTRAP, the signal of `brk` on arm64.
  public static let signal: Int32 = SIGTRAP
  /// "SIGTRAP", the name on arm64.
  public static let signalName = "SIGTRAP"
  #else
  #error("RuntimeTrap knows x86_64 and arm64; add this processor's trap signal here.")
  #endif
}
