// Strings a reader takes for one another, which Swift's `==` tells apart: generated codes and
// pages of the graded runs, so that an answer that folds them together shows it.

/// Groups of strings made from `word` ("A", "/about") that a reader, or a shortcut, takes for
/// one another, each of which `==` tells apart from the others unless they are spelled apart only
/// (the last group).
///
/// An invisible scalar in the word (a zero-width space, a word joiner, a byte order mark, a soft
/// hyphen, a zero-width joiner), another space (thin, ideographic) or its percent-encoding, a
/// number with a leading zero or percent-encoded, long ones that part only after 2,049 or 10,000
/// scalars, a dash or a dot more or less; and "é" in one scalar or two, then the word: equal by
/// `==`, though their first scalars differ.
func lookalikeGroups(of word: String) -> [[String]] {
  let long = String(repeating: "x", count: 2_049)
  let longer = String(repeating: "x", count: 10_000)
  return [
    [word, word + "\u{200B}", "\u{200B}" + word],
    [word + "\u{2060}", word + "\u{FEFF}"],
    [word + "\u{AD}", word + "\u{200D}"],
    [word + " x", word + "\u{2009}x", word + "\u{3000}x", word + "%20x"],
    [word + "7", word + "07", word + "%37"],
    [word + long + "1", word + long + "2"],
    [word + longer + "1", word + longer + "2", word + longer],
    [word + "-1", word + "1", word + "_1", word + " 1"],
    [word + ".", word + "..", word + "x."],
    ["\u{E9}" + word, "e\u{301}" + word],
  ]
}

/// Pieces a shortcut that tidies strings up trips over: separators, dots, escapes, spaces, percent
/// signs and digits, query and fragment marks, case, "é" spelled two ways.
private let trickyPieces = [
  "/", "/", ".", "\\", " ", "%", "2", "0", "F", "?", "#", "=", "&", ":", "~", "-", "_", "a", "A",
  "\u{E9}", "e\u{301}", "\t", "+", "@",
]

/// Two to four strings, each an edit away from the first: a piece left out, doubled, put in or
/// swapped for another.
///
/// A shortcut that maps strings to a tidier form ("//" to "/", "%20" to " ", "./" to nothing)
/// folds some of them together, though `==` tells them apart; "é" and "e" with a combining accent
/// are equal by `==` however they are spelled.
func nearbyStrings(_ numbers: inout SeededNumbers) -> [String] {
  let pieces = (0..<Int.random(in: 1...8, using: &numbers)).map { _ in
    numbers.pick(trickyPieces)
  }
  var group = [pieces.joined()]
  for _ in 0..<Int.random(in: 1...3, using: &numbers) {
    var changed = pieces
    let at = Int.random(in: 0..<changed.count, using: &numbers)
    switch Int.random(in: 0..<4, using: &numbers) {
    case 0: changed.remove(at: at)
    case 1: changed.insert(changed[at], at: at)
    case 2: changed[at] = numbers.pick(trickyPieces)
    default: changed.insert(numbers.pick(trickyPieces), at: at)
    }
    group.append(changed.joined())
  }
  return group
}

/// Pieces a shortcut that tidies paths, URLs or codes up removes, doubles or resolves.
let tidiedPieces = [
  "/", "/..", "/.", "./", "\\", " ", "%20", "%2F", "?q=1", "#top", "http://x", "https://x", "-",
  ".", "_", "~", "\t", "\r", "\r\n", "index.html", "a", "0",
]

/// The strings `before`, `piece` and `after` make, each of which `==` tells from the others.
///
/// With the piece, without it, with it doubled, and the parts alone ("/a/../b", "/a/b",
/// "/a/../../b", "/../b", "/b", "/a/..", "/a", "/.."). A shortcut that tidies one into another
/// (resolves "..", collapses "//", strips a scheme or a query) folds two of them together.
func tidiedStrings(around piece: String, between before: String, and after: String) -> [String] {
  let all = [
    before + piece + after, before + after, before + piece + piece + after, piece + after, after,
    before + piece, before, piece,
  ]
  return all.enumerated().filter { index, string in !all.prefix(index).contains(string) }
    .map(\.element)
}

/// Long strings after `word` that a shortcut takes for one another, each pair with how a message
/// spells it: two that part only in the middle (600 scalars either side), and 512 "é" in one
/// scalar against 512 in two, which `==` calls equal though their bytes differ.
func longLookalikePairs(after word: String) -> [(first: String, second: String, spelled: String)] {
  let side = String(repeating: "x", count: 600)
  let start = word.isEmpty ? "" : "\"\(word)\", "
  return [
    (
      word + side + "a" + side, word + side + "b" + side,
      "\(start)600 \"x\", \"a\", 600 \"x\", and with \"b\""
    ),
    (
      word + String(repeating: "\u{E9}", count: 512),
      word + String(repeating: "e\u{301}", count: 512),
      "\(start)512 \"\\u{e9}\", and \(start)512 \"e\\u{301}\" (equal by ==)"
    ),
  ]
}
