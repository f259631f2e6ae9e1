// Finding a piece of text in a long one, for the tests that read the docs and the sources.
import Foundation

extension String {
  /// Whether this text holds `part`, byte for byte in UTF-8 (neither may hold a NUL).
  ///
  /// `contains` compares characters, which over every docs page, or every source file, and a
  /// few hundred pieces takes seconds in a debug build; the C library's `strstr` takes
  /// milliseconds. The texts searched here are plain UTF-8 files, where the two agree.
  public func containsBytes(of part: String) -> Bool {
    withCString { text in part.withCString { part in strstr(text, part) != nil } }
  }
}
