// Strings a reader takes for one another, which Swift's `==` tells apart: generated codes and
// pages of the graded runs, so that an answer that folds them together shows it.

/// Groups of strings made from `word` ("A", "/about") that look alike or mean the same to a
/// reader, though `==` tells each from the others: an invisible scalar in the word (a zero-width
/// space, a word joiner, a byte order mark, a soft hyphen, a zero-width joiner), another space
/// (thin, ideographic) or its percent-encoding, a number with a leading zero or percent-encoded,
/// and long ones that part only after 2,049 or 10,000 scalars.
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
  ]
}
