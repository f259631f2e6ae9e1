// The keys watch mode takes: h (next hint), n (next exercise, after a pass), l (the list),
// r (reset, asking first), q (quit). They come from the terminal, one at a time as typed, or
// from a test.
import Foundation
import LessonSupport

/// Keys typed and not yet handled; the watcher takes them between its looks at the files.
final class KeyInput: Sendable {
  private let pending = Locked<[Character]>([])

  init() {}

  /// Adds typed keys: the terminal reader does this as they come, a test directly.
  func type(_ keys: String) {
    pending.withLock { $0 += Array(keys) }
  }

  /// The next key typed, or nil when none waits.
  func next() -> Character? {
    pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}

/// Standard input as keys, each one as it is typed.
///
/// No Return is needed and nothing is echoed. Ctrl-C still interrupts: the terminal's signal
/// keys stay on.
enum TerminalKeys {
  private static let original = Locked<termios?>(nil)

  /// Switches the terminal to one key at a time and reads it on a thread of its own; nil, doing
  /// nothing, when standard input is not a terminal.
  static func start() -> KeyInput? {
    guard isatty(STDIN_FILENO) == 1 else { return nil }
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    original.withLock { $0 = settings }
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else { return nil }
    let keys = KeyInput()
    Thread {
      var byte: UInt8 = 0
      while read(STDIN_FILENO, &byte, 1) == 1 {
        keys.type(String(decoding: [byte], as: UTF8.self))
      }
    }.start()
    return keys
  }

  /// Puts the terminal back as it was before `start()`; does nothing when it was not changed.
  static func restore() {
    guard var settings = original.withLock({ $0 }) else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }
}
