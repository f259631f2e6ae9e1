// Chapter-wide: how every section prints a list of values.

/// The values joined with ", ", as the console shows a list: `[0, 3]` prints as "0, 3".
func commaSeparated(_ values: [some CustomStringConvertible]) -> String {
  values.map(\.description).joined(separator: ", ")
}
