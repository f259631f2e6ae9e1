// Where an answer's `Mutex` holds its lock: the lines of the closures it passes to `withLock`.
//
// On Linux the thread sanitizer does not see how a `Mutex` (Synchronization) orders two threads
// that contend for it: their accesses inside the locked closures are reported as a race that is
// not one (a small program of four threads counting under one `Mutex` shows it every run). The
// grader leaves out a reported race whose accesses are all on such lines.

enum MutexGuardedLines {
  /// The numbers (from 1) of the lines inside the closures passed to `withLock` of the `Mutex`
  /// properties and variables `source` declares (`let name = Mutex(...)`, or `: Mutex<...>`);
  /// none in a file with no `Mutex` (the sanitizer sees `NSLock` and atomics).
  static func lines(in source: String) -> Set<Int> {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      // What follows `//` is a comment; the braces in a string literal are rare enough here.
      line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }
    var names = Set<Substring>()
    for line in lines {
      let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
      // "let state = Mutex(", "private let state: Mutex<State>", "var x = Mutex<Int>(0)"
      guard let declared = words.firstIndex(where: { $0 == "let" || $0 == "var" }),
        declared + 2 < words.count, words[(declared + 2)...].first == "Mutex"
      else { continue }
      names.insert(words[declared + 1])
    }
    var guarded = Set<Int>()
    for (index, line) in lines.enumerated() {
      // "state.withLock", "self.state.withLock": the closure of one of those Mutexes.
      guard
        let call = names.lazy.compactMap({ line.range(of: "\($0).withLock") }).first
      else { continue }
      var depth = 0
      var opened = false
      scan: for (offset, text) in lines[index...].enumerated() {
        let characters = offset == 0 ? text[call.upperBound...] : text[...]
        for character in characters {
          if character == "{" {
            depth += 1
            opened = true
          } else if character == "}" {
            depth -= 1
          }
          if opened, depth == 0 {
            guarded.formUnion((index + 1)...(index + offset + 1))
            break scan
          }
        }
        if !opened, offset > 0 { break }  // `withLock` named, not called with a closure here
      }
    }
    return guarded
  }
}
