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
